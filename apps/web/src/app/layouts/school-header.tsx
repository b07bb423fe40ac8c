import { parseSchoolNavigation, type SchoolNavItem, schoolNavLink, selectedNavKey } from '@uplus/shared';
import { Tooltip } from 'antd';
import { useMemo } from 'react';
import { useLocation } from 'react-router';
import { browser } from '../../lib/browser';
import { useSite } from '../site-store';
import { NavTab, SiteHeader } from './header-parts';

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
    <SiteHeader kind="school" dark={dark} name={name} logo={logo} navLabel="学校导航">
      {links.map((link) => (
        <li key={link.key}>
          {link.underConstruction ? (
            <Tooltip title="建设中">
              <button type="button" className="site-header__tab is-pending" aria-disabled="true">
                {link.label}
              </button>
            </Tooltip>
          ) : (
            <NavTab target={link} active={activeKey === link.key}>
              {link.label}
            </NavTab>
          )}
        </li>
      ))}
    </SiteHeader>
  );
}
