import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, ok, renderApp, setSite, signIn, stubBrowser, stubFetch } from '../../../test/helpers';

const VERIFY = 'POST /api/base/users/admin_certificate/verify';

describe('/college-admin (where 学院管理 leads without a configured admin site)', () => {
  beforeEach(() => {
    setSite();
    stubBrowser();
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
    window.localStorage.clear();
  });

  it('verifies the certificate it was given and shows whose it is, with how to connect the admin site', async () => {
    const calls = stubFetch({
      [VERIFY]: ok({
        userid: '5',
        username: 'admin01',
        name: '刘芳',
        collegeId: '12',
        collegeCode: 'UPLUS-U001',
        collegeName: '优加示范大学',
        expiresAt: new Date(2030, 0, 2, 3, 4, 5).getTime(),
      }),
    });
    renderApp('/college-admin?certificate=abc.def');
    expect(await screen.findByRole('heading', { name: '学院管理', level: 1 })).toBeTruthy();
    expect(screen.getByText('刘芳（admin01）')).toBeTruthy();
    expect(screen.getByText('优加示范大学（UPLUS-U001）')).toBeTruthy();
    expect(screen.getByText('2030-01-02 03:04:05')).toBeTruthy();
    expect(screen.getByText('本平台未部署学院管理后台')).toBeTruthy();
    expect(screen.getByText(/COLLEGE_ADMIN_URL/)).toBeTruthy();
    // the school site's own content is managed here (issue 15)
    expect(screen.getByRole('link', { name: '内容管理' }).getAttribute('href')).toBe('/u/content/manage');
    expect(screen.getByRole('link', { name: '站点设置' }).getAttribute('href')).toBe('/u/content/settings');
    const verify = calls.find((c) => `${c.method} ${c.path}` === VERIFY);
    expect(verify?.body).toEqual({ certificate: 'abc.def' });
  });

  it("shows the server's refusal of a forged or expired certificate, without sending anyone to sign in", async () => {
    signIn('Teacher');
    stubFetch({ [VERIFY]: fail(400, '管理证书无效或已过期') });
    const browser = stubBrowser();
    renderApp('/college-admin?certificate=forged.sig');
    expect(await screen.findByText('学院管理证书无效')).toBeTruthy();
    expect(screen.getByText(/管理证书无效或已过期/)).toBeTruthy();
    expect(screen.getByRole('button', { name: '返回首页' })).toBeTruthy();
    expect(browser.assign).not.toHaveBeenCalled();
  });

  it('says where to come from when no certificate came along, without asking the server', async () => {
    const calls = stubFetch({});
    renderApp('/college-admin');
    expect(await screen.findByText('缺少学院管理证书')).toBeTruthy();
    expect(calls.some((c) => c.path.endsWith('/admin_certificate/verify'))).toBe(false);
  });
});
