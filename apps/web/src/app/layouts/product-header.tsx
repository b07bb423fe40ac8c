import { DownOutlined } from '@ant-design/icons';
import {
  LAB_PLATFORMS,
  type LabPlatformKey,
  labTarget,
  PRODUCT_TABS,
  productTabOf,
  productTabTarget,
} from '@uplus/shared';
import { Dropdown, type MenuProps } from 'antd';
import { useLocation } from 'react-router';
import { Brand } from '../../components/brand';
import { LabIcon } from '../../components/lab-icon';
import { UserArea } from '../../features/user-menu/user-area';
import { NavAnchor, useGo } from '../navigation';
import { type SiteConfig, useSiteConfig } from '../site-store';
import './header.css';

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
    <Dropdown
      menu={{ items, onClick: ({ key }) => go(labTarget(key as LabPlatformKey, config)) }}
      trigger={['hover', 'click']}
      autoFocus
    >
      <button
        type="button"
        className={`site-header__tab${active ? ' is-active' : ''}`}
        aria-haspopup="menu"
        aria-current={active ? 'page' : undefined}
      >
        平台实验室
        <DownOutlined className="site-header__tab-caret" aria-hidden />
      </button>
    </Dropdown>
  );
}

/** Product header (spec 001 section 2.4): tabs selected by path prefix, labs dropdown, AI应用. */
export function ProductHeader({ dark }: { dark?: boolean }) {
  const config = useSiteConfig();
  const { pathname } = useLocation();
  const active = productTabOf(pathname);
  return (
    <header className={`site-header${dark ? ' is-dark' : ''}`} data-testid="header-product">
      <div className="site-header__inner">
        <Brand name={siteName(config)} logo={config.LOGO} />
        <nav className="site-header__nav" aria-label="主导航">
          <ul className="site-header__tabs">
            {PRODUCT_TABS.map((tab) => {
              const target = productTabTarget(tab.key, config);
              return (
                <li key={tab.key}>
                  {target ? (
                    <NavAnchor
                      target={target}
                      current={active === tab.key}
                      className={`site-header__tab${active === tab.key ? ' is-active' : ''}${tab.key === 'ai' ? ' site-header__ai' : ''}`}
                    >
                      {tab.title}
                    </NavAnchor>
                  ) : (
                    <LabsDropdown active={active === tab.key} />
                  )}
                </li>
              );
            })}
          </ul>
        </nav>
        <UserArea dark={dark} />
      </div>
    </header>
  );
}
