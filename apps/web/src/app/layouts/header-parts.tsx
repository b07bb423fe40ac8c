import { DownOutlined } from '@ant-design/icons';
import type { MenuProps } from 'antd';
import { type ReactNode, useCallback, useLayoutEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { Brand } from '../../components/brand';
import { Dropdown, Tooltip } from '../../components/lazy-antd';
import { NavAnchor, useGo } from '../../features/site/navigation';
import { UserArea } from '../../features/users/user-area';
import type { NavTarget } from '../../lib/routes';
import { useHoverClickOpen } from '../../lib/use-hover-click-open';
import './header.css';

/*
 * What the product, school and area headers have in common: the frame (brand, tab list, user area), the
 * three kinds of tab (one that navigates, one that opens a menu, one still under construction), and the
 * 更多 menu that takes the tabs the row has no room for, so no tab ever slides under the buttons.
 */

/** An entry of a tab's menu. */
export type HeaderMenuItem = { key: string; label: ReactNode; target: NavTarget };

/** One header tab, described rather than rendered, so that the row can move it into 更多. */
export type HeaderTab =
  | { kind: 'link'; key: string; label: string; target: NavTarget; active: boolean; accent?: boolean }
  | { kind: 'menu'; key: string; label: string; active: boolean; items: HeaderMenuItem[] }
  | { kind: 'pending'; key: string; label: string; note: string };

type SiteHeaderProps = {
  /** `header-{kind}` is the test id */
  kind: 'product' | 'school' | 'area';
  dark?: boolean;
  name: string;
  logo?: string;
  /** the accessible name of the tab list */
  navLabel: string;
  tabs: HeaderTab[];
  /** shown between the tabs and the user area (the product header's search box) */
  actions?: ReactNode;
};

/** A site header: brand on the left, the tabs (the overflow in 更多), the user area on the right. */
export function SiteHeader({ kind, dark, name, logo, navLabel, tabs, actions }: SiteHeaderProps) {
  const { navRef, shown } = useFittingCount(tabs);
  const hidden = tabs.slice(shown);
  return (
    <header className={`site-header${dark ? ' is-dark' : ''}`} data-testid={`header-${kind}`}>
      <div className="site-header__inner">
        <Brand name={name} logo={logo} />
        <nav className="site-header__nav" aria-label={navLabel} ref={navRef}>
          <ul className="site-header__tabs">
            {tabs.map((tab, index) => (
              <TabItem key={tab.key} tab={tab} overflowed={index >= shown} />
            ))}
            <li
              className={`site-header__more${hidden.length ? '' : ' is-overflowed'}`}
              aria-hidden={hidden.length ? undefined : true}
              inert={!hidden.length}
              data-testid="header-more"
            >
              <MoreTab tabs={hidden} />
            </li>
          </ul>
        </nav>
        {actions}
        <UserArea dark={dark} />
      </div>
    </header>
  );
}

/** The `<li>` of a tab; an overflowed one stays in the row invisibly (so it can be measured) but inert. */
function TabItem({ tab, overflowed }: { tab: HeaderTab; overflowed: boolean }) {
  return (
    <li
      className={overflowed ? 'site-header__item is-overflowed' : 'site-header__item'}
      aria-hidden={overflowed || undefined}
      inert={overflowed}
    >
      {tab.kind === 'link' ? (
        <NavTab
          target={tab.target}
          active={tab.active}
          className={tab.accent ? 'site-header__ai' : undefined}
        >
          {tab.label}
        </NavTab>
      ) : tab.kind === 'menu' ? (
        <MenuTab label={tab.label} active={tab.active} items={tab.items} />
      ) : (
        <Tooltip title={tab.note}>
          <button type="button" className="site-header__tab is-pending" aria-disabled="true">
            {tab.label}
          </button>
        </Tooltip>
      )}
    </li>
  );
}

/**
 * How many tabs fit in the nav, the rest going into 更多. Every tab stays rendered (overflowed ones
 * invisible), so each width is measured as drawn, in the font that is actually loaded.
 */
function useFittingCount(tabs: HeaderTab[]) {
  const navRef = useRef<HTMLElement>(null);
  const [shown, setShown] = useState(tabs.length);
  const fit = useCallback(() => {
    const nav = navRef.current;
    const list = nav?.firstElementChild;
    if (!nav || !list) return;
    const items = Array.from(list.children) as HTMLElement[];
    const more = items.pop();
    const gap = Number.parseFloat(getComputedStyle(list).columnGap) || 0;
    const widths = items.map((item) => item.getBoundingClientRect().width);
    const room = nav.clientWidth;
    const sum = (count: number) =>
      widths.slice(0, count).reduce((total, width) => total + width, 0) + gap * Math.max(count - 1, 0);
    let count = widths.length;
    if (sum(count) > room) {
      const moreWidth = (more?.getBoundingClientRect().width ?? 0) + gap;
      while (count > 0 && sum(count) + moreWidth > room) count--;
    }
    setShown(count);
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new tab list must be measured again
  useLayoutEffect(() => {
    fit();
    const nav = navRef.current;
    if (!nav || typeof ResizeObserver === 'undefined') return;
    // the nav's own width and every tab's (a web font arriving late changes them)
    // flushSync: the row is re-fitted in the same frame as the resize, so no frame is painted (or read by a
    // script) with tabs running under the buttons.
    const observer = new ResizeObserver(() => flushSync(fit));
    observer.observe(nav);
    for (const item of Array.from(nav.firstElementChild?.children ?? [])) observer.observe(item);
    return () => observer.disconnect();
  }, [fit, tabs]);

  return { navRef, shown: Math.min(shown, tabs.length) };
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

/** A tab that opens a menu of targets on hover or click. */
export function MenuTab({
  label,
  active,
  items,
}: {
  label: string;
  active: boolean;
  items: HeaderMenuItem[];
}) {
  const go = useGo();
  const { open, onOpenChange, close, triggerProps } = useHoverClickOpen();
  const menu: MenuProps = {
    items: items.map((item) => ({ key: item.key, label: item.label })),
    onClick: ({ key }) => {
      close();
      const item = items.find((i) => i.key === key);
      if (item) go(item.target);
    },
  };
  return (
    <Dropdown trigger={['hover', 'click']} autoFocus menu={menu} open={open} onOpenChange={onOpenChange}>
      <button
        type="button"
        className={tabClass(active)}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-current={active ? 'page' : undefined}
        {...triggerProps}
      >
        {label}
        <DownOutlined className="site-header__tab-caret" aria-hidden />
      </button>
    </Dropdown>
  );
}

/** 更多: the tabs the row has no room for, menus as submenus, tabs under construction disabled. */
function MoreTab({ tabs }: { tabs: HeaderTab[] }) {
  const go = useGo();
  const { open, onOpenChange, close, triggerProps } = useHoverClickOpen();
  const targets = new Map<string, NavTarget>();
  const items: MenuProps['items'] = tabs.map((tab) => {
    if (tab.kind === 'link') {
      targets.set(tab.key, tab.target);
      return { key: tab.key, label: tab.label, className: tab.active ? 'is-current' : undefined };
    }
    if (tab.kind === 'pending') return { key: tab.key, label: `${tab.label}（${tab.note}）`, disabled: true };
    return {
      key: tab.key,
      label: tab.label,
      children: tab.items.map((item) => {
        const key = `${tab.key}/${item.key}`;
        targets.set(key, item.target);
        return { key, label: item.label };
      }),
    };
  });
  const active = tabs.some((tab) => tab.kind !== 'pending' && tab.active);
  return (
    <Dropdown
      trigger={['hover', 'click']}
      autoFocus
      placement="bottomRight"
      open={open && tabs.length > 0}
      onOpenChange={onOpenChange}
      menu={{
        items,
        onClick: ({ key }) => {
          close();
          const target = targets.get(key);
          if (target) go(target);
        },
      }}
    >
      <button
        type="button"
        className={tabClass(active)}
        aria-haspopup="menu"
        aria-expanded={open}
        {...triggerProps}
      >
        更多
        <DownOutlined className="site-header__tab-caret" aria-hidden />
      </button>
    </Dropdown>
  );
}
