import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  COMPLETENESS_PARTS,
  missingPartsOf,
  onlinePercentOf,
  RESUME_MSG,
  type ResumeAward,
  type ResumeEducation,
  type ResumeFacts,
  type ResumeInternship,
  type ResumeLanguage,
  type ResumeSociety,
  SECTION_FULL_MSG,
  SECTION_MAX_ROWS,
} from '@uplus/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deferredLoadsSettled } from '../../components/lazy-antd';
import {
  basicInfo,
  fail,
  finishLeaveMotion,
  ok,
  type RecordedCall,
  renderApp,
  sessionRoutes,
  setSite,
  signIn,
  stubBrowser,
  stubFetch,
} from '../../test/helpers';
import { PROFILE_LATER_KEY } from '../member-profile/profile-completion';

// The right column and the personal section belong to other parts of the page (their own tests).
vi.mock('./attached/attached-resumes-card', () => ({ AttachedResumesCard: () => null }));
vi.mock('./career/job-intention-card', () => ({ JobIntentionCard: () => null }));
vi.mock('./career/job-status-card', () => ({ JobStatusCard: () => null }));
vi.mock('./career/privacy-card', () => ({ PrivacyCard: () => null }));
vi.mock('./career/personal-section', () => ({
  PersonalSection: () => <section data-resume-section="personal">个人信息</section>,
}));

const RESUME_ID = 7;
const UPDATED = new Date(2026, 10, 24, 9, 5).getTime();
const month = (y: number, m: number) => Date.UTC(y, m - 1, 1);

const top = (): ResumeEducation => ({
  id: null,
  resumeId: RESUME_ID,
  top: true,
  schoolCode: '10001',
  schoolName: '北京大学',
  majorCode: '080902',
  majorName: '软件工程',
  degree: 'Bachelor',
  degreeTitle: '本科',
  enrolmentAt: month(2022, 9),
  graduateAt: month(2026, 6),
  gradingRank: null,
  gradingRankTitle: '',
});

type Server = {
  updateAt: number;
  strength: string;
  evaluation: string;
  education: ResumeEducation[];
  internship: ResumeInternship[];
  society: ResumeSociety[];
  award: ResumeAward[];
  language: ResumeLanguage[];
  nextId: number;
};

const PATHS = {
  education: 'resume_online_educations',
  internship: 'resume_online_internships',
  society: 'resume_online_societies',
  award: 'resume_online_awards',
  language: 'resume_online_languages',
} as const;

/** An in-memory resume server: the resume, completeness, the five sections, evaluations, editTop. */
const resumeServer = (start: Partial<Server> = {}) => {
  const s: Server = {
    updateAt: UPDATED,
    strength: '',
    evaluation: '',
    education: [top()],
    internship: [],
    society: [],
    award: [],
    language: [],
    nextId: 100,
    ...start,
  };
  const facts = (): ResumeFacts => ({
    personal: true,
    avatar: false,
    strength: s.strength !== '',
    education: s.education.some((e) => e.top),
    internship: s.internship.length > 0,
    society: s.society.length > 0,
    award: s.award.length > 0,
    language: s.language.length > 0,
    evaluation: s.evaluation !== '',
    intention: false,
  });
  const touch = () => {
    s.updateAt += 60_000;
  };
  const routes: Record<string, (call: RecordedCall) => ReturnType<typeof ok>> = {
    'GET /api/ourea/resume_onlines': () =>
      ok({ id: RESUME_ID, strength: s.strength, evaluation: s.evaluation, updateAt: s.updateAt }),
    [`PUT /api/ourea/resume_onlines/${RESUME_ID}`]: () => {
      touch();
      return ok({ id: RESUME_ID, strength: s.strength, evaluation: s.evaluation, updateAt: s.updateAt });
    },
    'GET /api/ourea/resume_onlines/percentages': () => {
      const f = facts();
      const percent = onlinePercentOf(f);
      return ok({
        onlinePercentages: percent,
        onlineCompleted: percent >= 80,
        attachedCount: 0,
        perfected: true,
        facts: f,
        missing: missingPartsOf(f),
      });
    },
    [`GET /api/ourea/resume_online_evaluations/${RESUME_ID}`]: () =>
      ok({ id: RESUME_ID, strength: s.strength, evaluation: s.evaluation }),
    [`PUT /api/ourea/resume_online_evaluations/${RESUME_ID}`]: (call) => {
      const body = call.body as { strength?: string; evaluation?: string };
      if (body.strength !== undefined) s.strength = body.strength;
      if (body.evaluation !== undefined) s.evaluation = body.evaluation;
      touch();
      return ok({ id: RESUME_ID, strength: s.strength, evaluation: s.evaluation });
    },
    'PUT /api/ourea/member_profiles': (call) => {
      const b = call.body as Record<string, unknown>;
      const row = { ...top(), ...b, top: true, id: null } as ResumeEducation;
      s.education = [row, ...s.education.filter((e) => !e.top)];
      return ok({
        userId: 'u1',
        name: '张同学',
        sex: 'Male',
        avatar: '',
        birthday: null,
        degree: row.degree,
        schoolCode: row.schoolCode,
        schoolName: row.schoolName,
        majorCode: row.majorCode,
        majorName: row.majorName,
        enrolmentAt: row.enrolmentAt,
        graduateAt: row.graduateAt,
        perfected: true,
      });
    },
    'GET /api/ourea/schools': () =>
      ok({
        rows: [
          { code: '10001', name: '北京大学', province: '北京市' },
          { code: '10003', name: '清华大学', province: '北京市' },
        ],
        total: 2,
      }),
    'GET /api/ourea/majors': () =>
      ok({ rows: [{ code: '080902', name: '软件工程', category: '工学' }], total: 1 }),
  };
  for (const [key, path] of Object.entries(PATHS) as [keyof typeof PATHS, string][]) {
    routes[`GET /api/ourea/${path}`] = () => ok(s[key]);
    routes[`POST /api/ourea/${path}`] = (call) => {
      const row = { ...(call.body as object), id: s.nextId++, resumeId: RESUME_ID } as never;
      (s[key] as unknown[]).unshift(row);
      touch();
      return ok(row);
    };
  }
  return { s, routes };
};

const workbench = (routes: Record<string, unknown>) =>
  ({
    ...sessionRoutes('Student'),
    'POST /api/qmn/c/counts': ok({
      unread: 0,
      byType: { System: 0, Course: 0, Internship: 0, Recruitment: 0 },
    }),
    'GET /api/base/organ/modules': ok([]),
    'GET /api/qmn/notices/smallBell': ok({ rows: [], total: 0 }),
    'GET /api/portal/users/u1': ok([]),
    'GET /api/ourea/members/basic/info': fail(404, '不存在'),
    ...routes,
  }) as Parameters<typeof stubFetch>[0];

const isSectionPost = (c: RecordedCall) => c.method === 'POST' && c.path.startsWith('/api/ourea/');

const section = (key: string) => screen.findByTestId(`resume-section-${key}`);

/** The message under a field, and the field's control says so (aria-invalid, aria-describedby). */
const expectFieldError = async (testId: string, message: string) => {
  const text = await screen.findByText(message);
  const control = screen.getByTestId(testId);
  const input = control.matches('input, textarea') ? control : (control.querySelector('input') ?? control);
  await waitFor(() => expect(input.getAttribute('aria-invalid')).toBe('true'));
  const describedBy = input.getAttribute('aria-describedby') ?? '';
  const explain = text.closest('[id]');
  expect(explain && describedBy.split(' ').includes(explain.id)).toBe(true);
};

/** Types a month into a month picker (YYYY.MM) and confirms it. */
const pickMonth = async (testId: string, value: string) => {
  const control = screen.getByTestId(testId);
  const input = (control.matches('input') ? control : control.querySelector('input')) as HTMLInputElement;
  fireEvent.mouseDown(input);
  fireEvent.focus(input);
  fireEvent.change(input, { target: { value } });
  fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
  fireEvent.blur(input);
  await waitFor(() => expect(input.value).toBe(value));
};

const typeInto = (testId: string, value: string) => {
  const control = screen.getByTestId(testId);
  const input = control.matches('input, textarea') ? control : control.querySelector('input, textarea');
  fireEvent.change(input as Element, { target: { value } });
};

beforeEach(() => {
  setSite();
  stubBrowser();
  signIn('Student');
  window.sessionStorage.setItem(PROFILE_LATER_KEY, '1');
});
afterEach(async () => {
  await deferredLoadsSettled();
  window.localStorage.clear();
  window.sessionStorage.clear();
  vi.unstubAllGlobals();
});

describe('我的简历', () => {
  it('shows the update time, 预览简历 in a new tab, the completeness with what is missing, the sections in order', async () => {
    const { routes } = resumeServer({ strength: '熟悉 Java\n热爱开源' });
    stubFetch(workbench(routes));
    renderApp('/workbench/index/resume');
    expect(await screen.findByRole('heading', { name: '我的简历', level: 1 })).toBeTruthy();
    expect((await screen.findByTestId('resume-update-time')).textContent).toBe('更新时间：2026-11-24 09:05');
    const preview = screen.getByTestId('resume-preview-link');
    expect(preview.getAttribute('href')).toBe('/workbench/previewonlineresume');
    expect(preview.getAttribute('target')).toBe('_blank');
    const line = await screen.findByTestId('resume-completeness');
    await waitFor(() => expect(line.textContent).toContain('简历完整度 45%，还可完善：头像、实习/实践经历'));
    // the eight sections in the spec's order
    await screen.findByTestId('resume-section-evaluation');
    const order = Array.from(document.querySelectorAll('[data-resume-section]')).map((e) =>
      e.getAttribute('data-resume-section'),
    );
    expect(order).toEqual([
      'personal',
      'strength',
      'education',
      'internship',
      'society',
      'award',
      'language',
      'evaluation',
    ]);
    // strength line by line; the first education marked, its delete disabled with the reason
    expect((await screen.findByTestId('resume-strength-text')).textContent).toBe('熟悉 Java\n热爱开源');
    const edu = await within(await section('education')).findByTestId('resume-education-row');
    expect(edu.textContent).toContain('北京大学');
    expect(edu.textContent).toContain('最高学历');
    expect(edu.textContent).toContain('2022.09 - 2026.06');
    const del = within(edu).getByTestId('resume-education-row-delete') as HTMLButtonElement;
    expect(del.disabled).toBe(true);
    expect(del.getAttribute('title')).toBe(RESUME_MSG.topEducationUndeletable);
    expect(within(await section('internship')).getByTestId('resume-internship-empty')).toBeTruthy();
  });

  it('loads nothing without a stored user id', async () => {
    window.localStorage.removeItem('userid');
    const { routes } = resumeServer();
    // a session whose basic info names no user id either
    const calls = stubFetch(
      workbench({ ...routes, 'GET /api/portal/users/basic_info': ok(basicInfo({ userid: '' })) }),
    );
    renderApp('/workbench/index/resume');
    expect(await screen.findByTestId('resume-no-user')).toBeTruthy();
    expect(calls.some((c) => c.path.startsWith('/api/ourea/resume'))).toBe(false);
  });

  it('a failed load says why and offers 重试', async () => {
    const { routes } = resumeServer();
    let fails = true;
    stubFetch(
      workbench({
        ...routes,
        'GET /api/ourea/resume_onlines': (call: RecordedCall) =>
          fails ? fail(500, '服务暂时不可用') : routes['GET /api/ourea/resume_onlines']?.(call),
      }),
    );
    renderApp('/workbench/index/resume');
    const error = await screen.findByTestId('resume-load-error');
    expect(error.textContent).toContain('服务暂时不可用');
    fails = false;
    fireEvent.click(within(error).getByTestId('resume-retry'));
    expect(await screen.findByTestId('resume-section-internship')).toBeTruthy();
  });

  it('internship: each rule of spec 5 under its field in order, then saves, reloads the list, time and completeness', async () => {
    const { routes } = resumeServer();
    const calls = stubFetch(workbench(routes));
    renderApp('/workbench/index/resume');
    fireEvent.click(await screen.findByTestId('resume-internship-add'));
    const save = await screen.findByTestId('resume-internship-form-save');

    fireEvent.click(save);
    await expectFieldError('resume-internship-company', RESUME_MSG.companyRequired);
    expect(document.activeElement).toBe(screen.getByTestId('resume-internship-company'));
    typeInto('resume-internship-company', '字'.repeat(31));
    // an edited field loses its message until the next save
    await waitFor(() => expect(screen.queryByText(RESUME_MSG.companyRequired)).toBeNull());
    fireEvent.click(save);
    await expectFieldError('resume-internship-company', RESUME_MSG.companyTooLong);
    typeInto('resume-internship-company', '优加科技');
    fireEvent.click(save);
    await expectFieldError('resume-internship-position', RESUME_MSG.positionRequired);
    typeInto('resume-internship-position', '前端开发实习生');
    fireEvent.click(save);
    await expectFieldError('resume-internship-start', RESUME_MSG.workTimeRequired);
    await pickMonth('resume-internship-end', '2025.09');
    fireEvent.click(save);
    await expectFieldError('resume-internship-start', RESUME_MSG.startTimeRequired);
    await pickMonth('resume-internship-start', '2025.10');
    fireEvent.click(save);
    await expectFieldError('resume-internship-start', RESUME_MSG.startAfterEnd);
    await pickMonth('resume-internship-start', '2025.07');
    typeInto('resume-internship-description', '写'.repeat(501));
    fireEvent.click(save);
    await expectFieldError('resume-internship-description', RESUME_MSG.descriptionTooLong);
    typeInto('resume-internship-description', '负责组件开发\n参与代码评审');
    expect(calls.some(isSectionPost)).toBe(false);

    const percentagesBefore = calls.filter((c) => c.path.endsWith('/percentages')).length;
    fireEvent.click(save);
    expect(await screen.findByText(RESUME_MSG.saved)).toBeTruthy();
    const post = calls.find(isSectionPost);
    expect(post?.path).toBe('/api/ourea/resume_online_internships');
    expect(post?.body).toEqual({
      resumeId: RESUME_ID,
      companyName: '优加科技',
      occupationName: '前端开发实习生',
      inauguralAt: month(2025, 7),
      resignAt: month(2025, 9),
      description: '负责组件开发\n参与代码评审',
    });
    const row = await within(await section('internship')).findByTestId('resume-internship-row');
    expect(row.textContent).toContain('优加科技');
    expect(row.textContent).toContain('2025.07 - 2025.09');
    expect(screen.queryByTestId('resume-internship-form')).toBeNull();
    await waitFor(() =>
      expect(screen.getByTestId('resume-update-time').textContent).toBe('更新时间：2026-11-24 09:06'),
    );
    expect(calls.filter((c) => c.path.endsWith('/percentages')).length).toBeGreaterThan(percentagesBefore);
    await waitFor(() =>
      expect(screen.getByTestId('resume-completeness').textContent).toContain('简历完整度 50%'),
    );
  });

  it('one section at a time: another section’s add scrolls to the open one and says which', async () => {
    const { routes } = resumeServer();
    stubFetch(workbench(routes));
    const scroll = vi.fn();
    Element.prototype.scrollIntoView = scroll;
    renderApp('/workbench/index/resume');
    fireEvent.click(await screen.findByTestId('resume-internship-add'));
    await screen.findByTestId('resume-internship-form');
    fireEvent.click(await screen.findByTestId('resume-award-add'));
    expect(await screen.findByText(RESUME_MSG.editing('实习/实践经历'))).toBeTruthy();
    expect(screen.queryByTestId('resume-award-form')).toBeNull();
    expect(scroll).toHaveBeenCalled();
    expect((scroll.mock.contexts[0] as Element).getAttribute('data-resume-section')).toBe('internship');
    // cancel: back to view mode, and the award can open
    fireEvent.click(screen.getByTestId('resume-internship-form-cancel'));
    await waitFor(() => expect(screen.queryByTestId('resume-internship-form')).toBeNull());
    fireEvent.click(screen.getByTestId('resume-award-add'));
    expect(await screen.findByTestId('resume-award-form')).toBeTruthy();
  });

  it('IME: the Enter that ends a composition never saves; a plain Enter does', async () => {
    const { routes } = resumeServer();
    const calls = stubFetch(workbench(routes));
    renderApp('/workbench/index/resume');
    fireEvent.click(await screen.findByTestId('resume-language-add'));
    const name = await screen.findByTestId('resume-language-name');
    typeInto('resume-language-name', '英语');
    fireEvent.keyDown(name, { key: 'Enter', code: 'Enter', keyCode: 229, isComposing: true });
    await act(async () => {
      await new Promise((r) => setTimeout(r, 20));
    });
    expect(screen.queryByText(RESUME_MSG.proficiencyRequired)).toBeNull();
    fireEvent.keyDown(name, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await expectFieldError('resume-language-level', RESUME_MSG.proficiencyRequired);
    expect(calls.some(isSectionPost)).toBe(false);
  });

  it('delete asks 删除后不可恢复，确认删除吗？ and reloads; 删除成功', async () => {
    const award: ResumeAward = {
      id: 31,
      resumeId: RESUME_ID,
      name: '蓝桥杯省一等奖',
      awardedAt: month(2025, 4),
    };
    const { s, routes } = resumeServer({ award: [award] });
    const calls = stubFetch(
      workbench({
        ...routes,
        'DELETE /api/ourea/resume_online_awards/31': () => {
          s.award = [];
          return ok(null);
        },
      }),
    );
    renderApp('/workbench/index/resume');
    const row = await within(await section('award')).findByTestId('resume-award-row');
    expect(row.textContent).toContain('2025.04');
    fireEvent.click(within(row).getByTestId('resume-award-row-delete'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain(RESUME_MSG.deleteConfirm);
    fireEvent.click(within(dialog).getByTestId('confirm-ok'));
    expect(await screen.findByText(RESUME_MSG.deleted)).toBeTruthy();
    expect(calls.some((c) => c.method === 'DELETE' && c.path === '/api/ourea/resume_online_awards/31')).toBe(
      true,
    );
    finishLeaveMotion();
    expect(await within(await section('award')).findByTestId('resume-award-empty')).toBeTruthy();
  });

  it('the first education is saved through PUT member_profiles (editTop; grade left out when empty), then the update time is touched', async () => {
    const { routes } = resumeServer();
    const calls = stubFetch(workbench(routes));
    renderApp('/workbench/index/resume');
    const edu = await within(await section('education')).findByTestId('resume-education-row');
    fireEvent.click(within(edu).getByTestId('resume-education-row-edit'));
    await screen.findByTestId('resume-education-form');
    await pickMonth('resume-education-end', '2022.06');
    fireEvent.click(screen.getByTestId('resume-education-form-save'));
    await expectFieldError('resume-education-start', RESUME_MSG.startAfterEnd);
    await pickMonth('resume-education-end', '2026.07');
    fireEvent.click(screen.getByTestId('resume-education-form-save'));
    expect(await screen.findByText(RESUME_MSG.saved)).toBeTruthy();
    const put = calls.find((c) => c.method === 'PUT' && c.path === '/api/ourea/member_profiles');
    expect(put?.body).toEqual({
      schoolCode: '10001',
      majorCode: '080902',
      degree: 'Bachelor',
      enrolmentAt: month(2022, 9),
      graduateAt: month(2026, 7),
      resumeId: RESUME_ID,
    });
    await waitFor(() =>
      expect(
        calls.some((c) => c.method === 'PUT' && c.path === `/api/ourea/resume_onlines/${RESUME_ID}`),
      ).toBe(true),
    );
    expect(calls.some(isSectionPost)).toBe(false);
  });

  it('a second education is a section row (POST), and a refusal naming a field goes under it', async () => {
    const { routes } = resumeServer();
    stubFetch(
      workbench({
        ...routes,
        'POST /api/ourea/resume_online_educations': fail(400, RESUME_MSG.majorRequired),
      }),
    );
    renderApp('/workbench/index/resume');
    fireEvent.click(await screen.findByTestId('resume-education-add'));
    await screen.findByTestId('resume-education-form');
    fireEvent.click(screen.getByTestId('resume-education-form-save'));
    await expectFieldError('resume-education-school', RESUME_MSG.schoolRequired);
    const school = within(screen.getByTestId('resume-education-school')).getByRole('combobox');
    fireEvent.mouseDown(school);
    fireEvent.click(await screen.findByText('清华大学'));
    fireEvent.click(screen.getByTestId('resume-education-form-save'));
    await expectFieldError('resume-education-degree', RESUME_MSG.degreeRequired);
    fireEvent.mouseDown(within(screen.getByTestId('resume-education-degree')).getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('硕士'));
    fireEvent.click(screen.getByTestId('resume-education-form-save'));
    await expectFieldError('resume-education-major', RESUME_MSG.majorRequired);
    const major = within(screen.getByTestId('resume-education-major')).getByRole('combobox');
    fireEvent.mouseDown(major);
    fireEvent.click(await screen.findByText('软件工程'));
    fireEvent.click(screen.getByTestId('resume-education-form-save'));
    await expectFieldError('resume-education-start', RESUME_MSG.schoolTimeRequired);
    await pickMonth('resume-education-start', '2026.09');
    fireEvent.click(screen.getByTestId('resume-education-form-save'));
    await expectFieldError('resume-education-end', RESUME_MSG.endTimeRequired);
    await pickMonth('resume-education-end', '2029.06');
    fireEvent.click(screen.getByTestId('resume-education-form-save'));
    // the server's refusal (a major not in the catalogue) under its field; the form stays open
    await expectFieldError('resume-education-major', RESUME_MSG.majorRequired);
    expect(screen.getByTestId('resume-education-form')).toBeTruthy();
  });

  it('strength: at most 500 characters; saves { strength } and shows it line by line', async () => {
    const { routes } = resumeServer();
    const calls = stubFetch(workbench(routes));
    renderApp('/workbench/index/resume');
    fireEvent.click(await screen.findByTestId('resume-strength-add'));
    const input = await screen.findByTestId('resume-strength-input');
    await waitFor(() => expect(document.activeElement).toBe(input));
    typeInto('resume-strength-input', '优'.repeat(501));
    fireEvent.click(screen.getByTestId('resume-strength-form-save'));
    await expectFieldError('resume-strength-input', RESUME_MSG.strengthTooLong);
    typeInto('resume-strength-input', '  学习能力强\n善于沟通  ');
    fireEvent.click(screen.getByTestId('resume-strength-form-save'));
    expect((await screen.findByTestId('resume-strength-text')).textContent).toBe('学习能力强\n善于沟通');
    const put = calls.find((c) => c.method === 'PUT' && c.path.includes('evaluations'));
    expect(put?.body).toEqual({ strength: '学习能力强\n善于沟通' });
    expect(COMPLETENESS_PARTS.length).toBe(10);
  });

  it('without a first education, the first one added goes to the member profile (editTop)', async () => {
    const { routes } = resumeServer({ education: [] });
    const calls = stubFetch(workbench(routes));
    renderApp('/workbench/index/resume');
    expect(await screen.findByTestId('resume-education-empty')).toBeTruthy();
    fireEvent.click(screen.getByTestId('resume-education-add'));
    await screen.findByTestId('resume-education-form');
    const school = within(screen.getByTestId('resume-education-school')).getByRole('combobox');
    fireEvent.mouseDown(school);
    fireEvent.click(await screen.findByText('北京大学'));
    fireEvent.mouseDown(within(screen.getByTestId('resume-education-degree')).getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('本科'));
    const major = within(screen.getByTestId('resume-education-major')).getByRole('combobox');
    fireEvent.mouseDown(major);
    fireEvent.click(await screen.findByText('软件工程'));
    await pickMonth('resume-education-start', '2022.09');
    await pickMonth('resume-education-end', '2026.06');
    fireEvent.mouseDown(within(screen.getByTestId('resume-education-rank')).getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('前30%'));
    fireEvent.click(screen.getByTestId('resume-education-form-save'));
    expect(await screen.findByText(RESUME_MSG.saved)).toBeTruthy();
    const put = calls.find((c) => c.method === 'PUT' && c.path === '/api/ourea/member_profiles');
    expect(put?.body).toEqual({
      schoolCode: '10001',
      majorCode: '080902',
      degree: 'Bachelor',
      enrolmentAt: month(2022, 9),
      graduateAt: month(2026, 6),
      gradingRank: 'Top30',
      resumeId: RESUME_ID,
    });
    expect(calls.some(isSectionPost)).toBe(false);
    const row = await within(await section('education')).findByTestId('resume-education-row');
    expect(row.textContent).toContain('最高学历');
  });

  it('a full section (SECTION_MAX_ROWS rows) says so instead of opening a form', async () => {
    const awards: ResumeAward[] = Array.from({ length: SECTION_MAX_ROWS }, (_, i) => ({
      id: i + 1,
      resumeId: RESUME_ID,
      name: `奖项${i + 1}`,
      awardedAt: month(2025, 1),
    }));
    const { routes } = resumeServer({ award: awards });
    stubFetch(workbench(routes));
    renderApp('/workbench/index/resume');
    await waitFor(async () =>
      expect(within(await section('award')).getAllByTestId('resume-award-row')).toHaveLength(
        SECTION_MAX_ROWS,
      ),
    );
    fireEvent.click(screen.getByTestId('resume-award-add'));
    expect(await screen.findByText(SECTION_FULL_MSG)).toBeTruthy();
    expect(screen.queryByTestId('resume-award-form')).toBeNull();
  });

  it('a section that fails to load says why and offers 重试', async () => {
    const { routes } = resumeServer();
    let fails = true;
    stubFetch(
      workbench({
        ...routes,
        'GET /api/ourea/resume_online_societies': (call: RecordedCall) =>
          fails ? fail(500, '服务暂时不可用') : routes['GET /api/ourea/resume_online_societies']?.(call),
      }),
    );
    renderApp('/workbench/index/resume');
    const error = await screen.findByTestId('resume-society-load-error');
    expect(error.textContent).toContain('服务暂时不可用');
    expect(screen.queryByTestId('resume-society-add')).toBeNull();
    fails = false;
    fireEvent.click(within(error).getByRole('button'));
    expect(await screen.findByTestId('resume-society-empty')).toBeTruthy();
    expect(screen.getByTestId('resume-society-add')).toBeTruthy();
  });
});
