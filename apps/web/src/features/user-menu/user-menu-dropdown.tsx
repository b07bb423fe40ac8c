import { DownOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Dropdown, type DropdownProps } from 'antd';
import { useBasicInfo } from '../session/api';
import './user-area.css';

/** The avatar address with a timestamp so a changed avatar is not served from cache (spec 001 section 3). */
const avatarSrc = (avatar: string) => {
  if (!avatar) return undefined;
  return `${avatar}${avatar.includes('?') ? '&' : '?'}t=${Math.floor(Date.now() / 60_000)}`;
};

type Props = Omit<DropdownProps, 'children' | 'autoFocus' | 'placement'> & {
  /** on a dark header: a lighter hover */
  dark?: boolean;
};

/**
 * The signed-in user's avatar and name opening a menu: the portal headers' and the workbench's user menu
 * (the same test ids everywhere, so flows read alike on every page). The menu itself comes from the caller.
 */
export function UserMenuDropdown({ dark, ...dropdown }: Props) {
  const basic = useBasicInfo();
  const name = basic.data?.name || basic.data?.username || '';
  return (
    <Dropdown {...dropdown} autoFocus placement="bottomRight">
      <button
        type="button"
        className={`user-area__trigger${dark ? ' is-dark' : ''}`}
        data-testid="user-menu"
        aria-label={name ? `${name}的用户菜单` : '用户菜单'}
        aria-haspopup="menu"
      >
        <Avatar
          size={32}
          src={avatarSrc(basic.data?.avatar ?? '')}
          icon={<UserOutlined />}
          className={basic.data?.sex === '2' ? 'user-area__avatar is-female' : 'user-area__avatar'}
          alt=""
        />
        <span className="user-area__name" data-testid="user-name">
          {name || (basic.isError ? '我的账号' : '…')}
        </span>
        <DownOutlined className="user-area__caret" aria-hidden />
      </button>
    </Dropdown>
  );
}
