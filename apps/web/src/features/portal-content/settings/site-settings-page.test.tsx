import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  HOME_SECTION_KEYS,
  PORTAL_CONTENT_MSG,
  SITE_SETTINGS_MSG,
  type SiteSettingsView,
  siteSettings,
} from '@uplus/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  fail,
  ok,
  type RecordedCall,
  renderApp,
  sessionRoutes,
  setSite,
  signIn,
  stubBrowser,
  stubFetch,
} from '../../../test/helpers';
import { bodyOf, formValuesOf, tabOfField, tabsOf } from './site-settings-model';

const SETTINGS = '/api/portal/console/site-settings';

const view = (overrides: Partial<SiteSettingsView> = {}): SiteSettingsView => ({
  ...siteSettings.parse({ title: '优加示范大学' }),
  site: { ownerCode: 'UPLUS-C001', siteName: '优加示范大学', siteType: 'school' },
  ...overrides,
});

describe('site settings model', () => {
  it('gives a school site 顶部导航, an area site 区域菜单, the product site neither', () => {
    expect(tabsOf('school')).toEqual(['basic', 'home', 'footer', 'navigation']);
    expect(tabsOf('area')).toEqual(['basic', 'home', 'footer', 'menus']);
    expect(tabsOf('')).toEqual(['basic', 'home', 'footer']);
    expect(tabOfField('footer')).toBe('footer');
    expect(tabOfField('dataCubeUrl')).toBe('navigation');
    expect(tabOfField('areaMenus')).toBe('menus');
    expect(tabOfField('title')).toBe('basic');
  });

  it('sends sections in the home page order, link lists only for link menus, and a menu name', () => {
    const values = formValuesOf(view());
    const body = bodyOf({
      ...values,
      homeSections: ['publishing', 'qualitycourse'],
      areaMenus: [
        { title: '案例', name: '', value: 'case', content: [{ name: 'x', domainUrl: 'https://x.cn' }] },
        { title: '外链', name: '', value: 'linkSingle', content: [{ name: 'x', domainUrl: 'https://x.cn' }] },
      ],
    });
    expect(body.homeSections).toEqual(['qualitycourse', 'publishing']);
    expect(body.areaMenus).toEqual([
      { title: '案例', name: 'case', value: 'case', content: [] },
      {
        title: '外链',
        name: 'linkSingle',
        value: 'linkSingle',
        content: [{ name: 'x', domainUrl: 'https://x.cn' }],
      },
    ]);
    expect('site' in values).toBe(false);
  });
});

describe('/u/content/settings (站点设置)', () => {
  beforeEach(() => {
    setSite({ TYPE: 'school', CODE: 'UPLUS-C001' });
    stubBrowser();
    signIn('Teacher');
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
    window.localStorage.clear();
  });

  it('shows a clear refusal to anyone who manages no site', async () => {
    stubFetch({ ...sessionRoutes('Teacher'), [`GET ${SETTINGS}`]: fail(403, PORTAL_CONTENT_MSG.noConsole) });
    renderApp('/u/content/settings');
    expect(await screen.findByRole('heading', { name: PORTAL_CONTENT_MSG.noConsole })).toBeTruthy();
    expect(screen.queryByTestId('site-settings-save')).toBeNull();
  });

  it('saves a school site: the body, the toast and the next-page-load note', async () => {
    let saved: unknown = null;
    const calls = stubFetch({
      ...sessionRoutes('Teacher'),
      [`GET ${SETTINGS}`]: ok(
        view({
          navigation: [{ type: 'HOME_PAGE', name: 'HOME_PAGE', showName: '首页' }],
          showTechClass: true,
        }),
      ),
      [`PUT ${SETTINGS}`]: (call: RecordedCall) => {
        saved = call.body;
        return ok({ ...view(), ...(call.body as object) });
      },
    });
    renderApp('/u/content/settings');
    expect(await screen.findByRole('heading', { name: '站点设置', level: 1 })).toBeTruthy();
    expect(screen.getByText('优加示范大学', { selector: 'strong' })).toBeTruthy();
    for (const tab of ['基本信息', '首页板块', '页脚', '顶部导航'])
      expect(screen.getByRole('tab', { name: tab })).toBeTruthy();
    expect(screen.queryByRole('tab', { name: '区域菜单' })).toBeNull();

    fireEvent.change(screen.getByLabelText('站点标题'), { target: { value: '新标题' } });
    fireEvent.click(screen.getByRole('tab', { name: '首页板块' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'AI应用' }));
    fireEvent.click(screen.getByRole('tab', { name: '顶部导航' }));
    fireEvent.click(screen.getByRole('button', { name: '添加导航项' }));
    const rows = screen.getAllByTestId('nav-row');
    expect(rows).toHaveLength(2);
    fireEvent.change(within(rows[1] as HTMLElement).getByLabelText('导航名称'), {
      target: { value: '就业' },
    });
    fireEvent.click(screen.getByRole('button', { name: '上移第2项导航' }));

    fireEvent.click(screen.getByTestId('site-settings-save'));
    expect(await screen.findByTestId('site-settings-saved')).toBeTruthy();
    expect(await screen.findByText(SITE_SETTINGS_MSG.saved)).toBeTruthy();
    expect(calls.some((c) => c.method === 'PUT')).toBe(true);
    expect(saved).toMatchObject({
      title: '新标题',
      homeSections: HOME_SECTION_KEYS.filter((k) => k !== 'ai'),
      navigation: [
        { type: 'HOME_PAGE', name: '就业', showName: '' },
        { type: 'HOME_PAGE', name: 'HOME_PAGE', showName: '首页' },
      ],
      showTechClass: true,
      showJobClass: true,
    });
  });

  it('announces a field error and opens the tab that holds it', async () => {
    const calls = stubFetch({ ...sessionRoutes('Teacher'), [`GET ${SETTINGS}`]: ok(view()) });
    renderApp('/u/content/settings');
    fireEvent.click(await screen.findByRole('tab', { name: '页脚' }));
    const email = screen.getByLabelText('联系邮箱');
    fireEvent.change(email, { target: { value: 'not-an-email' } });
    fireEvent.click(screen.getByRole('tab', { name: '基本信息' }));
    fireEvent.click(screen.getByTestId('site-settings-save'));
    expect(await screen.findByText(SITE_SETTINGS_MSG.emailInvalid)).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByRole('tab', { name: '页脚' }).getAttribute('aria-selected')).toBe('true'),
    );
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('previews a saved QR address and edits an area menu with its links', async () => {
    stubFetch({
      ...sessionRoutes('Teacher'),
      [`GET ${SETTINGS}`]: ok(
        view({
          site: { ownerCode: 'Area-demo', siteName: '示范区域', siteType: 'area' },
          footer: { ...view().footer, QR_APP_URL: 'https://app.example.cn' },
          areaMenus: [{ title: '合作院校', name: 'linkMultiple', value: 'linkMultiple', content: [] }],
        }),
      ),
    });
    renderApp('/u/content/settings');
    fireEvent.click(await screen.findByRole('tab', { name: '页脚' }));
    const preview = screen.getByRole('img', { name: '优加课堂App二维码预览' }) as HTMLImageElement;
    expect(preview.getAttribute('src')).toMatch(/^\/api\/portal\/qrcodes\/app\.svg\?v=/);
    expect(within(screen.getByTestId('qr-business')).getByText('尚未配置')).toBeTruthy();

    expect(screen.queryByRole('tab', { name: '顶部导航' })).toBeNull();
    fireEvent.click(screen.getByRole('tab', { name: '区域菜单' }));
    expect(screen.getByText('第1项菜单的外链')).toBeTruthy();
    fireEvent.click(screen.getByTestId('site-settings-save'));
    expect(await screen.findByText(SITE_SETTINGS_MSG.menuLinksRequired)).toBeTruthy();
  });
});
