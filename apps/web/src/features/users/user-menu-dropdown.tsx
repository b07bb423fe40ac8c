import { DownOutlined, UserOutlined } from '@ant-design/icons';
import type { UserBasicInfo } from '@uplus/shared';
import type { DropdownProps } from 'antd';
// The component alone: antd's index adds Avatar.Group, which brings Popover and Tooltip into the first load.
import Avatar from 'antd/es/avatar/Avatar';
import type { ComponentProps } from 'react';
import { Dropdown } from '../../components/lazy-antd';
import { useBasicInfo } from '../sessions/api';
import './user-area.css';

/** The avatar address with a timestamp so a changed avatar is not served from cache (spec 001 section 3). */
const avatarSrc = (avatar: string) => {
  if (!avatar) return undefined;
  return `${avatar}${avatar.includes('?') ? '&' : '?'}t=${Math.floor(Date.now() / 60_000)}`;
};

/** The current organisation as the header names it: the organisation, then the class or department. */
export const currentOrganLabel = (info: UserBasicInfo | undefined): string => {
  if (!info?.organName) return '';
  const leaf = info.organLeafOrganName;
  return leaf && leaf !== info.organName ? `${info.organName} / ${leaf}` : info.organName;
};

type Props = Omit<DropdownProps, 'children' | 'autoFocus' | 'placement'> & {
  /** on a dark header: a lighter hover */
  dark?: boolean;
  /** pointer handlers for the button (see useHoverClickOpen) */
  triggerProps?: ComponentProps<'button'>;
};

/**
 * The signed-in user's avatar and name opening a menu: the portal headers' and the workbench's user menu
 * (the same test ids everywhere, so flows read alike on every page). The menu itself comes from the caller.
 */
export function UserMenuDropdown({ dark, triggerProps, ...dropdown }: Props) {
  const basic = useBasicInfo();
  const name = basic.data?.name || basic.data?.username || '';
  const organ = currentOrganLabel(basic.data);
  return (
    <Dropdown {...dropdown} autoFocus placement="bottomRight">
      <button
        type="button"
        className={`user-area__trigger${dark ? ' is-dark' : ''}`}
        data-testid="user-menu"
        aria-haspopup="menu"
        {...triggerProps}
      >
        <Avatar
          size={32}
          src={avatarSrc(basic.data?.avatar ?? '')}
          icon={<UserOutlined />}
          className={basic.data?.sex === '2' ? 'user-area__avatar is-female' : 'user-area__avatar'}
          alt=""
        />
        {/* the button's name starts with what it is and goes on with the visible text */}
        <span className="visually-hidden">用户菜单：</span>
        <span className="user-area__who">
          <span className="user-area__name" data-testid="user-name">
            {name || (basic.isError ? '我的账号' : '…')}
          </span>
          {organ && (
            // a long name is cut short here; the tooltip and the menu's first line give it whole
            <span className="user-area__organ" data-testid="current-organ" title={`当前机构：${organ}`}>
              {basic.data?.organName}
            </span>
          )}
        </span>
        <DownOutlined className="user-area__caret" aria-hidden />
      </button>
    </Dropdown>
  );
}
