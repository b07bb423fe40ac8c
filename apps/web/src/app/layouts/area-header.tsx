import {
  AREA_IC_RESEARCH_MENU,
  areaMenuEntries,
  type NavTarget,
  selectedNavKey,
  showsResearchMenu,
} from '@uplus/shared';
import { useMemo } from 'react';
import { useLocation } from 'react-router';
import { useGo } from '../navigation';
import { useSite } from '../site-store';
import { MenuTab, NavTab, SiteHeader } from './header-parts';

type DropdownTabProps = {
  label: string;
  active: boolean;
  items: { key: string; label: string; target: NavTarget }[];
};

/** A tab whose menu items go to their targets. */
function DropdownTab({ label, active, items }: DropdownTabProps) {
  const go = useGo();
  return (
    <MenuTab
      label={label}
      active={active}
      menu={{
        items: items.map((item) => ({ key: item.key, label: item.label })),
        onClick: ({ key }) => {
          const item = items.find((i) => i.key === key);
          if (item) go(item.target);
        },
      }}
    />
  );
}

/**
 * Area header (spec 001 section 2.6): 首页, 云端实验, 产业项目, 职业发展课, 实习生计划, 求职, then the menu
 * items configured in homepageConfig (linkMultiple as a dropdown of links). Area-ic adds 科研服务.
 */
export function AreaHeader({ dark }: { dark?: boolean }) {
  const { config, area, areaMenus } = useSite();
  const { pathname } = useLocation();
  const entries = useMemo(() => areaMenuEntries(areaMenus), [areaMenus]);
  const links = entries.flatMap((e) => (e.kind === 'link' ? [e] : []));
  const research = showsResearchMenu(config.CODE);
  const researchActive = AREA_IC_RESEARCH_MENU.items.some((i) => pathname.startsWith(i.to));
  const activeKey = researchActive ? null : selectedNavKey(pathname, links);
  const name = area?.browserTabTitle || config.TITLE || config.name || '区域门户';

  return (
    <SiteHeader
      kind="area"
      dark={dark}
      name={name}
      logo={area?.domainLogo || config.LOGO}
      navLabel="区域导航"
    >
      {entries.map((entry) => (
        <li key={entry.key}>
          {entry.kind === 'link' ? (
            <NavTab target={entry} active={activeKey === entry.key}>
              {entry.label}
            </NavTab>
          ) : (
            <DropdownTab
              label={entry.label}
              active={false}
              items={entry.items.map((item) => ({ key: item.key, label: item.label, target: item }))}
            />
          )}
        </li>
      ))}
      {research && (
        <li>
          <DropdownTab
            label={AREA_IC_RESEARCH_MENU.title}
            active={researchActive}
            items={AREA_IC_RESEARCH_MENU.items.map((item) => ({
              key: item.key,
              label: item.title,
              target: { to: item.to, external: false, newTab: false },
            }))}
          />
        </li>
      )}
    </SiteHeader>
  );
}
