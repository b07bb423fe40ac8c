import { useQueryClient } from '@tanstack/react-query';
import { Button, Result, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { errorMessage } from '../../api/http';
import { safeRedirectPath } from '../../lib/routes';
import { goToLogin } from './session';
import { completeSignIn, type SignInResult } from './sign-in';

/** One sign-in per ticket, even when React runs the effect twice in development. */
const pending = new Map<string, Promise<SignInResult>>();

/**
 * /authorize?ticket=&redirect= (spec 001 section 2.1): with a ticket, sign in (store, verify, load name
 * and avatar) then go to the redirect target or the root; without one, go there directly.
 * A failure shows its message.
 */
export function AuthorizePage() {
  const [params] = useSearchParams();
  const ticket = params.get('ticket');
  const target = safeRedirectPath(params.get('redirect'), '/');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!ticket) {
      navigate(target, { replace: true });
      return;
    }
    let active = true;
    let run = pending.get(ticket);
    if (!run) {
      run = completeSignIn(ticket, queryClient);
      pending.set(ticket, run);
      const forget = () => pending.delete(ticket);
      run.then(forget, forget);
    }
    run.then(
      (result) => {
        if (active && result.kind !== 'logged-out') navigate(target, { replace: true });
      },
      (failure: unknown) => {
        if (active) setError(errorMessage(failure));
      },
    );
    return () => {
      active = false;
    };
  }, [ticket, target, navigate, queryClient]);

  if (error) {
    return (
      <Result
        status="error"
        title="登录失败"
        subTitle={error}
        extra={[
          <Button key="retry" type="primary" onClick={() => goToLogin(target)}>
            重新登录
          </Button>,
          <Button key="home" onClick={() => navigate('/home/index', { replace: true })}>
            返回首页
          </Button>,
        ]}
      />
    );
  }
  return (
    <div className="page-status" role="status">
      <Spin />
      <span>正在登录，请稍候…</span>
    </div>
  );
}
