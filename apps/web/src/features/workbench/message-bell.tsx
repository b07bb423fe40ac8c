import { BellOutlined } from '@ant-design/icons';
import { unreadBadge } from '@uplus/shared';
import { Link } from 'react-router';
import { useUnreadCount } from '../messages/api';

/** The message bell: the unread count (99+ above 99), leading to the message page. */
export function MessageBell() {
  const counts = useUnreadCount();
  const unread = counts.data?.unread ?? 0;
  const badge = unreadBadge(unread);
  return (
    <Link
      to="/message/index"
      className="wb-header__icon-link wb-bell"
      data-testid="message-bell"
      aria-label={badge ? `消息，${unread}条未读` : '消息'}
    >
      <BellOutlined aria-hidden className="wb-bell__icon" />
      {badge && (
        <span className="wb-bell__badge" data-testid="message-badge" aria-hidden>
          {badge}
        </span>
      )}
    </Link>
  );
}
