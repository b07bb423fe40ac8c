import { DownOutlined } from '@ant-design/icons';
import type { NavTarget } from '@uplus/shared';
import { Dropdown, type MenuProps } from 'antd';
import type { ReactNode } from 'react';
import { Brand } from '../../components/brand';
import { UserArea } from '../../features/user-menu/user-area';
import { NavAnchor } from '../navigation';
import './header.css';

/*
 * What the product, school and area headers have in common: the frame (brand, tab list, user area) and
 * the two kinds of tab, one that navigates and one that opens a menu.
 */

type SiteHeaderProps = {
  /** `header-{kind}` is the test id */
  kind: 'product' | 'school' | 'area';
  dark?: boolean;
  name: string;
  logo?: string;
  /** the accessible name of the tab list */
  navLabel: string;
  /** the tabs, each a `<li>` */
  children: ReactNode;
};

/** A site header: brand on the left, the tabs, the user area on the right. */
export function SiteHeader({ kind, dark, name, logo, navLabel, children }: SiteHeaderProps) {
  return (
    <header className={`site-header${dark ? ' is-dark' : ''}`} data-testid={`header-${kind}`}>
      <div className="site-header__inner">
        <Brand name={name} logo={logo} />
        <nav className="site-header__nav" aria-label={navLabel}>
          <ul className="site-header__tabs">{children}</ul>
        </nav>
        <UserArea dark={dark} />
      </div>
    </header>
  );
}

const tabClass = (active: boolean) => `site-header__tab${active ? ' is-active' : ''}`;

/** A tab that goes to its target; the active one is marked as the current page. */
export function NavTab({
  target,
  active,
  className,
  children,
}: {
  target: NavTarget;
  active: boolean;
  /** a class besides the tab's own */
  className?: string;
  children: ReactNode;
}) {
  return (
    <NavAnchor
      target={target}
      current={active}
      className={className ? `${tabClass(active)} ${className}` : tabClass(active)}
    >
      {children}
    </NavAnchor>
  );
}

/** A tab that opens a menu on hover or click. */
export function MenuTab({ label, active, menu }: { label: ReactNode; active: boolean; menu: MenuProps }) {
  return (
    <Dropdown trigger={['hover', 'click']} autoFocus menu={menu}>
      <button
        type="button"
        className={tabClass(active)}
        aria-haspopup="menu"
        aria-current={active ? 'page' : undefined}
      >
        {label}
        <DownOutlined className="site-header__tab-caret" aria-hidden />
      </button>
    </Dropdown>
  );
}
