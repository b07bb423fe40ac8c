import { fireEvent, render } from '@testing-library/react';
import { SERVICE_BASES } from '@uplus/shared';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { AppProviders } from '../app/providers';
import { appRoutes } from '../app/router';
import { browser } from '../lib/browser';
import { createQueryClient } from '../lib/query-client';
import { type SiteConfig, type SiteState, siteStore } from '../lib/site-store';

/*
 * Test support: the network is the only thing replaced (a fetch stub answering with envelopes),
 * plus the browser navigation calls happy-dom cannot perform (leaving the page, new tabs, reload).
 */

export type StubAnswer = { status?: number; body: unknown };
export type StubHandler = (call: RecordedCall) => StubAnswer | Promise<StubAnswer>;
export type RecordedCall = {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: Headers;
  body: unknown;
  signal: AbortSignal | null | undefined;
};

/** `{ success, code, message, data }` as the server answers. */
export const ok = (data: unknown): StubAnswer => ({
  body: { success: true, code: 200, message: '成功', data },
});
export const fail = (status: number, message: string): StubAnswer => ({
  status,
  body: { success: false, code: status, message, data: null },
});

/** What a fetch stub records of one call (a JSON body parsed). */
export const recordCall = (input: RequestInfo | URL, init?: RequestInit): RecordedCall => {
  const url = new URL(String(input), 'http://localhost');
  return {
    method: (init?.method ?? 'GET').toUpperCase(),
    path: url.pathname,
    query: url.searchParams,
    headers: new Headers(init?.headers),
    body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    signal: init?.signal,
  };
};

/** A Response carrying an answer as JSON. */
export const jsonResponse = (answer: StubAnswer) =>
  new Response(JSON.stringify(answer.body), {
    status: answer.status ?? 200,
    headers: { 'Content-Type': 'application/json' },
  });

/**
 * Replaces global fetch. Routes are keyed `METHOD /path` (no query). Unrouted calls answer 404.
 * Returns the recorded calls.
 */
export const stubFetch = (routes: Record<string, StubHandler | StubAnswer>) => {
  const calls: RecordedCall[] = [];
  const fetchStub = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const call = recordCall(input, init);
    calls.push(call);
    const route = routes[`${call.method} ${call.path}`];
    const answer = !route
      ? fail(404, '请求的资源不存在')
      : typeof route === 'function'
        ? await route(call)
        : route;
    if (init?.signal?.aborted) throw new DOMException('aborted', 'AbortError');
    return jsonResponse(answer);
  });
  vi.stubGlobal('fetch', fetchStub);
  return calls;
};

export const baseConfig = (overrides: Partial<SiteConfig> = {}): SiteConfig => ({
  name: '优加教育平台',
  code: 'uplus',
  CODE: '',
  TYPE: '',
  QUC: '/idp',
  TITLE: '优加教育平台',
  WEB_ICON: '',
  LOGO: '',
  CUSTOMPAGE_LOGO: '',
  PRODUCT_CODE: 'uplus',
  USER_TYPE: 'Student',
  USER_COLLEGE_CODE: '',
  IS_COLLEGE_LEADER: false,
  HAS_COLLEGE_ADMIN_AUTH: false,
  services: { ...SERVICE_BASES },
  ...overrides,
});

export const setSite = (config: Partial<SiteConfig> = {}, extra: Partial<Omit<SiteState, 'config'>> = {}) =>
  siteStore.set({ config: baseConfig(config), school: null, area: null, areaMenus: [], ...extra });

/** Stubs the browser navigation calls; returns the spies. */
export const stubBrowser = () => {
  browser.leaving = false;
  return stubBrowserCalls();
};
const stubBrowserCalls = () => ({
  assign: vi.spyOn(browser, 'assign').mockImplementation(() => {}),
  reload: vi.spyOn(browser, 'reload').mockImplementation(() => {}),
  openNewTab: vi.spyOn(browser, 'openNewTab').mockImplementation(() => {}),
  origin: vi.spyOn(browser, 'origin').mockReturnValue('http://localhost:3000'),
  hostname: vi.spyOn(browser, 'hostname').mockReturnValue('localhost'),
});

/** Renders the whole app (providers + real route table) at a path. */
export const renderApp = (path: string) => {
  const queryClient = createQueryClient();
  const router = createMemoryRouter(appRoutes(), { initialEntries: [path] });
  const view = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, queryClient };
};

/** Renders one component inside the providers and a router (for headers, menus, dialogs). */
export const renderWithRouter = (ui: ReactNode, path = '/home/index') => {
  const queryClient = createQueryClient();
  const router = createMemoryRouter([{ path: '*', element: ui }], { initialEntries: [path] });
  const view = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, queryClient };
};

/** A signed-in browser: token and the keys the sign-in flow stores. */
export const signIn = (role: 'Student' | 'Teacher' | 'Business' = 'Student') => {
  window.localStorage.setItem('AccessToken', 'token-1');
  window.localStorage.setItem('userid', 'u1');
  window.localStorage.setItem('memberId', 'm1');
  window.localStorage.setItem('role', role);
};

export const basicInfo = (overrides: Record<string, unknown> = {}) => ({
  name: '张同学',
  avatar: '',
  sex: '1',
  userid: 'u1',
  organId: 'o1',
  organName: '优加示范大学',
  organLeafOrganId: 'c1',
  organLeafOrganName: '软件工程2301班',
  organCode: 'UPLUS',
  username: 'student01',
  organIdentityType: 'Student',
  ...overrides,
});

export const refresh = (identityType = 'Student', pms = { course: 0, qom: 0 }, organId = 'o1') => ({
  organ: {
    id: organId,
    name: '优加示范大学',
    // the leaf is the class; the college code is the school's, as a school site's CODE names it
    leafOrganCode: 'UPLUS-C001-SE2301',
    collegeCode: 'UPLUS-C001',
    identityType,
    majorName: '软件工程',
  },
  pms,
});

/** The routes every signed-in page calls (session sync and the header's basic info). */
export const sessionRoutes = (role = 'Student', name = '张同学') => ({
  'GET /api/portal/users/basic_info': ok(basicInfo({ name, organIdentityType: role })),
  'GET /api/base/session/refresh_token': ok(refresh(role)),
});

/** happy-dom runs no CSS animations: end the leaving ones so closed dialogs and menus unmount. */
export const finishLeaveMotion = () => {
  for (const el of Array.from(document.querySelectorAll('[class*="-leave-active"]'))) {
    fireEvent.animationEnd(el);
    fireEvent.transitionEnd(el);
  }
};
