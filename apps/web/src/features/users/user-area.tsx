import { isHiddenArea, toRole } from '@uplus/shared';
import { Button, type MenuProps } from 'antd';
import { lazy, Suspense, useMemo, useState } from 'react';
import { browser } from '../../lib/browser';
import { profileUrl } from '../../lib/routes';
import { useSiteConfig } from '../../lib/site-store';
import { useStored } from '../../lib/storage';
import { useHoverClickOpen } from '../../lib/use-hover-click-open';
import { useBasicInfo, useSessionSync } from '../sessions/api';
import { goToLogin, logout } from '../sessions/session';
import { useGo } from '../site/navigation';
import { useOpenCollegeAdmin } from './api';
import { type UserMenuItem, userMenuModel } from './menu-model';
import { currentOrganLabel, UserMenuDropdown } from './user-menu-dropdown';
import './user-area.css';

/** Loaded on first use: most visits never open it. */
const SwitchOrganDialog = lazy(async () => ({
  default: (await import('../organisations/switch-organ-dialog')).SwitchOrganDialog,
}));

const ITEM_TEST_IDS: Partial<Record<UserMenuItem['key'], string>> = {
  switchOrgan: 'switch-organ-item',
  logout: 'logout-item',
};

type Props = { dark?: boolean };

/**
 * The right side of every portal header (spec 001 section 2.8): role buttons, the user menu,
 * and for visitors the enterprise entry and 登录/注册.
 */
export function UserArea({ dark }: Props) {
  const config = useSiteConfig();
  const token = useStored('AccessToken');
  const role = useStored('role');
  const basic = useBasicInfo();
  // the menu depends on the role and the college-admin flag the session sync brings
  useSessionSync();
  const go = useGo();
  const collegeAdmin = useOpenCollegeAdmin();
  const [organOpen, setOrganOpen] = useState(false);
  const [organUsed, setOrganUsed] = useState(false);
  const userMenu = useHoverClickOpen();

  const model = useMemo(
    () =>
      userMenuModel({
        signedIn: !!token,
        role: role ? toRole(role) : basic.data ? basic.data.organIdentityType : null,
        hiddenArea: isHiddenArea(config),
        collegeAdmin: config.HAS_COLLEGE_ADMIN_AUTH === true,
      }),
    [token, role, basic.data, config],
  );

  const onMenuClick: MenuProps['onClick'] = ({ key }) => {
    userMenu.close();
    const item = model.items.find((i) => i.key === key);
    if (!item) return;
    if (item.to) return go({ to: item.to, external: false, newTab: false });
    if (item.key === 'collegeAdmin') return collegeAdmin.mutate();
    if (item.key === 'switchOrgan') {
      setOrganUsed(true);
      return setOrganOpen(true);
    }
    if (item.key === 'account') return browser.assign(profileUrl(config.QUC || '/idp'));
    if (item.key === 'logout') return void logout();
  };

  const buttons = model.buttons.map((button) => (
    <Button
      key={button.key}
      type={button.key === 'enterprise' ? 'default' : 'primary'}
      ghost={button.key === 'enterprise' && dark}
      className="user-area__button"
      onClick={() => go({ to: button.to, external: false, newTab: false })}
    >
      {button.label}
    </Button>
  ));

  if (!token) {
    return (
      <div className="user-area">
        {buttons}
        <Button
          type="primary"
          className="user-area__button"
          data-testid="login-register"
          onClick={() => goToLogin()}
        >
          登录/注册
        </Button>
      </div>
    );
  }

  const organ = currentOrganLabel(basic.data);
  const items: MenuProps['items'] = [
    // the whole name of the current organisation, which the button may have to cut short
    ...(organ
      ? [
          {
            type: 'group' as const,
            key: 'organ',
            label: (
              <span className="user-area__menu-organ" data-testid="menu-current-organ">
                当前机构：{organ}
              </span>
            ),
          },
        ]
      : []),
    ...model.items.map((item) => ({
      key: item.key,
      label: <span data-testid={ITEM_TEST_IDS[item.key]}>{item.label}</span>,
      danger: item.key === 'logout',
      disabled: item.key === 'collegeAdmin' && collegeAdmin.isPending,
    })),
  ];

  return (
    <div className="user-area">
      {buttons}
      <UserMenuDropdown
        dark={dark}
        menu={{ items, onClick: onMenuClick }}
        trigger={['hover', 'click']}
        open={userMenu.open}
        onOpenChange={userMenu.onOpenChange}
        triggerProps={userMenu.triggerProps}
      />
      {organUsed && (
        <Suspense fallback={null}>
          <SwitchOrganDialog open={organOpen} onClose={() => setOrganOpen(false)} />
        </Suspense>
      )}
    </div>
  );
}
