import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { baseConfig, fail, ok, stubFetch } from '../test/helpers';
import { loadSite } from './bootstrap';
import { ConfigErrorPage } from './config-error-page';

/** The demo area's app config as the server answers it, naming only two services (loadSite adds the rest). */
const appConfig = (overrides: Record<string, unknown> = {}) => ({
  ...baseConfig({ name: '示范区域', code: 'Area-demo', CODE: 'Area-demo', TYPE: 'area', TITLE: '示范区域' }),
  services: { portal: '/api/portal', base: '/api/base' },
  ...overrides,
});

describe('configuration before mount', () => {
  afterEach(() => {
    document.title = '';
  });

  it('loads app config, lets college pairs overwrite it, then the school record and the area configuration', async () => {
    const calls = stubFetch({
      'GET /get_appconfig': ok(appConfig({ SCHOOL_CODE: 'UPLUS' })),
      'GET /api/base/config/college': ok([
        { configKey: 'SHOW_TECHCLASS', configValue: 'true' },
        { configKey: 'TITLE', configValue: '示范区域产教融合平台' },
        { configKey: 'IS_COLLEGE_LEADER', configValue: 'true' },
      ]),
      'GET /api/base/schools/UPLUS': ok({
        id: '1',
        code: 'UPLUS',
        name: '优加示范大学',
        logo: '',
        address: '示范市',
        introduction: '',
      }),
      'GET /api/portal/website_configs/Area-demo': ok({
        code: 'Area-demo',
        homepageConfig: JSON.stringify({ menus: [{ title: '联盟', name: 'alliance', value: 'alliance' }] }),
        browserTabTitle: '区域平台标签页',
        browserTabIcon: '/area-icon.png',
        banner: '',
        domainLogo: '',
      }),
    });
    const site = await loadSite();
    expect(calls.map((c) => c.path)).toEqual([
      '/get_appconfig',
      '/api/base/config/college',
      '/api/base/schools/UPLUS',
      '/api/portal/website_configs/Area-demo',
    ]);
    expect(calls[0]?.query.get('t')).toMatch(/^\d+$/);
    expect(calls[1]?.query.get('param')).toBe('Area-demo');
    expect(site.config.SHOW_TECHCLASS).toBe('true');
    expect(site.config.TITLE).toBe('示范区域产教融合平台');
    expect(site.config.IS_COLLEGE_LEADER).toBe(true);
    expect(site.config.services.course).toBe('/api/course');
    expect(site.school?.name).toBe('优加示范大学');
    expect(site.areaMenus.map((m) => m.value)).toEqual(['alliance']);
    expect(document.title).toBe('区域平台标签页');
    expect(document.querySelector('link[rel~="icon"]')?.getAttribute('href')).toBe('/area-icon.png');
  });

  it('skips the school and area calls when they do not apply', async () => {
    const calls = stubFetch({
      'GET /get_appconfig': ok(appConfig({ TYPE: '', CODE: '', code: 'uplus', TITLE: '优加教育平台' })),
      'GET /api/base/config/college': ok([]),
    });
    const site = await loadSite();
    expect(calls.map((c) => c.path)).toEqual(['/get_appconfig', '/api/base/config/college']);
    expect(calls[1]?.query.get('param')).toBe('uplus');
    expect(site.school).toBeNull();
    expect(site.area).toBeNull();
    expect(document.title).toBe('优加教育平台');
  });

  it('fails with the server message when the app config cannot be loaded', async () => {
    stubFetch({ 'GET /get_appconfig': fail(500, '服务器内部错误，请稍后重试') });
    await expect(loadSite()).rejects.toThrow('服务器内部错误，请稍后重试');
  });

  it('shows a Chinese error page with a retry button instead of a blank page', async () => {
    const onRetry = vi.fn(async () => {});
    render(<ConfigErrorPage message="网络连接失败，请检查网络后重试" onRetry={onRetry} />);
    expect(screen.getByRole('heading', { name: '站点配置加载失败' })).toBeTruthy();
    expect(screen.getByText('原因：网络连接失败，请检查网络后重试')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /重新加载/ }));
    await waitFor(() => expect(onRetry).toHaveBeenCalledTimes(1));
  });
});
