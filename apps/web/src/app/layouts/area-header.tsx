import { useMemo } from 'react';
import { useLocation } from 'react-router';
import { AREA_IC_RESEARCH_MENU, areaMenuEntries, selectedNavKey, showsResearchMenu } from '../../lib/routes';
import { useSite } from '../../lib/site-store';
import { type HeaderTab, SiteHeader } from './header-parts';

/**
 * Area header (spec 001 section 2.6): 首页, 云端实验, 产业项目, 职业发展课, 实习生计划, 求职, then the menu
 * items configured in homepageConfig (linkMultiple as a dropdown of links). Area-ic adds 科研服务.
 */
export function AreaHeader({ dark }: { dark?: boolean }) {
  const { config, area, areaMenus } = useSite();
  const { pathname } = useLocation();
  const entries = useMemo(() => areaMenuEntries(areaMenus), [areaMenus]);
  const research = showsResearchMenu(config.CODE);
  const researchActive = AREA_IC_RESEARCH_MENU.items.some((i) => pathname.startsWith(i.to));
  const tabs = useMemo(() => {
    const links = entries.flatMap((e) => (e.kind === 'link' ? [e] : []));
    const activeKey = researchActive ? null : selectedNavKey(pathname, links);
    const list = entries.map(
      (entry): HeaderTab =>
        entry.kind === 'link'
          ? {
              kind: 'link',
              key: entry.key,
              label: entry.label,
              target: entry,
              active: activeKey === entry.key,
            }
          : {
              kind: 'menu',
              key: entry.key,
              label: entry.label,
              active: false,
              items: entry.items.map((item) => ({ key: item.key, label: item.label, target: item })),
            },
    );
    if (research)
      list.push({
        kind: 'menu',
        key: 'research',
        label: AREA_IC_RESEARCH_MENU.title,
        active: researchActive,
        items: AREA_IC_RESEARCH_MENU.items.map((item) => ({
          key: item.key,
          label: item.title,
          target: { to: item.to, external: false, newTab: false },
        })),
      });
    return list;
  }, [entries, pathname, research, researchActive]);
  const name = area?.browserTabTitle || config.TITLE || config.name || '区域门户';

  return (
    <SiteHeader
      kind="area"
      dark={dark}
      name={name}
      logo={area?.domainLogo || config.LOGO}
      navLabel="区域导航"
      tabs={tabs}
    />
  );
}
