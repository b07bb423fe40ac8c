import { ExportOutlined } from '@ant-design/icons';
import { isHiddenArea, toRole } from '@uplus/shared';
import type { MenuProps } from 'antd';
import { useMemo } from 'react';
import { browser } from '../../lib/browser';
import { profileUrl } from '../../lib/routes';
import { useSiteConfig } from '../../lib/site-store';
import { useStored } from '../../lib/storage';
import { useBasicInfo } from '../sessions/api';
import { logout } from '../sessions/session';
import { UserMenuDropdown } from '../users/user-menu-dropdown';
import { workbenchMenuItems } from './workbench-model';

/** The same test ids as the portal header's user area, so flows read alike on every page. */
const MENU_TEST_IDS: Partial<Record<string, string>> = { logout: 'logout-item' };

/**
 * Avatar and user name with the workbench menu (spec 001 section 2.9): the role's pages open in a new tab,
 * 账号设置 goes to the identity provider's profile page, 退出登录 signs out.
 */
export function WorkbenchUserMenu() {
  const config = useSiteConfig();
  const role = useStored('role');
  const basic = useBasicInfo();
  const items = useMemo(
    () =>
      workbenchMenuItems({
        role: role ? toRole(role) : (basic.data?.organIdentityType ?? null),
        hiddenArea: isHiddenArea(config),
      }),
    [role, basic.data, config],
  );

  const onClick: MenuProps['onClick'] = ({ key }) => {
    const item = items.find((i) => i.key === key);
    if (!item) return;
    if (item.newTab) return browser.openNewTab(item.newTab);
    if (item.key === 'account') return browser.assign(profileUrl(config.QUC || '/idp'));
    if (item.key === 'logout') return void logout();
  };

  const menuItems: MenuProps['items'] = items.map((item) => ({
    key: item.key,
    danger: item.key === 'logout',
    label: (
      <span className="wb-menu__item" data-testid={MENU_TEST_IDS[item.key] ?? `menu-${item.key}`}>
        {item.label}
        {item.newTab && (
          <ExportOutlined className="wb-menu__new-tab" aria-label="在新标签页打开" role="img" />
        )}
      </span>
    ),
  }));

  return <UserMenuDropdown menu={{ items: menuItems, onClick }} trigger={['click']} />;
}
