import { Spin } from 'antd';
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { safeRedirectPath } from '../../lib/routes';
import { useStored } from '../../lib/storage';
import { goToLogin } from './session';

/**
 * /slogin (outside the layout): a plain sign-in entry that other sites can link to. Signed-in users go on
 * to the redirect target (default home); visitors go to the identity provider first.
 */
export function SloginPage() {
  const [params] = useSearchParams();
  const target = safeRedirectPath(params.get('redirect'), '/home/index');
  const token = useStored('AccessToken');
  const navigate = useNavigate();
  useEffect(() => {
    if (token) navigate(target, { replace: true });
    else goToLogin(target);
  }, [token, target, navigate]);
  return (
    <div className="page-status" role="status" style={{ minHeight: '100vh' }}>
      <Spin />
      <span>正在前往登录…</span>
    </div>
  );
}
