import { parseSchoolNavigation, type SchoolNavItem, schoolNavLink, selectedNavKey } from '@uplus/shared';
import { Tooltip } from 'antd';
import { useMemo } from 'react';
import { useLocation } from 'react-router';
import { Brand } from '../../components/brand';
import { UserArea } from '../../features/user-menu/user-area';
import { browser } from '../../lib/browser';
import { NavAnchor } from '../navigation';
import { useSite } from '../site-store';
import './header.css';

const HOME_ONLY: SchoolNavItem[] = [{ type: 'HOME_PAGE', name: '首页', showName: '首页' }];

/**
 * School header (spec 001 section 2.7): tabs from SCHOOL_PAGE_NAVIGATION, each type mapped to a route
 * (unknown types to home). On the 4150014726-C002 site the competition, intern programme and job tabs
 * show 建设中 instead of navigating.
 */
export function SchoolHeader({ dark }: { dark?: boolean }) {
  const { config, school } = useSite();
  const { pathname } = useLocation();
  const links = useMemo(() => {
    const items = parseSchoolNavigation(config.SCHOOL_PAGE_NAVIGATION);
    return (items.length ? items : HOME_ONLY).map((item, index) =>
      schoolNavLink(item, index, config, browser.hostname()),
    );
  }, [config]);
  const activeKey = selectedNavKey(pathname, links);
  const name = school?.name || config.name || '学校门户';
  const logo = config.CUSTOMPAGE_LOGO || school?.logo || config.LOGO;

  return (
    <header className={`site-header${dark ? ' is-dark' : ''}`} data-testid="header-school">
      <div className="site-header__inner">
        <Brand name={name} logo={logo} />
        <nav className="site-header__nav" aria-label="学校导航">
          <ul className="site-header__tabs">
            {links.map((link) => (
              <li key={link.key}>
                {link.underConstruction ? (
                  <Tooltip title="建设中">
                    <button type="button" className="site-header__tab is-pending" aria-disabled="true">
                      {link.label}
                    </button>
                  </Tooltip>
                ) : (
                  <NavAnchor
                    target={link}
                    current={activeKey === link.key}
                    className={`site-header__tab${activeKey === link.key ? ' is-active' : ''}`}
                  >
                    {link.label}
                  </NavAnchor>
                )}
              </li>
            ))}
          </ul>
        </nav>
        <UserArea dark={dark} />
      </div>
    </header>
  );
}
