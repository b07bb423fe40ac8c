import { toRole } from '@uplus/shared';
import { type MouseEvent, type ReactNode, useCallback } from 'react';
import { useNavigate } from 'react-router';
import { browser } from '../../lib/browser';
import { type NavTarget, siteAccess } from '../../lib/routes';
import { useSiteConfig } from '../../lib/site-store';
import { useStored } from '../../lib/storage';
import { useToast } from '../../lib/toast';
import { goToLogin } from '../sessions/session';

/**
 * Follows a navigation target with the site-access rules applied before leaving the page:
 * a refused page shows its message (学生身份不支持查看, 当前用户无查看权限), a login-required page
 * sends visitors to sign in, other sites open as asked (same or new tab).
 */
export const useGo = () => {
  const navigate = useNavigate();
  const config = useSiteConfig();
  const token = useStored('AccessToken');
  const role = useStored('role');
  const message = useToast();
  return useCallback(
    (target: NavTarget) => {
      if (target.external || target.newTab) {
        if (target.newTab) browser.openNewTab(target.to);
        else browser.assign(target.to);
        return;
      }
      const decision = siteAccess(target.to, { config, signedIn: !!token, role: role ? toRole(role) : null });
      if (decision.kind === 'deny') {
        void message.warning(decision.message);
        return;
      }
      if (decision.kind === 'login') {
        goToLogin(target.to);
        return;
      }
      navigate(target.to);
    },
    [config, token, role, navigate, message],
  );
};

type NavAnchorProps = {
  target: NavTarget;
  children: ReactNode;
  className?: string;
  current?: boolean;
  testId?: string;
};

/** A real link (so it can be opened in a new tab or copied) whose plain click goes through useGo. */
export function NavAnchor({ target, children, className, current, testId }: NavAnchorProps) {
  const go = useGo();
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey)
      return;
    event.preventDefault();
    go(target);
  };
  return (
    <a
      href={target.to}
      className={className}
      aria-current={current ? 'page' : undefined}
      target={target.newTab ? '_blank' : undefined}
      rel={target.newTab || target.external ? 'noopener noreferrer' : undefined}
      onClick={onClick}
      data-testid={testId}
    >
      {children}
    </a>
  );
}
