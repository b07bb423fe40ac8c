import { useMemo } from 'react';
import { useLocation } from 'react-router';
import { LabIcon } from '../../components/lab-icon';
import { HeaderSearch } from '../../features/portal-content/search/header-search';
import {
  LAB_PLATFORMS,
  type LabPlatformKey,
  labTarget,
  PRODUCT_TABS,
  productTabOf,
  productTabTarget,
} from '../../lib/routes';
import { type SiteConfig, useSiteConfig } from '../../lib/site-store';
import { type HeaderMenuItem, type HeaderTab, SiteHeader } from './header-parts';

export const siteName = (config: SiteConfig) => config.TITLE || config.name || '优加教育平台';

/** The nine platform laboratories, each with its icon and a line about it. */
function labItems(config: SiteConfig): HeaderMenuItem[] {
  return LAB_PLATFORMS.map((lab) => ({
    key: lab.key,
    target: labTarget(lab.key as LabPlatformKey, config),
    label: (
      <span className="lab-menu-item">
        <span className="lab-menu-item__icon">
          <LabIcon platform={lab.key} />
        </span>
        <span className="lab-menu-item__text">
          <span>{lab.title}</span>
          <span className="lab-menu-item__desc">{lab.description}</span>
        </span>
      </span>
    ),
  }));
}

/**
 * Product header (spec 001 section 2.4): tabs selected by path prefix, labs dropdown, AI应用, and the search
 * box of issue 15 (/search?q=).
 */
export function ProductHeader({ dark }: { dark?: boolean }) {
  const config = useSiteConfig();
  const { pathname } = useLocation();
  const active = productTabOf(pathname);
  const tabs = useMemo(
    () =>
      PRODUCT_TABS.map((tab): HeaderTab => {
        const target = productTabTarget(tab.key, config);
        return target
          ? {
              kind: 'link',
              key: tab.key,
              label: tab.title,
              target,
              active: active === tab.key,
              accent: tab.key === 'ai',
            }
          : {
              kind: 'menu',
              key: tab.key,
              label: tab.title,
              active: active === tab.key,
              items: labItems(config),
            };
      }),
    [config, active],
  );
  return (
    <SiteHeader
      kind="product"
      dark={dark}
      name={siteName(config)}
      logo={config.LOGO}
      navLabel="主导航"
      tabs={tabs}
      actions={<HeaderSearch />}
    />
  );
}
