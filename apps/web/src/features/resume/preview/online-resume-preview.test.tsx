import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ResumePreview } from '@uplus/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deferredLoadsSettled } from '../../../components/lazy-antd';
import {
  fail,
  ok,
  type RecordedCall,
  recordCall,
  renderApp,
  type StubAnswer,
  sessionRoutes,
  setSite,
  signIn,
  stubBrowser,
  stubFetch,
} from '../../../test/helpers';

const PATH = '/workbench/previewonlineresume';
const PREVIEW = 'GET /api/ourea/resume_onlines/preview';
const PDF = '/api/ourea/resume_onlines/pdf';

const month = (y: number, m: number) => Date.UTC(y, m - 1, 1);

const resume = (over: Partial<ResumePreview> = {}): ResumePreview => ({
  id: 7,
  updateAt: new Date(2026, 10, 24, 21, 5).getTime(),
  profile: {
    name: '欧阳晓雯',
    portrait: '/api/files/3/content?expires=1&signature=s',
    sex: 'Female',
    sexTitle: '女',
    age: 23,
    birthday: Date.UTC(2003, 4, 20),
    politicalStatusTitle: '中共党员',
    mobile: '13812345678',
    email: 'xw@example.cn',
  },
  intention: {
    positions: ['软件工程技术人员'],
    cities: ['杭州市', '全国'],
    salary: '15-25k',
    statusTitle: '正在求职',
  },
  strength: '熟悉 TypeScript\n\n擅长拆解问题',
  educations: [
    {
      id: null,
      resumeId: 7,
      top: true,
      schoolCode: '10001',
      schoolName: '北京大学',
      majorCode: '080902',
      majorName: '软件工程',
      degree: 'Master',
      degreeTitle: '硕士',
      enrolmentAt: month(2024, 9),
      graduateAt: month(2027, 6),
      gradingRank: 'Top10',
      gradingRankTitle: '前10%',
    },
  ],
  internships: [
    {
      id: 1,
      resumeId: 7,
      companyName: '杭州云栖数据科技有限公司',
      inauguralAt: month(2025, 7),
      resignAt: month(2025, 12),
      occupationName: '后端开发实习生',
      description: '负责简历模块\n重写查询层',
    },
  ],
  societies: [],
  awards: [{ id: 2, resumeId: 7, name: '国家奖学金', awardedAt: month(2023, 10) }],
  languages: [
    { id: 3, resumeId: 7, language: '粤语', proficiencyLevel: 'General', proficiencyLevelTitle: '一般' },
  ],
  evaluation: '踏实肯干',
  ...over,
});

type Handler = StubAnswer | ((call: RecordedCall) => StubAnswer | Promise<StubAnswer>);
const routes = (extra: Record<string, Handler>) => ({ ...sessionRoutes('Student'), ...extra });

/** The app's stubbed fetch, with the PDF call answered by `pdf` (a real Response: it is not JSON). */
const stubPdf = (pdf: (call: RecordedCall) => Response) => {
  const json = globalThis.fetch;
  const calls: RecordedCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const call = recordCall(input, init);
      if (call.path === PDF) {
        calls.push(call);
        return pdf(call);
      }
      return json(input, init);
    }),
  );
  return calls;
};

describe('在线简历预览', () => {
  beforeEach(() => {
    setSite();
    signIn('Student');
    stubBrowser();
  });
  afterEach(async () => {
    await deferredLoadsSettled();
    window.localStorage.clear();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('shows the whole resume as a sheet: header, sections in order, lines, empty sections left out', async () => {
    stubFetch(routes({ [PREVIEW]: ok(resume()) }));
    renderApp(PATH);
    const sheet = await screen.findByTestId('resume-sheet');
    expect(within(sheet).getByRole('heading', { level: 1, name: '欧阳晓雯' })).toBeTruthy();
    expect(screen.getByTestId('preview-facts').textContent).toBe('女 | 23岁 | 中共党员');
    expect(screen.getByTestId('preview-contacts').textContent).toBe(
      '手机：13812345678 | 邮箱：xw@example.cn',
    );
    expect(screen.getByTestId('preview-intention').textContent).toBe(
      '意向职位：软件工程技术人员 | 意向城市：杭州市、全国 | 期望月薪：15-25k | 正在求职',
    );
    expect(within(sheet).getByRole('img', { name: '欧阳晓雯的头像' }).getAttribute('src')).toBe(
      '/api/files/3/content?expires=1&signature=s',
    );
    expect(screen.getByTestId('preview-updated').textContent).toBe('更新于 2026-11-24 21:05');
    const titles = within(sheet)
      .getAllByRole('heading', { level: 2 })
      .map((h) => h.textContent);
    // 社团/项目经历 has no rows: left out
    expect(titles).toEqual(['个人优势', '教育经历', '实习/实践经历', '获奖经历', '语言/技能', '自我评价']);
    const strength = screen.getByTestId('preview-strength');
    expect(Array.from(strength.querySelectorAll('.resume-sheet__text p')).map((p) => p.textContent)).toEqual([
      '熟悉 TypeScript',
      '擅长拆解问题',
    ]);
    const education = screen.getByTestId('preview-education');
    expect(education.textContent).toContain('北京大学');
    expect(education.textContent).toContain('2024.09 - 2027.06');
    expect(education.textContent).toContain('软件工程 | 硕士 | 成绩排名 前10%');
    const internship = screen.getByTestId('preview-internship');
    expect(
      Array.from(internship.querySelectorAll('.resume-sheet__text p')).map((p) => p.textContent),
    ).toEqual(['负责简历模块', '重写查询层']);
    expect(screen.getByTestId('preview-award').textContent).toContain('2023.10');
    expect(screen.getByTestId('preview-language').textContent).toContain('一般');
    expect(screen.queryByTestId('preview-empty')).toBeNull();
    // printing to PDF suggests the tab's title as the file name
    expect(document.title).toBe('欧阳晓雯的简历');
  });

  it('an empty resume says so and links to the editor', async () => {
    stubFetch(
      routes({
        [PREVIEW]: ok(
          resume({
            strength: '',
            evaluation: ' ',
            educations: [],
            internships: [],
            awards: [],
            languages: [],
          }),
        ),
      }),
    );
    renderApp(PATH);
    const empty = await screen.findByTestId('preview-empty');
    expect(within(empty).getByRole('link', { name: '去完善简历' }).getAttribute('href')).toBe(
      '/workbench/index/resume',
    );
    expect(screen.queryAllByRole('heading', { level: 2 })).toEqual([]);
  });

  it('a failed load shows the message in place with 重试, which loads again', async () => {
    let down = true;
    stubFetch(routes({ [PREVIEW]: () => (down ? fail(500, '服务器开小差了') : ok(resume())) }));
    renderApp(PATH);
    const alert = await screen.findByTestId('preview-error');
    expect(alert.getAttribute('role')).toBe('alert');
    expect(alert.textContent).toContain('服务器开小差了');
    expect(screen.queryByTestId('preview-export-pdf')).toBeNull();
    down = false;
    fireEvent.click(within(alert).getByRole('button'));
    expect(await screen.findByTestId('resume-sheet')).toBeTruthy();
  });

  it('导出PDF downloads 欧阳晓雯的简历.pdf with the token; 打印 prints', async () => {
    stubFetch(routes({ [PREVIEW]: ok(resume()) }));
    const pdfCalls = stubPdf(
      () =>
        new Response(new Blob(['%PDF-1.7'], { type: 'application/pdf' }), {
          headers: { 'content-type': 'application/pdf' },
        }),
    );
    const createObjectURL = vi.fn(() => 'blob:resume');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(`${this.download} ${this.getAttribute('href')}`);
    });
    const print = vi.fn();
    vi.stubGlobal('print', print);
    renderApp(PATH);
    fireEvent.click(await screen.findByTestId('preview-export-pdf'));
    expect(await screen.findByText('已导出PDF')).toBeTruthy();
    expect(pdfCalls).toHaveLength(1);
    expect(pdfCalls[0]?.headers.get('x-access-token')).toBe('token-1');
    expect(createObjectURL).toHaveBeenCalledTimes(1);
    expect(clicked).toEqual(['欧阳晓雯的简历.pdf blob:resume']);
    fireEvent.click(screen.getByTestId('preview-print'));
    expect(print).toHaveBeenCalledTimes(1);
  });

  it('a failed export toasts the server’s message and the button works again', async () => {
    stubFetch(routes({ [PREVIEW]: ok(resume()) }));
    const message = '简历导出暂不可用：服务器未安装中文字体，请联系管理员';
    stubPdf(
      () =>
        new Response(JSON.stringify({ success: false, code: 503, message, data: null }), {
          status: 503,
          headers: { 'content-type': 'application/json' },
        }),
    );
    renderApp(PATH);
    const button = await screen.findByTestId('preview-export-pdf');
    fireEvent.click(button);
    expect(await screen.findByText(message)).toBeTruthy();
    await waitFor(() => expect(button.textContent).toContain('导出PDF'));
    expect(button.hasAttribute('disabled')).toBe(false);
  });
});
