import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Certificate, IssuedCertificate } from '@uplus/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deferredLoadsSettled } from '../../components/lazy-antd';
import {
  fail,
  ok,
  type RecordedCall,
  renderApp,
  type StubAnswer,
  sessionRoutes,
  setSite,
  signIn,
  stubBrowser,
  stubFetch,
} from '../../test/helpers';
import { isDevToolsShortcut } from './page-protection';

const domToBlob = vi.fn(async () => new Blob(['png'], { type: 'image/png' }));
vi.mock('modern-screenshot', () => ({ domToBlob }));

const MINE = 'GET /api/ourea/internship_certificates/mine';
const VERIFY = 'GET /api/ourea/internship_certificates/verify/code-1';
const ISSUED = 'GET /api/ourea/internship_certificates/issued';
const REVOKE = 'POST /api/ourea/internship_certificates/31/revoke';
const NOTICE = '为保护证书信息，本页已禁用右键菜单和开发者工具快捷键';

const cert = (over: Partial<Certificate> = {}): Certificate => ({
  id: '31',
  type: 'Internship',
  memberName: '王小明',
  subject: 'Java 开发',
  companyName: '优加信息技术有限公司',
  officialSealPath: '/api/files/5/content?expires=1&signature=s',
  createAt: Date.UTC(2026, 6, 1, 4),
  schoolName: '优加示范大学',
  internshipStartTimestamp: Date.UTC(2026, 2, 1, 4),
  internshipEndTimestamp: Date.UTC(2026, 5, 30, 4),
  comment: '工作认真负责\n团队协作良好',
  customCertificateUrl: '',
  internshipGroupName: '2026 春季实习',
  verifyCode: 'code-1',
  ...over,
});

type Handler = StubAnswer | ((call: RecordedCall) => StubAnswer | Promise<StubAnswer>);
const routes = (extra: Record<string, Handler>, role = 'Student') => ({
  ...sessionRoutes(role),
  'POST /api/qmn/c/counts': ok({
    unread: 0,
    byType: { System: 0, Course: 0, Internship: 0, Recruitment: 0 },
  }),
  'GET /api/base/organ/modules': ok([]),
  'GET /api/qmn/notices/smallBell': ok({ rows: [], total: 0 }),
  'GET /api/portal/users/u1': ok([]),
  ...extra,
});

describe('certificates pages', () => {
  beforeEach(() => {
    setSite();
    signIn('Student');
  });
  afterEach(async () => {
    await deferredLoadsSettled();
    window.localStorage.clear();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
    domToBlob.mockClear();
  });

  describe('全部证书', () => {
    it('lists the certificates; one opens as the certificate with its lines, seal and verification address', async () => {
      stubBrowser();
      stubFetch(routes({ [MINE]: ok({ rows: [cert()], total: 1 }) }));
      renderApp('/workbench/index/certificate');
      expect(await screen.findByRole('heading', { name: '全部证书', level: 1 })).toBeTruthy();
      const card = await screen.findByTestId('certificate-card');
      expect(within(card).getByRole('heading', { name: '实习证明' })).toBeTruthy();
      expect(card.textContent).toContain('优加信息技术有限公司');
      fireEvent.click(within(card).getByTestId('certificate-open'));
      const doc = await screen.findByTestId('certificate');
      expect(doc.style.width).toBe('800px');
      expect(doc.style.height).toBe('566px');
      expect(doc.textContent).toContain(
        '兹证明 王小明 同学（优加示范大学）于 2026年3月1日 至 2026年6月30日 在 优加信息技术有限公司 参加「2026 春季实习」，从事Java 开发实习工作，特此证明。',
      );
      const lines = within(screen.getByTestId('certificate-comment')).getAllByText(/./, { selector: 'p' });
      expect(lines.map((p) => p.textContent)).toEqual(['工作认真负责', '团队协作良好']);
      expect(within(doc).getByRole('img', { name: '优加信息技术有限公司公章' }).getAttribute('src')).toBe(
        '/api/files/5/content?expires=1&signature=s',
      );
      expect(doc.textContent).toContain('2026年7月1日');
      const link = screen.getByTestId('certificate-verify-link');
      expect(link.getAttribute('href')).toBe('/certificate/verify/code-1');
      expect(link.textContent).toBe('http://localhost:3000/certificate/verify/code-1');
    });

    it('Graduation says 准予结业; Customized shows its image whole', async () => {
      stubBrowser();
      stubFetch(
        routes({
          [MINE]: ok({
            rows: [
              cert({ type: 'Graduation', subject: '软件开发' }),
              cert({
                id: '32',
                type: 'Customized',
                customCertificateUrl: '/api/files/9/content?x',
                officialSealPath: '',
              }),
            ],
            total: 2,
          }),
        }),
      );
      renderApp('/workbench/index/certificate');
      const cards = await screen.findAllByTestId('certificate-card');
      fireEvent.click(within(cards[0] as HTMLElement).getByTestId('certificate-open'));
      expect((await screen.findByTestId('certificate')).textContent).toContain(
        '完成软件开发全部学习与实践任务，考核合格，准予结业。',
      );
      expect(screen.getByTestId('certificate').textContent).toContain('结业证书');
      fireEvent.click(screen.getByRole('button', { name: /关闭|Close/ }));
      fireEvent.click(within(cards[1] as HTMLElement).getByTestId('certificate-open'));
      await waitFor(() =>
        expect(screen.getByTestId('certificate').getAttribute('data-type')).toBe('Customized'),
      );
      const image = within(screen.getByTestId('certificate')).getByRole('img');
      expect(image.getAttribute('src')).toBe('/api/files/9/content?x');
      expect(image.getAttribute('alt')).toBe('王小明的自定义证书');
    });

    it('exports the certificate node at scale 10 as 证书-<name>-<kind>.png', async () => {
      stubBrowser();
      stubFetch(routes({ [MINE]: ok({ rows: [cert()], total: 1 }) }));
      const createObjectURL = vi.fn(() => 'blob:certificate');
      vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
      const clicked: string[] = [];
      vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
        clicked.push(`${this.download}|${this.href}`);
      });
      renderApp('/workbench/index/certificate');
      fireEvent.click(await screen.findByTestId('certificate-open'));
      const doc = await screen.findByTestId('certificate');
      fireEvent.click(screen.getByTestId('certificate-export'));
      await waitFor(() => expect(clicked).toEqual(['证书-王小明-实习证明.png|blob:certificate']));
      expect(domToBlob).toHaveBeenCalledWith(doc, { scale: 10, type: 'image/png' });
    });

    it('prints only the certificate: the print class is on the page while printing', async () => {
      stubBrowser();
      stubFetch(routes({ [MINE]: ok({ rows: [cert()], total: 1 }) }));
      let during = false;
      vi.stubGlobal(
        'print',
        vi.fn(() => {
          during = document.body.classList.contains('cert-printing');
        }),
      );
      renderApp('/workbench/index/certificate');
      fireEvent.click(await screen.findByTestId('certificate-open'));
      fireEvent.click(await screen.findByTestId('certificate-print'));
      expect(during).toBe(true);
      expect(screen.getByTestId('certificate').closest('.cert-print-area')).toBeTruthy();
      await waitFor(() => expect(document.body.classList.contains('cert-printing')).toBe(false));
    });

    it('disables the context menu and the developer-tools keys while mounted, says why, and stops on leaving', async () => {
      stubBrowser();
      stubFetch(routes({ [MINE]: ok({ rows: [], total: 0 }) }));
      const { router } = renderApp('/workbench/index/certificate');
      expect(await screen.findByText('暂无证书')).toBeTruthy();
      expect(screen.queryByTestId('certificate-protect-notice')).toBeNull();
      const menu = new MouseEvent('contextmenu', { bubbles: true, cancelable: true });
      act(() => void document.body.dispatchEvent(menu));
      expect(menu.defaultPrevented).toBe(true);
      expect((await screen.findByTestId('certificate-protect-notice')).textContent).toBe(NOTICE);
      for (const init of [
        { key: 'F12' },
        { key: 'I', ctrlKey: true, shiftKey: true },
        { key: 'j', metaKey: true, altKey: true },
      ]) {
        const key = new KeyboardEvent('keydown', { ...init, bubbles: true, cancelable: true });
        act(() => void document.body.dispatchEvent(key));
        expect(key.defaultPrevented).toBe(true);
      }
      const typing = new KeyboardEvent('keydown', { key: 'i', bubbles: true, cancelable: true });
      document.body.dispatchEvent(typing);
      expect(typing.defaultPrevented).toBe(false);
      await act(() => router.navigate('/workbench/index/school'));
      const later = new MouseEvent('contextmenu', { bubbles: true, cancelable: true });
      document.body.dispatchEvent(later);
      expect(later.defaultPrevented).toBe(false);
    });

    it('shows a failed load with 重试', async () => {
      stubBrowser();
      let calls = 0;
      stubFetch(
        routes({
          [MINE]: () => (++calls === 1 ? fail(400, '服务器开小差了') : ok({ rows: [cert()], total: 1 })),
        }),
      );
      renderApp('/workbench/index/certificate');
      expect((await screen.findByTestId('courses-error')).textContent).toContain('服务器开小差了');
      fireEvent.click(screen.getByRole('button', { name: /重\s*试/ }));
      expect(await screen.findByTestId('certificate-card')).toBeTruthy();
    });
  });

  it('knows the developer-tools shortcuts', () => {
    const k = (key: string, mods: Partial<KeyboardEvent> = {}) =>
      isDevToolsShortcut({ key, ctrlKey: false, metaKey: false, shiftKey: false, altKey: false, ...mods });
    expect(k('F12')).toBe(true);
    expect(k('c', { ctrlKey: true, shiftKey: true })).toBe(true);
    expect(k('c', { ctrlKey: true })).toBe(false);
    expect(k('k', { ctrlKey: true, shiftKey: true })).toBe(false);
  });

  describe('证书验证 (public)', () => {
    it('says 证书真实有效 with the masked details', async () => {
      window.localStorage.clear();
      stubBrowser();
      stubFetch({
        [VERIFY]: ok({
          genuine: true,
          revokedAt: null,
          type: 'Graduation',
          memberName: '王*明',
          companyName: '优加信息技术有限公司',
          subject: '软件开发',
          issuedAt: Date.UTC(2026, 6, 1, 4),
          period: { start: Date.UTC(2026, 2, 1, 4), end: Date.UTC(2026, 5, 30, 4) },
        }),
      });
      renderApp('/certificate/verify/code-1');
      expect((await screen.findByTestId('verify-genuine')).textContent).toContain('证书真实有效');
      const box = screen.getByTestId('certificate-verify');
      expect(box.textContent).toContain('王*明');
      expect(box.textContent).toContain('结业证书');
      expect(box.textContent).toContain('2026年3月1日 至 2026年6月30日');
    });

    it('says 该证书已被撤销 for a revoked one and 证书不存在或已失效 for an unknown code', async () => {
      window.localStorage.clear();
      stubBrowser();
      stubFetch({
        [VERIFY]: ok({
          genuine: false,
          revokedAt: Date.UTC(2026, 7, 1, 4),
          type: 'Internship',
          memberName: '王*明',
          companyName: '优加信息技术有限公司',
          subject: 'Java',
          issuedAt: Date.UTC(2026, 6, 1, 4),
          period: { start: null, end: null },
        }),
        'GET /api/ourea/internship_certificates/verify/nope': fail(404, '证书不存在或已失效'),
      });
      const { router } = renderApp('/certificate/verify/code-1');
      expect((await screen.findByTestId('verify-revoked')).textContent).toContain('该证书已被撤销');
      expect(screen.getByTestId('certificate-verify').textContent).toContain('2026年8月1日');
      await act(() => router.navigate('/certificate/verify/nope'));
      expect((await screen.findByTestId('verify-missing')).textContent).toContain('证书不存在或已失效');
    });
  });

  describe('证书管理', () => {
    const issued = (over: Partial<IssuedCertificate> = {}): IssuedCertificate => ({
      id: '31',
      type: 'Internship',
      memberName: '王小明',
      schoolName: '优加示范大学',
      subject: 'Java 开发',
      groupId: '7',
      internshipGroupName: '2026 春季实习',
      issuerName: '张伟',
      createAt: Date.UTC(2026, 6, 1, 4),
      revokedAt: null,
      verifyCode: 'code-1',
      ...over,
    });
    const managed = ok({
      rows: [
        {
          id: '7',
          name: '2026 春季实习',
          description: '',
          status: 'Finished',
          startTimestamp: 1,
          endTimestamp: 2,
          finishedAt: 3,
          memberCount: 1,
          stageCount: 1,
        },
      ],
      total: 1,
    });

    it('lists what the company issued and revokes one after asking', async () => {
      signIn('Business');
      stubBrowser();
      let revoked = false;
      const calls = stubFetch(
        routes(
          {
            [ISSUED]: () => ok({ rows: [issued(revoked ? { revokedAt: 5 } : {})], total: 1 }),
            'GET /api/ourea/internship_groups/managed': managed,
            [REVOKE]: () => {
              revoked = true;
              return ok(issued({ revokedAt: 5 }));
            },
          },
          'Business',
        ),
      );
      renderApp('/u/enterprise/certificates');
      expect(await screen.findByRole('heading', { name: '证书管理', level: 1 })).toBeTruthy();
      const table = await screen.findByTestId('cert-manage-table');
      expect(table.textContent).toContain('王小明');
      expect(table.textContent).toContain('有效');
      fireEvent.click(within(table).getByTestId('cert-revoke'));
      expect((await screen.findByTestId('confirm-content')).textContent).toContain('确定撤销吗');
      expect(calls.some((c) => `${c.method} ${c.path}` === REVOKE)).toBe(false);
      fireEvent.click(screen.getByTestId('confirm-ok'));
      await waitFor(() => expect(calls.some((c) => `${c.method} ${c.path}` === REVOKE)).toBe(true));
      await waitFor(() => expect(screen.getByTestId('cert-manage-table').textContent).toContain('已撤销'));
    });

    it('tells a user without a company why, with the way to 企业入口', async () => {
      stubBrowser();
      stubFetch(
        routes({
          [ISSUED]: fail(403, '您尚未设置所属企业，无法管理证书'),
          'GET /api/ourea/internship_groups/managed': fail(403, '您尚未设置所属企业'),
        }),
      );
      renderApp('/u/enterprise/certificates');
      const refused = await screen.findByTestId('cert-manage-refused');
      expect(refused.textContent).toContain('您尚未设置所属企业，无法管理证书');
      expect(within(refused).getByRole('link', { name: '前往企业入口' }).getAttribute('href')).toBe(
        '/workbench/index/company',
      );
    });

    it('the 颁发证书 dialog says what is missing and offers the last seal again', async () => {
      signIn('Business');
      stubBrowser();
      stubFetch(
        routes(
          {
            [ISSUED]: ok({ rows: [], total: 0 }),
            'GET /api/ourea/internship_groups/managed': managed,
            'GET /api/ourea/internship_certificates/last_seal': ok({
              id: 5,
              name: '公章.png',
              contentType: 'image/png',
              size: 1000,
              url: '/api/files/5/content?x',
            }),
          },
          'Business',
        ),
      );
      renderApp('/u/enterprise/certificates');
      expect(await screen.findByText('暂无已颁发的证书')).toBeTruthy();
      fireEvent.click(screen.getByTestId('cert-issue-open'));
      // antd's ids are fixed in tests, so the dialog is found by role and its title checked as text
      const dialog = await screen.findByRole('dialog');
      expect(dialog.textContent).toContain('颁发证书');
      await waitFor(() => expect(dialog.textContent).toContain('公章.png'));
      expect(dialog.textContent).toContain('已填入上次使用的公章');
      fireEvent.click(within(dialog).getByRole('button', { name: /颁\s*发/ }));
      expect(await within(dialog).findByText('请选择实习计划')).toBeTruthy();
      expect(await within(dialog).findByText('请选择实习成员')).toBeTruthy();
      expect(await within(dialog).findByText('请输入证书内容')).toBeTruthy();
    });
  });
});
