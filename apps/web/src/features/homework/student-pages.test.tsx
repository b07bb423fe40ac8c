import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  fail,
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
import { answerText, blanksOf, isAnswered, joinLetters, withBlank } from './answer-format';
import { COURSE_ID, courseOf, HOMEWORK_ID, paperOf, QUESTIONS, studyRow } from './test-data';

const COURSE_API = `/api/course/courses/${COURSE_ID}`;
const STUDY_API = `${COURSE_API}/homeworks/study`;
const PAPER_API = `${COURSE_API}/homeworks/${HOMEWORK_ID}/paper`;
const DRAFT_API = `${COURSE_API}/homeworks/${HOMEWORK_ID}/draft`;
const SUBMIT_API = `${COURSE_API}/homeworks/${HOMEWORK_ID}/submit`;
const PAPER_PATH = `/u/course/${COURSE_ID}/homework/${HOMEWORK_ID}`;

const routes = (extra: Record<string, StubAnswer | StubHandler>) => ({
  ...sessionRoutes('Student'),
  [`GET ${COURSE_API}`]: ok(courseOf()),
  ...extra,
});

const savedOk = (call: RecordedCall) =>
  ok({
    status: 'draft',
    savedAt: new Date(2026, 10, 24, 10, 15, 30).getTime(),
    submittedAt: null,
    answered: (call.body as { answers: unknown[] }).answers.length,
  });

const question = (n: number) => screen.getAllByTestId('paper-question')[n - 1] as HTMLElement;
const drafts = (calls: RecordedCall[]) =>
  calls
    .filter((c) => c.method === 'PUT' && c.path === DRAFT_API)
    .map((c) => c.body as { answers: { questionId: string; answer: string }[] });

describe('answer format', () => {
  it('keeps multiple-choice letters sorted and unique, and blanks as a JSON list', () => {
    expect(joinLetters(['C', 'A', 'C'])).toBe('AC');
    expect(withBlank('', 2, 1, 'pop')).toBe('["","pop"]');
    expect(blanksOf('["push"]', 2)).toEqual(['push', '']);
    expect(blanksOf('not json', 2)).toEqual(['not json', '']);
  });
  it('counts an answer only when given: every blank, a choice, text other than the starter code', () => {
    expect(isAnswered({ qsnType: 6, blankCount: 2 }, '["push",""]')).toBe(false);
    expect(isAnswered({ qsnType: 6, blankCount: 2 }, '["push","pop"]')).toBe(true);
    expect(isAnswered({ qsnType: 3, blankCount: 1 }, 'maybe')).toBe(false);
    expect(isAnswered({ qsnType: 8, blankCount: 1, codeModel: 'def f():\n  pass' }, 'def f():\n  pass')).toBe(
      false,
    );
    expect(isAnswered({ qsnType: 7, blankCount: 1 }, '  ')).toBe(false);
    expect(answerText(3, 'true')).toBe('正确');
    expect(answerText(6, '["a",""]', 2)).toBe('第1空：a；第2空：（空）');
  });
});

describe('student course page', () => {
  beforeEach(() => {
    setSite();
    stubBrowser();
    signIn('Student');
  });
  afterEach(() => vi.restoreAllMocks());

  it('heads the course and lists its homework with deadline, state and the score once released', async () => {
    stubFetch(
      routes({
        [`GET ${STUDY_API}`]: ok({
          rows: [
            studyRow(),
            studyRow({ id: '22', name: '第二次作业', status: 'graded', statusText: '已批改', score: 63.5 }),
            studyRow({ id: '23', name: '第三次作业', status: 'closed', statusText: '已截止' }),
          ],
          total: 3,
        }),
      }),
    );
    renderApp(`/u/course/${COURSE_ID}`);
    expect(await screen.findByRole('heading', { name: '数据结构', level: 1 })).toBeTruthy();
    const header = screen.getByTestId('course-header');
    expect(within(header).getByText('理论')).toBeTruthy();
    expect(within(header).getByText('李静')).toBeTruthy();
    expect(within(header).getByText('2026-09-01 至 2027-01-15')).toBeTruthy();
    expect(within(header).getByRole('link', { name: '我的课程' }).getAttribute('href')).toBe(
      '/workbench/index/school',
    );
    const rows = await screen.findAllByTestId('study-homework');
    expect(rows).toHaveLength(3);
    const first = within(rows[0] as HTMLElement);
    expect(first.getByRole('link', { name: '第一次作业：栈与队列' }).getAttribute('href')).toBe(PAPER_PATH);
    expect(first.getByText(/截止时间：2030-01-01 23:59/)).toBeTruthy();
    expect(first.getByTestId('study-status').textContent).toBe('未开始');
    expect(first.queryByTestId('study-score')).toBeNull();
    expect(within(rows[1] as HTMLElement).getByTestId('study-score').textContent).toBe('得分 63.5/70');
    expect(within(rows[2] as HTMLElement).getByTestId('study-status').textContent).toBe('已截止');
  });

  it('says when there is no homework yet, and when the course is not the student’s (404)', async () => {
    stubFetch(routes({ [`GET ${STUDY_API}`]: ok({ rows: [], total: 0 }) }));
    renderApp(`/u/course/${COURSE_ID}`);
    expect(await screen.findByTestId('study-empty')).toBeTruthy();
    cleanup();
    stubFetch({ ...sessionRoutes('Student'), [`GET ${COURSE_API}`]: fail(404, '课程不存在') });
    renderApp(`/u/course/${COURSE_ID}`);
    expect(await screen.findByText('课程不存在')).toBeTruthy();
    expect(screen.getByRole('link', { name: '返回我的课程' }).getAttribute('href')).toBe(
      '/workbench/index/school',
    );
  });
});

describe('student homework paper', () => {
  beforeEach(() => {
    setSite();
    stubBrowser();
    signIn('Student');
  });
  afterEach(() => vi.restoreAllMocks());

  it('answers every type; the draft is saved once typing pauses, with 保存中 then 已保存, and the navigator follows', async () => {
    const calls = stubFetch(routes({ [`GET ${PAPER_API}`]: ok(paperOf()), [`PUT ${DRAFT_API}`]: savedOk }));
    renderApp(PAPER_PATH);
    expect(await screen.findByRole('heading', { name: '第一次作业：栈与队列', level: 1 })).toBeTruthy();
    expect(screen.getAllByTestId('paper-question')).toHaveLength(7);
    const nav = screen.getByTestId('question-nav');
    expect(within(nav).getByText('已答 0/7')).toBeTruthy();
    // The function question starts with its starter code, and names its language.
    const fn = within(question(7));
    expect((fn.getByTestId('answer-code') as HTMLTextAreaElement).value).toBe('def add(a, b):\n    pass');
    expect(fn.getByText('编程语言：python3')).toBeTruthy();

    fireEvent.click(within(question(1)).getByLabelText('B. 后进先出'));
    fireEvent.click(within(question(2)).getByLabelText('C. 队列'));
    fireEvent.click(within(question(2)).getByLabelText('A. 栈'));
    fireEvent.click(within(question(3)).getByLabelText('正确'));
    const blanks = within(question(4)).getAllByRole('textbox');
    expect(blanks).toHaveLength(2);
    fireEvent.change(blanks[0] as HTMLElement, { target: { value: 'push' } });
    fireEvent.change(blanks[1] as HTMLElement, { target: { value: 'pop' } });
    fireEvent.change(within(question(5)).getByTestId('answer-text'), { target: { value: '栈后进先出' } });
    fireEvent.change(within(question(6)).getByTestId('answer-code'), { target: { value: 'print(1)' } });
    fireEvent.change(fn.getByTestId('answer-code'), {
      target: { value: 'def add(a, b):\n    return a + b' },
    });
    expect(screen.getByTestId('draft-state').textContent).toContain('有未保存的修改');
    expect(within(nav).getByText('已答 7/7')).toBeTruthy();
    expect(within(nav).getByRole('button', { name: '第4题，已作答' })).toBeTruthy();

    // Leaving with answers not yet saved asks first.
    const leave = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(leave()).toBe(true);
    await waitFor(() => expect(screen.getByTestId('draft-state').textContent).toBe('已保存 10:15:30'));
    expect(leave()).toBe(false);
    // One call with every answer changed, as the server stores them.
    expect(drafts(calls)).toHaveLength(1);
    expect(Object.fromEntries(drafts(calls)[0]?.answers.map((a) => [a.questionId, a.answer]) ?? [])).toEqual({
      '101': 'B',
      '102': 'AC',
      '103': 'true',
      '104': '["push","pop"]',
      '105': '栈后进先出',
      '106': 'print(1)',
      '107': 'def add(a, b):\n    return a + b',
    });
  });

  it('loses nothing when a save fails: the answer is kept, retried, and sent again after a reload', async () => {
    let failing = true;
    const calls = stubFetch(
      routes({
        [`GET ${PAPER_API}`]: ok(paperOf({ savedAt: 1 }, { '105': '旧答案' })),
        [`PUT ${DRAFT_API}`]: (call) => (failing ? fail(500, '服务器内部错误，请稍后重试') : savedOk(call)),
      }),
    );
    const first = renderApp(PAPER_PATH);
    const box = await screen.findAllByTestId('answer-text');
    expect((box[0] as HTMLTextAreaElement).value).toBe('旧答案');
    fireEvent.change(box[0] as HTMLElement, { target: { value: '新的答案' } });
    await waitFor(() => expect(screen.getByTestId('draft-state').textContent).toContain('保存失败'));
    expect(screen.getByRole('button', { name: '重试' })).toBeTruthy();
    first.unmount();

    // A reload: the server still has the old answer; the page shows the new one and sends it again.
    failing = false;
    renderApp(PAPER_PATH);
    const again = await screen.findAllByTestId('answer-text');
    expect((again[0] as HTMLTextAreaElement).value).toBe('新的答案');
    await waitFor(() => expect(screen.getByTestId('draft-state').textContent).toMatch(/^已保存/));
    expect(drafts(calls).at(-1)?.answers).toEqual([{ questionId: '105', answer: '新的答案' }]);
  });

  it('a paper opened again is read afresh: the answers saved since are shown, not an old copy', async () => {
    const saved: Record<string, string> = {};
    const calls = stubFetch(
      routes({
        [`GET ${PAPER_API}`]: () => ok(paperOf({}, saved)),
        [`PUT ${DRAFT_API}`]: (call) => {
          for (const a of (call.body as { answers: { questionId: string; answer: string }[] }).answers)
            saved[a.questionId] = a.answer;
          return savedOk(call);
        },
        [`GET ${STUDY_API}`]: ok({ rows: [studyRow()], total: 1 }),
      }),
    );
    const { router } = renderApp(PAPER_PATH);
    const box = (await screen.findAllByTestId('answer-text'))[0] as HTMLTextAreaElement;
    fireEvent.change(box, { target: { value: '第一次写的答案' } });
    await waitFor(() => expect(screen.getByTestId('draft-state').textContent).toMatch(/^已保存/));
    fireEvent.click(screen.getByRole('link', { name: '课程作业' }));
    expect(await screen.findByTestId('study-homework')).toBeTruthy();
    await router.navigate(PAPER_PATH);
    const again = (await screen.findAllByTestId('answer-text'))[0] as HTMLTextAreaElement;
    expect(again.value).toBe('第一次写的答案');
    expect(calls.filter((c) => c.path === PAPER_API)).toHaveLength(2);
  });

  it('submits once after a confirmation listing the unanswered questions; then it is read-only', async () => {
    let paper = paperOf({}, { '101': 'A' });
    const calls = stubFetch(
      routes({
        [`GET ${PAPER_API}`]: () => ok(paper),
        [`PUT ${DRAFT_API}`]: savedOk,
        [`POST ${SUBMIT_API}`]: () => {
          paper = paperOf(
            {
              status: 'submitted',
              statusText: '已提交',
              editable: false,
              submittedAt: new Date(2026, 10, 24, 11, 0).getTime(),
            },
            { '101': 'A' },
          );
          return ok({ status: 'submitted', savedAt: 2, submittedAt: 2, answered: 1 });
        },
      }),
    );
    renderApp(PAPER_PATH);
    fireEvent.click(await screen.findByTestId('paper-submit'));
    const list = await screen.findByTestId('submit-unanswered');
    expect(within(list).getByText('还有 6 道题未作答：')).toBeTruthy();
    expect(within(list).getByText('第2题 多选题')).toBeTruthy();
    expect(within(list).queryByText('第1题 单选题')).toBeNull();
    // The starter code alone is no answer.
    expect(within(list).getByText('第7题 函数题')).toBeTruthy();
    fireEvent.click(screen.getByTestId('paper-submit-confirm'));
    expect(await screen.findByTestId('paper-notice')).toBeTruthy();
    expect(screen.getByTestId('paper-notice').textContent).toContain(
      '作业已于 2026-11-24 11:00 提交，不能再修改',
    );
    expect(screen.getByTestId('paper-status').textContent).toBe('已提交');
    expect(screen.queryByTestId('paper-submit')).toBeNull();
    expect((within(question(5)).getByTestId('answer-text') as HTMLTextAreaElement).readOnly).toBe(true);
    expect((within(question(1)).getByLabelText('A. 先进先出') as HTMLInputElement).disabled).toBe(true);
    const submit = calls.filter((c) => c.path === SUBMIT_API);
    expect(submit).toHaveLength(1);
    expect(
      (submit[0]?.body as { answers: { questionId: string }[] } | undefined)?.answers.map(
        (a) => a.questionId,
      ),
    ).toContain('101');
  });

  it('past the deadline: says so, nothing can be typed or submitted, nothing is saved', async () => {
    const calls = stubFetch(
      routes({
        [`GET ${PAPER_API}`]: ok(
          paperOf({
            status: 'closed',
            statusText: '已截止',
            editable: false,
            homework: { ...paperOf().homework, deadline: 1 },
          }),
        ),
      }),
    );
    renderApp(PAPER_PATH);
    expect(await screen.findByText('已超过截止时间，不能再作答或提交。')).toBeTruthy();
    expect(screen.queryByTestId('paper-submit')).toBeNull();
    expect(screen.queryByTestId('draft-state')).toBeNull();
    const box = within(question(5)).getByTestId('answer-text') as HTMLTextAreaElement;
    expect(box.readOnly).toBe(true);
    fireEvent.change(box, { target: { value: 'x' } });
    await new Promise((r) => setTimeout(r, 1000));
    expect(drafts(calls)).toHaveLength(0);
  });

  it('once released: each answer’s score, source, comment, basis, the correct answer and the code cases', async () => {
    const base = paperOf(
      {
        status: 'graded',
        statusText: '已批改',
        editable: false,
        submittedAt: 5,
        score: 17.5,
        pendingCount: 0,
        homework: { ...paperOf().homework, releasedAt: 9 },
      },
      { '101': 'A', '105': '栈后进先出', '106': 'print(1)' },
    );
    const items = base.items.map((item) =>
      item.question.id === '101'
        ? {
            ...item,
            result: {
              score: 0,
              maxScore: 10,
              gradeState: 'graded' as const,
              gradeSource: 'auto' as const,
              comment: '',
              basis: '',
              codeDetail: null,
              gradedAt: 6,
              reference: { answer: 'B', answerList: [], analysis: '栈只在栈顶插入和删除' },
            },
          }
        : item.question.id === '105'
          ? {
              ...item,
              result: {
                score: 7.5,
                maxScore: 10,
                gradeState: 'graded' as const,
                gradeSource: 'ai' as const,
                comment: '要点基本正确',
                basis: '命中：后进先出；缺少：队列先进先出',
                codeDetail: null,
                gradedAt: 6,
                reference: { answer: '栈后进先出，队列先进先出', answerList: [], analysis: '' },
              },
            }
          : item.question.id === '106'
            ? {
                ...item,
                result: {
                  score: 5,
                  maxScore: 10,
                  gradeState: 'graded' as const,
                  gradeSource: 'code' as const,
                  comment: '',
                  basis: '',
                  codeDetail: {
                    strategy: 'Part' as const,
                    performance: null,
                    cases: [
                      { index: 0, weight: 50, qualified: true, timeUsedMs: 12, verdict: '' },
                      { index: 1, weight: 50, qualified: false, timeUsedMs: 10, verdict: '答案错误' },
                    ],
                    message: '',
                  },
                  gradedAt: 6,
                  reference: {
                    answer: 'print(sum(map(int, input().split())))',
                    answerList: [],
                    analysis: '',
                  },
                },
              }
            : item,
    );
    stubFetch(routes({ [`GET ${PAPER_API}`]: ok({ ...base, items }) }));
    renderApp(PAPER_PATH);
    expect(await screen.findByTestId('paper-score')).toBeTruthy();
    expect(screen.getByTestId('paper-score').textContent).toBe('17.5/70');
    // A choice's own answer is named beside the correct one (the disabled radios alone are faint).
    expect(within(question(1)).getByText('你的答案：').parentElement?.textContent).toBe('你的答案：A');
    expect(within(question(1)).getByText('正确答案：').parentElement?.textContent).toBe('正确答案：B');
    expect(within(question(1)).getByText('栈只在栈顶插入和删除')).toBeTruthy();
    const short = within(question(5));
    expect(short.getByText('7.5/10')).toBeTruthy();
    expect(short.getByText('AI判题')).toBeTruthy();
    expect(short.getByText('要点基本正确')).toBeTruthy();
    expect(short.getByText('命中：后进先出；缺少：队列先进先出')).toBeTruthy();
    expect(short.getByText('栈后进先出，队列先进先出')).toBeTruthy();
    const code = within(question(6));
    expect(code.getByText('程序评测')).toBeTruthy();
    expect(code.getByText(/通过 1\/2/)).toBeTruthy();
    expect(code.getByText('答案错误')).toBeTruthy();
    expect(QUESTIONS).toHaveLength(7);
  });
});
