import { screen } from '@testing-library/react';
import { SERVICE_BASES } from '@uplus/shared';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { fail, ok, renderWithRouter, setSite, stubBrowser, stubFetch } from '../test/helpers';
import { HttpError, http, isHandledError, type Notifier, serviceUrl, setNotifier, timeoutFor } from './http';

const spyNotifier = () => {
  const notifier = { error: vi.fn(), info: vi.fn() } satisfies Notifier;
  setNotifier(notifier);
  return notifier;
};

describe('http client', () => {
  beforeEach(() => {
    setSite({ QUC: 'http://localhost:3000/idp' });
  });

  it('reads data from a success envelope and sends the stored token', async () => {
    window.localStorage.setItem('AccessToken', 'tok-123');
    const calls = stubFetch({ 'GET /api/base/things': ok({ id: '1' }) });
    await expect(http.get('/api/base/things', { query: { a: 1, b: undefined } })).resolves.toEqual({
      id: '1',
    });
    expect(calls[0]?.headers.get('X-Access-Token')).toBe('tok-123');
    expect(calls[0]?.query.get('a')).toBe('1');
    expect(calls[0]?.query.has('b')).toBe(false);
  });

  it('accepts status 200 with code 200 when the success flag is absent', async () => {
    stubFetch({ 'GET /x': { body: { code: 200, message: 'ok', data: [1, 2] } } });
    await expect(http.get('/x')).resolves.toEqual([1, 2]);
  });

  it('sends no token header when signed out and JSON bodies on POST', async () => {
    const calls = stubFetch({ 'POST /api/base/echo': ok(true) });
    await http.post('/api/base/echo', { a: '甲' });
    expect(calls[0]?.headers.has('X-Access-Token')).toBe(false);
    expect(calls[0]?.headers.get('Content-Type')).toBe('application/json');
    expect(calls[0]?.body).toEqual({ a: '甲' });
  });

  it('shows the server message as an error once and flags it handled', async () => {
    const notifier = spyNotifier();
    stubFetch({ 'GET /x': fail(400, '请输入出题要求') });
    const error = await http.get('/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).message).toBe('请输入出题要求');
    expect((error as HttpError).status).toBe(400);
    expect(isHandledError(error)).toBe(true);
    expect(notifier.error).toHaveBeenCalledTimes(1);
    expect(notifier.error).toHaveBeenCalledWith('请输入出题要求');
  });

  it('treats success false with HTTP 200 as a failure', async () => {
    const notifier = spyNotifier();
    stubFetch({ 'GET /x': { body: { success: false, code: 500, message: '服务繁忙', data: null } } });
    await expect(http.get('/x')).rejects.toThrow('服务繁忙');
    expect(notifier.error).toHaveBeenCalledWith('服务繁忙');
  });

  it('stays quiet when the caller shows errors itself', async () => {
    const notifier = spyNotifier();
    stubFetch({ 'GET /x': fail(500, '服务器内部错误，请稍后重试') });
    const error = await http.get('/x', { silent: true }).catch((e: unknown) => e);
    expect(isHandledError(error)).toBe(false);
    expect(notifier.error).not.toHaveBeenCalled();
  });

  it('on 401 drops the session and sends the user to sign in, back to this page', async () => {
    const nav = stubBrowser();
    vi.spyOn(window, 'location', 'get').mockReturnValue({
      ...window.location,
      pathname: '/workbench/index/school',
      search: '?upType=1',
      hash: '',
    } as Location);
    window.localStorage.setItem('AccessToken', 'expired');
    window.localStorage.setItem('role', 'Student');
    const notifier = spyNotifier();
    stubFetch({ 'GET /api/portal/users/basic_info': fail(401, '登录已失效，请重新登录') });
    const error = await http.get('/api/portal/users/basic_info').catch((e: unknown) => e);
    expect((error as HttpError).status).toBe(401);
    expect(isHandledError(error)).toBe(true);
    expect(window.localStorage.getItem('AccessToken')).toBeNull();
    expect(window.localStorage.getItem('role')).toBeNull();
    expect(nav.assign).toHaveBeenCalledTimes(1);
    const target = nav.assign.mock.calls[0]?.[0] ?? '';
    expect(target.startsWith('http://localhost:3000/idp/login?redirect=')).toBe(true);
    const back = decodeURIComponent(target.split('?redirect=')[1] ?? '');
    expect(back).toBe(
      `http://localhost:3000/authorize?redirect=${encodeURIComponent('/workbench/index/school?upType=1')}`,
    );
    expect(notifier.error).not.toHaveBeenCalled();
  });

  it('does not redirect on 401 when asked not to', async () => {
    const nav = stubBrowser();
    stubFetch({ 'GET /api/login/verify': fail(401, '登录已失效，请重新登录') });
    await expect(http.get('/api/login/verify', { noAuthRedirect: true, silent: true })).rejects.toThrow();
    expect(nav.assign).not.toHaveBeenCalled();
  });

  it('shows 暂无权限 on 403 as a toast in the page', async () => {
    stubFetch({ 'GET /api/base/users/admin_certificate': fail(403, 'forbidden') });
    renderWithRouter(<div>页面</div>);
    await screen.findByText('页面');
    const error = await http.get('/api/base/users/admin_certificate').catch((e: unknown) => e);
    expect((error as HttpError).message).toBe('暂无权限');
    expect(await screen.findByText('暂无权限')).toBeTruthy();
  });

  it('keepRefusalMessage: a 403 keeps the server’s reason (joining a course), or 暂无权限 when it gives none', async () => {
    stubFetch({
      'POST /api/course/courses/students/joined': fail(403, '您尚未加入信息学院'),
      'POST /api/course/other': { status: 403, body: { success: false, code: 403, message: '', data: null } },
    });
    const refused = await http
      .post('/api/course/courses/students/joined', {}, { silent: true, keepRefusalMessage: true })
      .catch((e: unknown) => e);
    expect((refused as HttpError).message).toBe('您尚未加入信息学院');
    expect((refused as HttpError).status).toBe(403);
    const bare = await http
      .post('/api/course/other', {}, { silent: true, keepRefusalMessage: true })
      .catch((e: unknown) => e);
    expect((bare as HttpError).message).toBe('暂无权限');
  });

  it('shows 请求已取消 as info when the caller cancels', async () => {
    const notifier = spyNotifier();
    let release: () => void = () => {};
    stubFetch({
      'GET /slow': () =>
        new Promise((resolve) => {
          release = () => resolve(ok(1));
        }),
    });
    const controller = new AbortController();
    const pending = http.get('/slow', { signal: controller.signal }).catch((e: unknown) => e);
    controller.abort();
    release();
    const error = await pending;
    expect((error as HttpError).kind).toBe('cancelled');
    expect((error as HttpError).message).toBe('请求已取消');
    expect(notifier.info).toHaveBeenCalledWith('请求已取消');
    expect(notifier.error).not.toHaveBeenCalled();
  });

  it('times out after the chosen time with its own message', async () => {
    const notifier = spyNotifier();
    stubFetch({ 'GET /slow': () => new Promise((resolve) => setTimeout(() => resolve(ok(1)), 200)) });
    const error = await http.get('/slow', { timeoutMs: 20 }).catch((e: unknown) => e);
    expect((error as HttpError).kind).toBe('timeout');
    expect(notifier.error).toHaveBeenCalledWith('请求超时，请稍后重试');
  });

  it('gives the two AI calls 10 minutes and everything else 60 s', () => {
    expect(timeoutFor('/api/course/ai/generate_questions')).toBe(600_000);
    expect(timeoutFor('/api/course/ai/judge_questions?x=1')).toBe(600_000);
    expect(timeoutFor('/api/course/ai/generate_questions/sse')).toBe(60_000);
    expect(timeoutFor('/api/portal/users/basic_info')).toBe(60_000);
  });

  it('checks answers against a schema', async () => {
    const notifier = spyNotifier();
    stubFetch({ 'GET /x': ok({ id: 5 }) });
    await expect(http.get('/x', { schema: z.object({ id: z.string() }) })).rejects.toThrow(
      '服务返回的数据格式不正确',
    );
    expect(notifier.error).toHaveBeenCalledTimes(1);
  });

  it('builds service addresses from the app config', () => {
    setSite({ services: { ...SERVICE_BASES, portal: 'https://portal.example.edu/api/portal/' } });
    expect(serviceUrl('portal', '/users/basic_info')).toBe(
      'https://portal.example.edu/api/portal/users/basic_info',
    );
    expect(serviceUrl('base', 'logout')).toBe('/api/base/logout');
  });
});
