import { DownOutlined } from '@ant-design/icons';
import {
  AREA_IC_RESEARCH_MENU,
  areaMenuEntries,
  type NavTarget,
  selectedNavKey,
  showsResearchMenu,
} from '@uplus/shared';
import { Dropdown } from 'antd';
import { useMemo } from 'react';
import { useLocation } from 'react-router';
import { Brand } from '../../components/brand';
import { UserArea } from '../../features/user-menu/user-area';
import { NavAnchor, useGo } from '../navigation';
import { useSite } from '../site-store';
import './header.css';

type DropdownTabProps = {
  label: string;
  active: boolean;
  items: { key: string; label: string; target: NavTarget }[];
};

function DropdownTab({ label, active, items }: DropdownTabProps) {
  const go = useGo();
  return (
    <Dropdown
      trigger={['hover', 'click']}
      autoFocus
      menu={{
        items: items.map((item) => ({ key: item.key, label: item.label })),
        onClick: ({ key }) => {
          const item = items.find((i) => i.key === key);
          if (item) go(item.target);
        },
      }}
    >
      <button
        type="button"
        className={`site-header__tab${active ? ' is-active' : ''}`}
        aria-haspopup="menu"
        aria-current={active ? 'page' : undefined}
      >
        {label}
        <DownOutlined className="site-header__tab-caret" aria-hidden />
      </button>
    </Dropdown>
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
    <header className={`site-header${dark ? ' is-dark' : ''}`} data-testid="header-area">
      <div className="site-header__inner">
        <Brand name={name} logo={area?.domainLogo || config.LOGO} />
        <nav className="site-header__nav" aria-label="区域导航">
          <ul className="site-header__tabs">
            {entries.map((entry) => (
              <li key={entry.key}>
                {entry.kind === 'link' ? (
                  <NavAnchor
                    target={entry}
                    current={activeKey === entry.key}
                    className={`site-header__tab${activeKey === entry.key ? ' is-active' : ''}`}
                  >
                    {entry.label}
                  </NavAnchor>
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
          </ul>
        </nav>
        <UserArea dark={dark} />
      </div>
    </header>
  );
}
