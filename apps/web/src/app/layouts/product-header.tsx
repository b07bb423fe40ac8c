import {
  LAB_PLATFORMS,
  type LabPlatformKey,
  labTarget,
  PRODUCT_TABS,
  productTabOf,
  productTabTarget,
} from '@uplus/shared';
import type { MenuProps } from 'antd';
import { useLocation } from 'react-router';
import { LabIcon } from '../../components/lab-icon';
import { useGo } from '../navigation';
import { type SiteConfig, useSiteConfig } from '../site-store';
import { MenuTab, NavTab, SiteHeader } from './header-parts';

export const siteName = (config: SiteConfig) => config.TITLE || config.name || '优加教育平台';

function LabsDropdown({ active }: { active: boolean }) {
  const config = useSiteConfig();
  const go = useGo();
  const items: MenuProps['items'] = LAB_PLATFORMS.map((lab) => ({
    key: lab.key,
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
  return (
    <MenuTab
      label="平台实验室"
      active={active}
      menu={{ items, onClick: ({ key }) => go(labTarget(key as LabPlatformKey, config)) }}
    />
  );
}

/** Product header (spec 001 section 2.4): tabs selected by path prefix, labs dropdown, AI应用. */
export function ProductHeader({ dark }: { dark?: boolean }) {
  const config = useSiteConfig();
  const { pathname } = useLocation();
  const active = productTabOf(pathname);
  return (
    <SiteHeader kind="product" dark={dark} name={siteName(config)} logo={config.LOGO} navLabel="主导航">
      {PRODUCT_TABS.map((tab) => {
        const target = productTabTarget(tab.key, config);
        return (
          <li key={tab.key}>
            {target ? (
              <NavTab
                target={target}
                active={active === tab.key}
                className={tab.key === 'ai' ? 'site-header__ai' : undefined}
              >
                {tab.title}
              </NavTab>
            ) : (
              <LabsDropdown active={active === tab.key} />
            )}
          </li>
        );
      })}
    </SiteHeader>
  );
}
