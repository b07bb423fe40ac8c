import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { JudgeRun } from '@uplus/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  fail,
  finishLeaveMotion,
  ok,
  type RecordedCall,
  renderApp,
  type StubAnswer,
  type StubHandler,
  sessionRoutes,
  setSite,
  signIn,
  stubBrowser,
  stubFetch,
} from '../../test/helpers';
import { aiScene } from '../question-bank/ai-generator/ai-scene';
import { COURSE_ID, courseOf, detailOf, HOMEWORK_ID, submissionRow, teachingRow } from './test-data';

const COURSE_API = `/api/course/courses/${COURSE_ID}`;
const LIST_API = `${COURSE_API}/homeworks`;
const ONE_API = `${LIST_API}/${HOMEWORK_ID}`;
const SUBS_API = `${ONE_API}/submissions`;
const DETAIL_API = `${SUBS_API}/901`;
const LATEST_API = `${ONE_API}/judgeRuns/latest`;
const LIST_PATH = `/u/teacherGr/course/${COURSE_ID}/homeworks`;
const SUBS_PATH = `/u/teacherGr/course/${COURSE_ID}/homework/${HOMEWORK_ID}/submissions`;

const routes = (extra: Record<string, StubAnswer | StubHandler>) => ({
  ...sessionRoutes('Teacher', '李静'),
  [`GET ${COURSE_API}`]: ok(courseOf({ role: 'Teacher' })),
  'GET /api/course/programExecution/languages': ok([]),
  [`GET ${LATEST_API}`]: ok(null),
  ...extra,
});

const button = (name: string, within_: HTMLElement = document.body) =>
  within(within_).getByRole('button', {
    name: new RegExp(`^${name.split('').join('\\s*')}$`),
  }) as HTMLButtonElement;

const run = (over: Partial<JudgeRun> = {}): JudgeRun => ({
  id: '1',
  status: 'running',
  total: 3,
  judged: 1,
  failed: 0,
  error: null,
  createdAt: new Date(2026, 10, 24, 10, 0).getTime(),
  finishedAt: null,
  ...over,
});

describe('teacher homework list', () => {
  beforeEach(() => {
    setSite();
    stubBrowser();
    signIn('Teacher');
  });
  afterEach(() => vi.restoreAllMocks());

  it('lists each homework with deadline, questions, 已提交 x/y, 待批改 and state, with links to questions and submissions', async () => {
    stubFetch(
      routes({
        [`GET ${LIST_API}`]: ok({
          rows: [
            teachingRow(),
            teachingRow({ id: '22', name: '第二次作业', publishedAt: 1, submittedCount: 1, pendingCount: 2 }),
            teachingRow({ id: '23', name: '第三次作业', publishedAt: 1, releasedAt: 2, submittedCount: 2 }),
          ],
          total: 3,
        }),
      }),
    );
    renderApp(LIST_PATH);
    const rows = await screen.findAllByTestId('teaching-homework');
    expect(screen.getByRole('heading', { name: '数据结构', level: 1 })).toBeTruthy();
    const draft = within(rows[0] as HTMLElement);
    const published = within(rows[1] as HTMLElement);
    const released = within(rows[2] as HTMLElement);
    expect(draft.getByTestId('homework-state').textContent).toBe('草稿');
    expect(draft.getByText('7题/70分')).toBeTruthy();
    expect(draft.getByText('2030-01-01 23:59')).toBeTruthy();
    expect(draft.getByRole('link', { name: '第一次作业：栈与队列' }).getAttribute('href')).toBe(
      `/u/teacherGr/course/${COURSE_ID}/homework/${HOMEWORK_ID}`,
    );
    expect(draft.queryByTestId('homework-submissions')).toBeNull();
    expect(draft.getByTestId('homework-publish')).toBeTruthy();
    expect(published.getByTestId('homework-state').textContent).toBe('已发布');
    expect(published.getByText('1/2')).toBeTruthy();
    expect(published.getByText('2')).toBeTruthy();
    expect(published.getByTestId('homework-submissions').getAttribute('href')).toBe(
      `/u/teacherGr/course/${COURSE_ID}/homework/22/submissions`,
    );
    expect(published.queryByRole('button', { name: '删除' })).toBeNull();
    expect(published.getByTestId('homework-release')).toBeTruthy();
    expect(released.getByTestId('homework-state').textContent).toBe('已公布成绩');
    expect(released.queryByTestId('homework-release')).toBeNull();
  });

  it('an empty course says so; a student is refused without the list being asked for', async () => {
    stubFetch(routes({ [`GET ${LIST_API}`]: ok({ rows: [], total: 0 }) }));
    const view = renderApp(LIST_PATH);
    expect(await screen.findByTestId('teaching-empty')).toBeTruthy();
    view.unmount();
    const calls = stubFetch(
      routes({
        [`GET ${COURSE_API}`]: ok(courseOf({ role: 'Student' })),
        [`GET ${LIST_API}`]: ok({ rows: [], total: 0 }),
      }),
    );
    renderApp(LIST_PATH);
    expect(await screen.findByText(/学生身份暂无权限/)).toBeTruthy();
    expect(calls.some((c) => c.path === LIST_API)).toBe(false);
  });

  it('新建作业 checks the name and the deadline before any call, announced on the field', async () => {
    const calls = stubFetch(routes({ [`GET ${LIST_API}`]: ok({ rows: [], total: 0 }) }));
    renderApp(LIST_PATH);
    fireEvent.click(await screen.findByTestId('homework-create'));
    const form = await screen.findByTestId('homework-form');
    fireEvent.click(screen.getByTestId('homework-form-save'));
    expect(await within(form).findByText('请输入作业名称')).toBeTruthy();
    expect(await within(form).findByText('请选择截止时间')).toBeTruthy();
    const name = within(form).getByLabelText('作业名称');
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(
      document.getElementById(name.getAttribute('aria-describedby')?.split(' ')[0] ?? '')?.textContent,
    ).toContain('请输入作业名称');
    // IME: the Enter that picks characters does not submit.
    fireEvent.change(name, { target: { value: '第二次作业' } });
    fireEvent.keyDown(name, { key: 'Enter', code: 'Enter', keyCode: 13, isComposing: true });
    expect(calls.some((c) => c.method === 'POST' && c.path === LIST_API)).toBe(false);
  });

  it('编辑 sends the whole form; the server’s refusal is shown in the dialog, which stays open', async () => {
    let answer: StubAnswer = fail(400, '截止时间必须晚于当前时间');
    const calls = stubFetch(
      routes({
        [`GET ${LIST_API}`]: ok({ rows: [teachingRow()], total: 1 }),
        [`GET ${ONE_API}`]: ok(teachingRow()),
        [`PUT ${ONE_API}`]: () => answer,
      }),
    );
    renderApp(LIST_PATH);
    const row = await screen.findByTestId('teaching-homework');
    fireEvent.click(button('编辑', row));
    const form = await screen.findByTestId('homework-form');
    const name = within(form).getByLabelText('作业名称') as HTMLInputElement;
    expect(name.value).toBe('第一次作业：栈与队列');
    fireEvent.change(name, { target: { value: '第一次作业（修订）' } });
    fireEvent.click(screen.getByTestId('homework-form-save'));
    expect(await screen.findByTestId('homework-form-error')).toBeTruthy();
    expect(screen.getByTestId('homework-form-error').textContent).toBe('截止时间必须晚于当前时间');
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      name: '第一次作业（修订）',
      description: '请独立完成',
      deadline: new Date(2030, 0, 1, 23, 59).getTime(),
    });
    answer = ok(teachingRow({ name: '第一次作业（修订）' }));
    fireEvent.click(screen.getByTestId('homework-form-save'));
    expect(await screen.findByText('作业已保存')).toBeTruthy();
  });

  it('删除, 发布 and 公布成绩 each ask first; cancel does nothing; a refused publish is shown and the dialog stays', async () => {
    let publishAnswer: StubAnswer = fail(400, '作业至少需要一道题目才能发布');
    const calls = stubFetch(
      routes({
        [`GET ${LIST_API}`]: ok({
          rows: [
            teachingRow(),
            teachingRow({ id: '22', name: '第二次作业', publishedAt: 1, pendingCount: 3 }),
          ],
          total: 2,
        }),
        [`DELETE ${ONE_API}`]: ok(null),
        [`POST ${ONE_API}/publish`]: () => publishAnswer,
        [`POST ${LIST_API}/22/release`]: ok(teachingRow({ id: '22', publishedAt: 1, releasedAt: 2 })),
      }),
    );
    renderApp(LIST_PATH);
    const [draft, published] = (await screen.findAllByTestId('teaching-homework')) as HTMLElement[];
    const sent = (method: string, path: string) =>
      calls.filter((c) => c.method === method && c.path === path).length;

    fireEvent.click(button('删除', draft));
    expect((await screen.findByTestId('confirm-dialog')).textContent).toContain(
      '确定删除作业“第一次作业：栈与队列”吗',
    );
    fireEvent.click(button('取 消'));
    finishLeaveMotion();
    expect(sent('DELETE', ONE_API)).toBe(0);
    fireEvent.click(button('删除', draft));
    fireEvent.click(await screen.findByTestId('confirm-ok'));
    expect(await screen.findByText('作业已删除')).toBeTruthy();
    expect(sent('DELETE', ONE_API)).toBe(1);
    finishLeaveMotion();

    fireEvent.click(within(draft as HTMLElement).getByTestId('homework-publish'));
    expect((await screen.findByTestId('confirm-dialog')).textContent).toContain('发布后课程的学生即可作答');
    fireEvent.click(screen.getByTestId('confirm-ok'));
    expect(await screen.findByText('作业至少需要一道题目才能发布')).toBeTruthy();
    expect(screen.getByTestId('confirm-dialog')).toBeTruthy();
    publishAnswer = ok(teachingRow({ publishedAt: 3 }));
    fireEvent.click(screen.getByTestId('confirm-ok'));
    expect(await screen.findByText('作业已发布')).toBeTruthy();
    expect(sent('POST', `${ONE_API}/publish`)).toBe(2);
    finishLeaveMotion();

    fireEvent.click(within(published as HTMLElement).getByTestId('homework-release'));
    expect((await screen.findByTestId('confirm-dialog')).textContent).toContain('还有 3 个答案待批改');
    fireEvent.click(screen.getByTestId('confirm-ok'));
    expect(await screen.findByText('成绩已公布')).toBeTruthy();
    expect(sent('POST', `${LIST_API}/22/release`)).toBe(1);
  });
});

describe('homework submissions', () => {
  beforeEach(() => {
    setSite();
    stubBrowser();
    signIn('Teacher');
  });
  afterEach(() => {
    aiScene.closeJudge();
    vi.restoreAllMocks();
  });

  const published = teachingRow({ publishedAt: 1, submittedCount: 1, pendingCount: 1 });

  it('lists every student with status, score and 待批改; filters by status and pages through the server', async () => {
    const calls = stubFetch(
      routes({
        [`GET ${LIST_API}`]: ok({ rows: [published], total: 1 }),
        [`GET ${ONE_API}`]: ok(published),
        [`GET ${SUBS_API}`]: (call) =>
          ok({
            rows:
              call.query.get('status') === 'not_submitted'
                ? [
                    submissionRow({
                      studentId: '502',
                      name: '王同学',
                      username: 'student02',
                      status: 'not_submitted',
                      submissionId: null,
                      submittedAt: null,
                      totalScore: null,
                      pendingCount: 0,
                    }),
                  ]
                : [submissionRow()],
            total: 45,
          }),
      }),
    );
    renderApp(SUBS_PATH);
    expect(
      await screen.findByRole('heading', { name: '第一次作业：栈与队列：提交情况', level: 1 }),
    ).toBeTruthy();
    expect(screen.getByTestId('homework-submitted').textContent).toBe('1/2');
    const row = within(await screen.findByTestId('submission-row'));
    expect(row.getByText('张同学')).toBeTruthy();
    expect(row.getByText('已提交')).toBeTruthy();
    expect(row.getByText('42')).toBeTruthy();
    expect(row.getByRole('button', { name: '批改张同学的作答' })).toBeTruthy();
    fireEvent.click(within(screen.getByTestId('submissions-filter')).getByText('未提交'));
    expect(await screen.findByText('王同学')).toBeTruthy();
    expect(screen.getByText('未作答')).toBeTruthy();
    expect(
      calls
        .filter((c) => c.path === SUBS_API)
        .at(-1)
        ?.query.get('status'),
    ).toBe('not_submitted');
    fireEvent.click(screen.getByTitle('3'));
    await waitFor(() =>
      expect(
        calls
          .filter((c) => c.path === SUBS_API)
          .at(-1)
          ?.query.get('pageNumber'),
      ).toBe('3'),
    );
    expect(
      calls
        .filter((c) => c.path === SUBS_API)
        .at(-1)
        ?.query.get('pageSize'),
    ).toBe('20');
    // 待批改: the submitted students with answers still waiting, from the first page again
    fireEvent.click(within(screen.getByTestId('submissions-filter')).getByText('待批改'));
    await waitFor(() =>
      expect(
        calls
          .filter((c) => c.path === SUBS_API)
          .at(-1)
          ?.query.get('status'),
      ).toBe('to_review'),
    );
    expect(
      calls
        .filter((c) => c.path === SUBS_API)
        .at(-1)
        ?.query.get('pageNumber'),
    ).toBe('1');
  });

  it('a submission shows every answer with score/max, source, basis and code cases; a score with two decimals is refused, a valid one saved', async () => {
    const calls = stubFetch(
      routes({
        [`GET ${LIST_API}`]: ok({ rows: [published], total: 1 }),
        [`GET ${ONE_API}`]: ok(published),
        [`GET ${DETAIL_API}`]: ok(detailOf()),
        [`PUT ${DETAIL_API}/answers/8101/grade`]: ok({
          answer: detailOf().answers[0],
          totalScore: 18.5,
          pendingCount: 1,
        }),
      }),
    );
    renderApp(`${SUBS_PATH}?submission=901`);
    expect(await screen.findByRole('heading', { name: '张同学（student01）的作答' })).toBeTruthy();
    expect(screen.getByTestId('submission-total').textContent).toContain('总分 20/30，1题待批改');
    const answers = screen.getAllByTestId('reviewed-answer') as HTMLElement[];
    const single = within(answers[0] as HTMLElement);
    const short = within(answers[1] as HTMLElement);
    const code = within(answers[2] as HTMLElement);
    expect(single.getByTestId('reviewed-score').textContent).toBe('10/10分');
    expect(single.getByText('自动批改')).toBeTruthy();
    // The grade's comment shows with the answer, the grading box closed.
    expect(single.getByTestId('reviewed-comment').textContent).toBe('回答正确');
    expect(short.getByTestId('reviewed-state').textContent).toBe('待批改');
    expect(short.getByText('栈LIFO，队列FIFO')).toBeTruthy();
    expect(code.getByText('程序评测')).toBeTruthy();
    expect(code.getByText(/通过 2\/2/)).toBeTruthy();
    expect(single.queryByTestId('review-ai-judge')).toBeNull();

    // A graded answer opens its grading box on 修改得分; a waiting one shows it at once, its empty score not
    // yet an error (nothing typed), until the teacher leaves the field empty.
    expect(short.getByTestId('review-grade')).toBeTruthy();
    const shortScore = short.getByLabelText('得分（满分10）') as HTMLInputElement;
    expect(short.queryByText('请输入得分')).toBeNull();
    expect(shortScore.getAttribute('aria-invalid')).toBeNull();
    fireEvent.blur(shortScore);
    expect(await short.findByText('请输入得分')).toBeTruthy();
    expect(shortScore.getAttribute('aria-invalid')).toBe('true');
    expect(single.queryByTestId('review-grade')).toBeNull();
    fireEvent.click(single.getByTestId('review-grade-edit'));
    const score = single.getByLabelText('得分（满分10）') as HTMLInputElement;
    fireEvent.change(score, { target: { value: '7.25' } });
    expect(await single.findByText('得分必须在0到分值之间，最多保留一位小数')).toBeTruthy();
    expect(score.getAttribute('aria-invalid')).toBe('true');
    expect((single.getByTestId('review-grade-save') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(score, { target: { value: '8.5' } });
    fireEvent.change(single.getByLabelText('评语') as HTMLElement, { target: { value: '选项理解有偏差' } });
    fireEvent.click(single.getByTestId('review-grade-save') as HTMLElement);
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
        score: 8.5,
        comment: '选项理解有偏差',
        source: 'teacher',
      }),
    );
    expect(await screen.findByText('批改已保存')).toBeTruthy();
  });

  it('AI判题 on a waiting short answer judges on opening; 引用 stores score, comment and basis with source ai', async () => {
    const calls = stubFetch(
      routes({
        [`GET ${LIST_API}`]: ok({ rows: [published], total: 1 }),
        [`GET ${ONE_API}`]: ok(published),
        [`GET ${DETAIL_API}`]: ok(detailOf()),
        'POST /api/course/ai/judge_questions': ok({
          score: 7.5,
          comment: '要点基本正确',
          basis: '命中：后进先出',
          questionScore: 10,
        }),
        [`PUT ${DETAIL_API}/answers/8105/grade`]: ok({
          answer: detailOf().answers[1],
          totalScore: 27.5,
          pendingCount: 0,
        }),
      }),
    );
    renderApp(`${SUBS_PATH}?submission=901`);
    const items = await screen.findAllByTestId('reviewed-answer');
    fireEvent.click(within(items[1] as HTMLElement).getByTestId('review-ai-judge'));
    expect(await screen.findByTestId('ai-judge-panel')).toBeTruthy();
    await waitFor(() =>
      expect(calls.find((c) => c.path === '/api/course/ai/judge_questions')?.body).toEqual({
        question: '简述栈和队列的区别',
        questionScore: 10,
        questionType: 'ShortAnswer',
        realAnswer: '栈LIFO，队列FIFO',
        studentAnswer: '栈后进先出，队列先进先出',
      }),
    );
    await screen.findByText('评判依据');
    fireEvent.click(screen.getByRole('button', { name: /引\s*用/ }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
        score: 7.5,
        comment: '要点基本正确',
        basis: '命中：后进先出',
        source: 'ai',
      }),
    );
    await waitFor(() => expect(aiScene.get().judge).toBeNull());
  });

  it('智能批改 shows the running run’s progress from judgeRuns/latest (as after a reload), then refreshes when done', async () => {
    let latest: JudgeRun | null = run();
    let listed = 0;
    const calls = stubFetch(
      routes({
        [`GET ${LIST_API}`]: ok({ rows: [published], total: 1 }),
        [`GET ${ONE_API}`]: ok(published),
        [`GET ${SUBS_API}`]: () => {
          listed++;
          return ok({ rows: [submissionRow()], total: 1 });
        },
        [`GET ${LATEST_API}`]: () => ok(latest),
        [`POST ${ONE_API}/judgeRuns`]: ok({
          run: null,
          started: false,
          message: '没有需要AI判题的简答题答案（已提交且尚未批改的）',
        }),
      }),
    );
    renderApp(SUBS_PATH);
    const bar = await screen.findByTestId('judge-run-progress');
    expect(within(bar).getByText('正在批改：1/3（失败0）')).toBeTruthy();
    expect((screen.getByTestId('judge-run-start') as HTMLButtonElement).disabled).toBe(true);
    await screen.findByTestId('submission-row');
    const before = listed;
    latest = run({ status: 'done', judged: 3, finishedAt: new Date(2026, 10, 24, 10, 5).getTime() });
    expect(await screen.findByText('智能批改完成：已批改3份，失败0份', {}, { timeout: 6000 })).toBeTruthy();
    await waitFor(() => expect(listed).toBeGreaterThan(before));
    expect(screen.getByText(/上次智能批改于 11-24 10:05 完成：已批改3\/3/)).toBeTruthy();
    fireEvent.click(screen.getByTestId('judge-run-start'));
    expect(await screen.findByText('没有需要AI判题的简答题答案（已提交且尚未批改的）')).toBeTruthy();
    expect(
      calls.filter((c: RecordedCall) => c.method === 'POST' && c.path.endsWith('/judgeRuns')),
    ).toHaveLength(1);
  });
});

describe('a draft homework’s questions', () => {
  beforeEach(() => {
    setSite();
    stubBrowser();
    signIn('Teacher');
  });
  afterEach(() => vi.restoreAllMocks());

  const QUESTIONS_API = `${ONE_API}/questions`;
  const PAGE_PATH = `/u/teacherGr/course/${COURSE_ID}/homework/${HOMEWORK_ID}`;
  const question = {
    id: '101',
    qsnType: 7 as const,
    typeName: '简答题',
    title: '简述栈和队列的区别',
    description: '',
    options: [],
    score: 10,
    difficulty: 2,
    answer: '栈后进先出，队列先进先出',
    knowledges: [],
    language: null,
    caseCount: null,
  };
  const questions = ok({
    course: { id: COURSE_ID, name: '数据结构' },
    homework: { id: HOMEWORK_ID, name: '第一次作业：栈与队列' },
    rows: [question],
    total: 1,
  });

  it('a draft: each question’s score (1 to 9999, announced) is saved, and a question is removed after a confirmation', async () => {
    const calls = stubFetch(
      routes({
        [`GET ${QUESTIONS_API}`]: questions,
        [`GET ${ONE_API}/judgedAnswers`]: ok({ rows: [], total: 0 }),
        [`GET ${LIST_API}`]: ok({ rows: [teachingRow()], total: 1 }),
        [`GET ${ONE_API}`]: ok(teachingRow()),
        [`PUT ${QUESTIONS_API}/101/score`]: ok(teachingRow()),
        [`DELETE ${QUESTIONS_API}/101`]: ok(teachingRow({ questionCount: 0 })),
      }),
    );
    renderApp(PAGE_PATH);
    const tools = await screen.findByTestId('question-tools');
    const score = within(tools).getByLabelText('分值') as HTMLInputElement;
    fireEvent.change(score, { target: { value: '2.5' } });
    expect(await within(tools).findByText('分值必须是1到9999之间的整数')).toBeTruthy();
    expect(score.getAttribute('aria-invalid')).toBe('true');
    expect((within(tools).getByTestId('question-score-save') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(score, { target: { value: '15' } });
    fireEvent.click(within(tools).getByTestId('question-score-save'));
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ score: 15 }));
    expect(await screen.findByText('第1题分值已改为15分')).toBeTruthy();

    fireEvent.click(within(tools).getByRole('button', { name: '移除第1题' }));
    expect((await screen.findByTestId('confirm-dialog')).textContent).toContain('确定从作业中移除第1题');
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    fireEvent.click(screen.getByTestId('confirm-ok'));
    expect(await screen.findByText('题目已移除')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'DELETE' && c.path === `${QUESTIONS_API}/101`)).toHaveLength(1);
  });

  it('a published homework: no score editing, no removal, no AI出题, and says why', async () => {
    stubFetch(
      routes({
        [`GET ${QUESTIONS_API}`]: questions,
        [`GET ${ONE_API}/judgedAnswers`]: ok({ rows: [], total: 0 }),
        [`GET ${LIST_API}`]: ok({ rows: [teachingRow({ publishedAt: 1 })], total: 1 }),
        [`GET ${ONE_API}`]: ok(teachingRow({ publishedAt: 1 })),
      }),
    );
    renderApp(PAGE_PATH);
    expect(await screen.findByTestId('homework-locked')).toBeTruthy();
    expect(screen.getAllByTestId('course-question')).toHaveLength(1);
    expect(screen.queryByTestId('question-tools')).toBeNull();
    expect(screen.queryByTestId('course-ai-generate')).toBeNull();
    expect(screen.getByTestId('homework-submissions-link').getAttribute('href')).toBe(
      `${PAGE_PATH}/submissions`,
    );
  });
});
