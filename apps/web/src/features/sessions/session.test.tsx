import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { siteStore } from '../../lib/site-store';
import {
  basicInfo,
  fail,
  ok,
  refresh,
  renderApp,
  sessionRoutes,
  setSite,
  signIn,
  stubBrowser,
  stubFetch,
} from '../../test/helpers';

const verified = (role: string | null = 'Student') =>
  ok({
    valid: true,
    userid: 'u1',
    memberId: 'm1',
    username: 'student01',
    ...(role ? { role } : {}),
    expiresAt: Date.now() + 3600_000,
  });

describe('session flow', () => {
  let nav: ReturnType<typeof stubBrowser>;
  beforeEach(() => {
    setSite({ QUC: '/idp' });
    nav = stubBrowser();
  });

  it('/authorize stores the ticket, verifies it, stores the session keys and goes to the redirect', async () => {
    const calls = stubFetch({
      'GET /api/login/verify': verified(),
      'GET /api/portal/users/basic_info': ok(basicInfo({ name: '李四' })),
      'GET /api/base/session/refresh_token': ok(refresh('Student', { course: 137438953472, qom: 2 })),
    });
    const { router } = renderApp(
      `/authorize?ticket=T-1&redirect=${encodeURIComponent('/workbench/index/school')}`,
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/workbench/index/school'));
    expect(window.localStorage.getItem('AccessToken')).toBe('T-1');
    expect(window.localStorage.getItem('memberId')).toBe('m1');
    expect(window.localStorage.getItem('userid')).toBe('u1');
    expect(window.localStorage.getItem('role')).toBe('Student');
    expect(JSON.parse(window.localStorage.getItem('organ') ?? '{}')).toEqual({
      id: 'o1',
      name: '优加示范大学',
    });
    const verify = calls.find((c) => c.path === '/api/login/verify');
    expect(verify?.headers.get('X-Access-Token')).toBe('T-1');
    // the pms bits set the leader and admin flags
    expect(siteStore.get().config.IS_COLLEGE_LEADER).toBe(true);
    expect(siteStore.get().config.HAS_COLLEGE_ADMIN_AUTH).toBe(true);
    expect(siteStore.get().config.USER_TYPE).toBe('Student');
    // the college code is the school's (what a school site's CODE names), not the leaf class's
    expect(siteStore.get().config.USER_COLLEGE_CODE).toBe('UPLUS-C001');
    expect(await screen.findByTestId('user-name')).toHaveProperty('textContent', '李四');
    expect(nav.assign).not.toHaveBeenCalled();
  });

  it('a failed verify removes the ticket and continues as a visitor', async () => {
    const calls = stubFetch({ 'GET /api/login/verify': fail(401, '登录已失效，请重新登录') });
    const { router } = renderApp('/authorize?ticket=BAD&redirect=%2Fhome%2Findex');
    await waitFor(() => expect(router.state.location.pathname).toBe('/home/index'));
    expect(window.localStorage.getItem('AccessToken')).toBeNull();
    expect(await screen.findByTestId('login-register')).toBeTruthy();
    expect(calls.some((c) => c.path === '/api/portal/users/basic_info')).toBe(false);
    expect(nav.assign).not.toHaveBeenCalled();
  });

  it('without a ticket goes straight to the redirect target, and only to local paths', async () => {
    stubFetch({});
    const { router } = renderApp(`/authorize?redirect=${encodeURIComponent('https://evil.example/')}`);
    await waitFor(() => expect(router.state.location.pathname).toBe('/home/index'));
    expect(window.localStorage.getItem('AccessToken')).toBeNull();
  });

  it('shows the error message when basic info fails after a good verify', async () => {
    stubFetch({
      'GET /api/login/verify': verified(),
      'GET /api/portal/users/basic_info': fail(500, '用户信息加载失败'),
    });
    renderApp('/authorize?ticket=T-2&redirect=%2Fhome%2Findex');
    expect(await screen.findByText('登录失败')).toBeTruthy();
    expect(screen.getAllByText('用户信息加载失败').length).toBeGreaterThan(0);
  });

  it('a missing role after sign-in logs out through the identity provider', async () => {
    const calls = stubFetch({ 'GET /api/login/verify': verified(null), 'POST /api/base/logout': ok(null) });
    renderApp('/authorize?ticket=T-3&redirect=%2Fhome%2Findex');
    await waitFor(() => expect(nav.assign).toHaveBeenCalled());
    expect(nav.assign.mock.calls[0]?.[0]).toBe(
      `/idp/logout?redirect=${encodeURIComponent('http://localhost:3000/home/index')}`,
    );
    const logout = calls.find((c) => c.path === '/api/base/logout');
    expect(logout?.method).toBe('POST');
    expect(logout?.headers.get('X-Access-Token')).toBe('T-3');
    expect(window.localStorage.getItem('AccessToken')).toBeNull();
  });

  it('logout clears token, memberId, userid and role, calls the endpoint with the old token, then the IdP', async () => {
    signIn('Student');
    window.localStorage.setItem('organ', JSON.stringify({ id: 'o1', name: '优加示范大学' }));
    const calls = stubFetch({ ...sessionRoutes('Student'), 'POST /api/base/logout': ok(null) });
    renderApp('/home/index');
    fireEvent.click(await screen.findByTestId('user-menu'));
    fireEvent.click(await screen.findByTestId('logout-item'));
    await waitFor(() => expect(nav.assign).toHaveBeenCalled());
    for (const key of ['AccessToken', 'memberId', 'userid', 'role']) {
      expect(window.localStorage.getItem(key), key).toBeNull();
    }
    const logout = calls.find((c) => c.path === '/api/base/logout');
    expect(logout?.headers.get('X-Access-Token')).toBe('token-1');
    expect(nav.assign.mock.calls.at(-1)?.[0]).toBe(
      `/idp/logout?redirect=${encodeURIComponent('http://localhost:3000/home/index')}`,
    );
  });

  it('logging out on a login-required page goes to the provider’s sign-out, not to sign in', async () => {
    signIn('Student');
    stubFetch({ ...sessionRoutes('Student'), 'POST /api/base/logout': ok(null) });
    renderApp('/workbench/index/resume');
    fireEvent.click(await screen.findByTestId('user-menu'));
    fireEvent.click(await screen.findByTestId('logout-item'));
    await waitFor(() => expect(nav.assign).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(nav.assign.mock.calls.map((c) => String(c[0]).split('?')[0])).toEqual(['/idp/logout']);
  });

  it('sends visitors who open a login-required page to the identity provider', async () => {
    stubFetch({});
    renderApp('/workbench/index/resume');
    await waitFor(() => expect(nav.assign).toHaveBeenCalled());
    const target = nav.assign.mock.calls[0]?.[0] ?? '';
    expect(target.startsWith('/idp/login?redirect=')).toBe(true);
    expect(decodeURIComponent(target)).toContain('/authorize?redirect=%2Fworkbench%2Findex%2Fresume');
    expect(await screen.findByText('该页面需要登录，正在前往登录…')).toBeTruthy();
  });

  it('the session-sync route stores the ticket once the server confirms it, and renders nothing', async () => {
    const calls = stubFetch({ 'GET /api/login/verify': verified() });
    const { container, router } = renderApp('/quc-sync?quc_ticket=SYNC-1');
    await waitFor(() => expect(window.localStorage.getItem('AccessToken')).toBe('SYNC-1'));
    expect(calls.find((c) => c.path === '/api/login/verify')?.headers.get('X-Access-Token')).toBe('SYNC-1');
    expect(router.state.location.pathname).toBe('/quc-sync');
    expect(container.textContent).toBe('');
  });

  it('the session-sync route does not store a ticket a sign-out has ended (no silent sign-in again)', async () => {
    const calls = stubFetch({ 'GET /api/login/verify': fail(401, '登录已失效，请重新登录') });
    renderApp('/quc-sync?quc_ticket=ENDED-1');
    await waitFor(() => expect(calls.some((c) => c.path === '/api/login/verify')).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(window.localStorage.getItem('AccessToken')).toBeNull();
    expect(nav.assign).not.toHaveBeenCalled();
  });

  it('logout ends the session on the server before other tabs can see the token go', async () => {
    signIn('Student');
    let storedDuringLogout: string | null | undefined;
    const calls = stubFetch({
      ...sessionRoutes('Student'),
      'POST /api/base/logout': () => {
        storedDuringLogout = window.localStorage.getItem('AccessToken');
        return ok(null);
      },
    });
    renderApp('/workbench/index/school');
    fireEvent.click(await screen.findByTestId('user-menu'));
    fireEvent.click(await screen.findByTestId('logout-item'));
    await waitFor(() => expect(nav.assign).toHaveBeenCalled());
    // The token is still stored while the server revokes it with its provider session.
    expect(storedDuringLogout).toBe('token-1');
    expect(calls.find((c) => c.path === '/api/base/logout')?.headers.get('X-Access-Token')).toBe('token-1');
    expect(window.localStorage.getItem('AccessToken')).toBeNull();
    expect(nav.assign.mock.calls.map((c) => String(c[0]).split('?')[0])).toEqual(['/idp/logout']);
  });

  it('picks up a sign-out made in another tab through the storage event', async () => {
    signIn('Student');
    stubFetch(sessionRoutes('Student', '王五'));
    renderApp('/home/index');
    expect(await screen.findByText('王五')).toBeTruthy();
    act(() => {
      window.localStorage.removeItem('AccessToken');
      window.dispatchEvent(
        new StorageEvent('storage', { key: 'AccessToken', oldValue: 'token-1', newValue: null }),
      );
    });
    expect(await screen.findByTestId('login-register')).toBeTruthy();
    expect(nav.assign.mock.calls.map((c) => c[0])).toEqual(['/home/index']);
  });

  it('a login-required tab follows a sign-out elsewhere to the home page, never to the sign-in page', async () => {
    signIn('Student');
    stubFetch(sessionRoutes('Student', '王五'));
    renderApp('/workbench/index/school');
    expect(await screen.findByText('王五')).toBeTruthy();
    act(() => {
      window.localStorage.removeItem('AccessToken');
      window.dispatchEvent(
        new StorageEvent('storage', { key: 'AccessToken', oldValue: 'token-1', newValue: null }),
      );
    });
    await waitFor(() => expect(nav.assign).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(nav.assign.mock.calls.map((c) => c[0])).toEqual(['/home/index']);
  });

  it('a sign-in in another tab (token replaced) is not a sign-out', async () => {
    signIn('Student');
    stubFetch(sessionRoutes('Student', '王五'));
    renderApp('/home/index');
    expect(await screen.findByText('王五')).toBeTruthy();
    act(() => {
      window.localStorage.setItem('AccessToken', 'token-2');
      window.dispatchEvent(
        new StorageEvent('storage', { key: 'AccessToken', oldValue: 'token-1', newValue: 'token-2' }),
      );
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(nav.assign).not.toHaveBeenCalled();
  });
});
