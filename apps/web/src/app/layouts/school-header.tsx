import { parseSchoolNavigation, type SchoolNavItem } from '@uplus/shared';
import { useMemo } from 'react';
import { useLocation } from 'react-router';
import { browser } from '../../lib/browser';
import { schoolNavLink, selectedNavKey } from '../../lib/routes';
import { useSite } from '../../lib/site-store';
import { type HeaderTab, SiteHeader } from './header-parts';

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

  const tabs = useMemo(
    () =>
      links.map(
        (link): HeaderTab =>
          link.underConstruction
            ? { kind: 'pending', key: link.key, label: link.label, note: '建设中' }
            : {
                kind: 'link',
                key: link.key,
                label: link.label,
                target: link,
                active: activeKey === link.key,
              },
      ),
    [links, activeKey],
  );

  return <SiteHeader kind="school" dark={dark} name={name} logo={logo} navLabel="学校导航" tabs={tabs} />;
}
