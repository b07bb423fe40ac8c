import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HOMEWORK_MSG, type JudgedAnswer, type TeachingQuestion } from '@uplus/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
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
} from '../../../test/helpers';
import { aiScene } from '../ai-generator/ai-scene';
import { judgePayloadError, judgePayloadOf } from './judge-payload';

const question = (over: Partial<TeachingQuestion>): TeachingQuestion => ({
  id: '1',
  qsnType: 1,
  typeName: '单选题',
  title: '栈的特点是？',
  description: '',
  options: [
    { id: 'A', content: '先进先出' },
    { id: 'B', content: '后进先出' },
  ],
  score: 10,
  difficulty: 2,
  answer: 'B',
  knowledges: ['栈'],
  language: null,
  caseCount: null,
  ...over,
});

const SHORT = question({
  id: '2',
  qsnType: 7,
  typeName: '简答题',
  title: '简述栈和队列的区别',
  options: [],
  score: 8,
  answer: '栈后进先出，队列先进先出',
  knowledges: ['栈', '队列'],
});
const CODE = question({
  id: '3',
  qsnType: 5,
  typeName: '编程题',
  title: '两数之和',
  description: '输入两个整数，输出它们的和',
  options: [],
  answer: 'print(sum(map(int, input().split())))',
  knowledges: ['输入输出'],
  language: 'python3',
  caseCount: 3,
});
const FUNC = question({
  id: '4',
  qsnType: 8,
  typeName: '函数题',
  title: '实现 add 函数',
  options: [],
  answer: 'def add(a, b):\n    return a + b',
  language: 'python3',
  caseCount: 2,
});

const HOMEWORK_API = '/api/course/courses/7/homeworks/21/questions';
const SET_API = '/api/course/courses/7/exerciseSets/31/questions';
const HOMEWORK_PATH = '/u/teacherGr/course/7/homework/21';
const SET_PATH = '/u/teacherGr/course/7/exerciseSet/31';
const JUDGE = 'POST /api/course/ai/judge_questions';
const JUDGED_API = '/api/course/courses/7/homeworks/21/judgedAnswers';

const homework = (questions: TeachingQuestion[], total = questions.length) =>
  ok({
    course: { id: '7', name: '数据结构' },
    homework: { id: '21', name: '第一次作业：栈与队列' },
    rows: questions,
    total,
  });

const teacherRoutes = (
  routes: Record<string, StubAnswer | ((call: RecordedCall) => StubAnswer | Promise<StubAnswer>)>,
) => ({
  ...sessionRoutes('Teacher', '李静'),
  'GET /api/course/programExecution/languages': ok([]),
  [`GET ${JUDGED_API}`]: ok({ rows: [], total: 0 }),
  ...routes,
});

/** A stored judged answer as the server answers it. */
const judged = (over: Partial<JudgedAnswer> = {}): JudgedAnswer => ({
  id: '501',
  questionId: '2',
  studentAnswer: '栈是后进先出的',
  questionScore: 8,
  score: 6.5,
  comment: '要点基本正确',
  basis: '命中：后进先出',
  appliedBy: { id: '9', name: '李静' },
  appliedAt: new Date(2026, 10, 24, 9, 30).getTime(),
  updatedBy: null,
  updatedAt: null,
  ...over,
});

/** Held until `release`: lets a test see the loading state. */
const held = (answer: StubAnswer) => {
  let release: () => void = () => {};
  const handler = () => new Promise<StubAnswer>((r) => (release = () => r(answer)));
  return { handler, release: () => release() };
};

const button = (name: string) =>
  screen.getByRole('button', { name: new RegExp(name.split('').join('\\s*')) }) as HTMLButtonElement;

describe('teacher course pages', () => {
  beforeEach(() => {
    setSite();
    stubBrowser();
  });
  afterEach(() => {
    aiScene.closeGenerator();
    aiScene.closeJudge();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  describe('homework page', () => {
    it('lists the questions with type, score, answer, knowledges and code facts; AI出题 targets the homework', async () => {
      signIn('Teacher');
      const list = held(homework([question({}), SHORT, CODE]));
      const calls = stubFetch(teacherRoutes({ [`GET ${HOMEWORK_API}`]: list.handler }));
      renderApp(HOMEWORK_PATH);
      expect(await screen.findByText('正在加载题目…')).toBeTruthy();
      list.release();
      expect(await screen.findByRole('heading', { name: '作业：第一次作业：栈与队列' })).toBeTruthy();
      const items = screen.getAllByTestId('course-question');
      expect(items).toHaveLength(3);
      const choice = within(items[0] as HTMLElement);
      expect(choice.getByText('单选题')).toBeTruthy();
      expect(choice.getByText('10分')).toBeTruthy();
      expect(choice.getByText('B. 后进先出')).toBeTruthy();
      expect(choice.getByLabelText('难度2星')).toBeTruthy();
      const short = within(items[1] as HTMLElement);
      expect(short.getByText('栈后进先出，队列先进先出')).toBeTruthy();
      expect(short.getByText('队列')).toBeTruthy();
      const code = within(items[2] as HTMLElement);
      expect(code.getByText('python3')).toBeTruthy();
      expect(code.getByText('3个')).toBeTruthy();
      expect(code.getByText('输入两个整数，输出它们的和')).toBeTruthy();
      // AI判题 only on 简答题 / 编程题 / 函数题.
      expect(choice.queryByTestId('course-ai-judge')).toBeNull();
      expect(short.getByTestId('course-ai-judge')).toBeTruthy();
      expect(code.getByTestId('course-ai-judge')).toBeTruthy();

      fireEvent.click(screen.getByTestId('course-ai-generate'));
      expect(await screen.findByTestId('ai-generator-panel')).toBeTruthy();
      const scene = aiScene.get().generator;
      expect(scene).toMatchObject({
        variant: 'common',
        target: { kind: 'homework', homeworkId: '21' },
        routeNames: ['teacherHomework'],
      });
      // After an import the list is asked for again.
      const before = calls.filter((c) => c.path === HOMEWORK_API).length;
      act(() => scene?.onImported?.());
      await waitFor(() => expect(calls.filter((c) => c.path === HOMEWORK_API).length).toBe(before + 1));
    });

    it('AI判题: the student answer form, the common judge with the question’s score and answer; 引用 saves against the answer', async () => {
      signIn('Teacher');
      const stored: JudgedAnswer[] = [];
      const calls = stubFetch(
        teacherRoutes({
          [`GET ${HOMEWORK_API}`]: homework([SHORT, FUNC]),
          [JUDGE]: ok({ score: 6.5, comment: '要点基本正确', basis: '命中：后进先出', questionScore: 8 }),
          [`GET ${JUDGED_API}`]: () => ok({ rows: stored, total: stored.length }),
          'POST /api/course/courses/7/homeworks/21/questions/2/judgedAnswers': (call) => {
            const row = judged({ ...(call.body as Partial<JudgedAnswer>), id: String(501 + stored.length) });
            stored.push(row);
            return ok(row);
          },
        }),
      );
      const view = renderApp(HOMEWORK_PATH);
      const items = await screen.findAllByTestId('course-question');
      const judgeButton = within(items[0] as HTMLElement).getByTestId('course-ai-judge');
      expect(judgeButton.tagName).toBe('BUTTON');
      expect(judgeButton.getAttribute('aria-label')).toBe('AI判题：第1题');
      fireEvent.click(judgeButton);
      const form = await screen.findByTestId('course-judge-form');
      expect(within(form).getByText('8分')).toBeTruthy();

      // No answer: the 5.4 message, no call.
      fireEvent.click(screen.getByTestId('course-judge-start'));
      expect(await screen.findByText('请输入学生答案')).toBeTruthy();
      expect(calls.some((c) => c.path === '/api/course/ai/judge_questions')).toBe(false);

      fireEvent.change(within(form).getByLabelText('学生答案'), { target: { value: '栈是后进先出的' } });
      fireEvent.click(screen.getByTestId('course-judge-start'));
      expect(await screen.findByTestId('ai-judge-panel')).toBeTruthy();
      await waitFor(() =>
        expect(calls.find((c) => c.path === '/api/course/ai/judge_questions')?.body).toEqual({
          question: '简述栈和队列的区别',
          questionScore: 8,
          questionType: 'ShortAnswer',
          realAnswer: '栈后进先出，队列先进先出',
          studentAnswer: '栈是后进先出的',
        }),
      );
      expect(aiScene.get().judge).toMatchObject({ variant: 'common', routeNames: ['teacherHomework'] });
      await screen.findByText('评判依据');
      expect(screen.getByTestId('ai-judge-apply-note').textContent).toBe(HOMEWORK_MSG.applySaves);
      expect(screen.queryByTestId('judged-answer')).toBeNull();
      fireEvent.click(button('引用'));

      // Stored against the answer it judged: the answer, score, comment and basis.
      await waitFor(() =>
        expect(calls.find((c) => c.method === 'POST' && c.path.endsWith('/judgedAnswers'))?.body).toEqual({
          studentAnswer: '栈是后进先出的',
          score: 6.5,
          comment: '要点基本正确',
          basis: '命中：后进先出',
        }),
      );
      const box = await screen.findByTestId('judged-answer');
      expect(within(items[0] as HTMLElement).getByTestId('judged-answer')).toBe(box);
      expect((within(box).getByLabelText('得分（满分8）') as HTMLInputElement).value).toBe('6.5');
      expect((within(box).getByLabelText('评语') as HTMLTextAreaElement).value).toBe('要点基本正确');
      expect(within(box).getByText('栈是后进先出的')).toBeTruthy();
      expect(within(box).getByTestId('judged-answer-meta').textContent).toBe(
        '已保存：李静 于 2026-11-24 09:30 引用AI判题结果',
      );
      expect(await screen.findByText(HOMEWORK_MSG.saved)).toBeTruthy();
      await waitFor(() => expect(document.activeElement).toBe(box));
      await waitFor(() => expect(aiScene.get().judge).toBeNull());

      // After a reload it is shown again, read from the server.
      view.unmount();
      renderApp(HOMEWORK_PATH);
      const again = await screen.findByTestId('judged-answer');
      expect((within(again).getByLabelText('评语') as HTMLTextAreaElement).value).toBe('要点基本正确');
    });

    it('a stored grade is editable: 保存修改 sends the teacher’s score and comment; no score, no save', async () => {
      signIn('Teacher');
      let row = judged();
      const calls = stubFetch(
        teacherRoutes({
          [`GET ${HOMEWORK_API}`]: homework([SHORT]),
          [`GET ${JUDGED_API}`]: () => ok({ rows: [row], total: 1 }),
          [`PUT ${JUDGED_API}/501`]: (call) => {
            row = {
              ...row,
              ...(call.body as Partial<JudgedAnswer>),
              updatedBy: { id: '9', name: '李静' },
              updatedAt: new Date(2026, 10, 24, 10, 5).getTime(),
            };
            return ok(row);
          },
        }),
      );
      renderApp(HOMEWORK_PATH);
      const box = await screen.findByTestId('judged-answer');
      const save = within(box).getByTestId('judged-answer-save') as HTMLButtonElement;
      expect(save.disabled).toBe(true);
      fireEvent.change(within(box).getByLabelText('得分（满分8）'), { target: { value: '' } });
      expect(await within(box).findByText('请输入得分')).toBeTruthy();
      expect(save.disabled).toBe(true);
      fireEvent.change(within(box).getByLabelText('得分（满分8）'), { target: { value: '7' } });
      fireEvent.change(within(box).getByLabelText('评语'), { target: { value: '很好' } });
      await waitFor(() => expect(save.disabled).toBe(false));
      fireEvent.click(save);
      await waitFor(() =>
        expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ score: 7, comment: '很好' }),
      );
      expect(await screen.findByText(HOMEWORK_MSG.updated)).toBeTruthy();
      await waitFor(() =>
        expect(screen.getByTestId('judged-answer-meta').textContent).toBe(
          '已保存：李静 于 2026-11-24 09:30 引用AI判题结果；李静 于 2026-11-24 10:05 修改',
        ),
      );
    });

    it('a failed save keeps the judge panel open and shows no grade as saved', async () => {
      signIn('Teacher');
      stubFetch(
        teacherRoutes({
          [`GET ${HOMEWORK_API}`]: homework([SHORT]),
          [JUDGE]: ok({ score: 6.5, comment: '要点基本正确', basis: '命中：后进先出', questionScore: 8 }),
          'POST /api/course/courses/7/homeworks/21/questions/2/judgedAnswers': fail(404, '作业不存在'),
        }),
      );
      renderApp(HOMEWORK_PATH);
      fireEvent.click(await screen.findByTestId('course-ai-judge'));
      fireEvent.change(await screen.findByLabelText('学生答案'), { target: { value: '栈是后进先出的' } });
      fireEvent.click(screen.getByTestId('course-judge-start'));
      await screen.findByText('评判依据');
      fireEvent.click(button('引用'));
      expect((await screen.findAllByText('作业不存在')).length).toBeGreaterThan(0);
      expect(aiScene.get().judge).not.toBeNull();
      expect(screen.queryByTestId('judged-answer')).toBeNull();
      expect(screen.queryByTestId('grading-box')).toBeNull();
    });

    it('pages a long homework: 10 questions a page, numbered on from the earlier pages', async () => {
      signIn('Teacher');
      const many = Array.from({ length: 12 }, (_, i) =>
        question({
          id: String(100 + i),
          title: `第${i + 1}道题`,
          qsnType: 7,
          typeName: '简答题',
          options: [],
        }),
      );
      const calls = stubFetch(
        teacherRoutes({
          [`GET ${HOMEWORK_API}`]: (call) => {
            const page = Number(call.query.get('pageNumber'));
            const size = Number(call.query.get('pageSize'));
            return homework(many.slice((page - 1) * size, page * size), many.length);
          },
        }),
      );
      renderApp(HOMEWORK_PATH);
      expect(await screen.findAllByTestId('course-question')).toHaveLength(10);
      expect(screen.getByText('共12题')).toBeTruthy();
      fireEvent.click(screen.getByTitle('2'));
      await waitFor(() => expect(screen.getAllByTestId('course-question')).toHaveLength(2));
      expect(screen.getByText('第11题')).toBeTruthy();
      expect(screen.getByText('第11道题')).toBeTruthy();
      expect(screen.getAllByTestId('course-ai-judge')[0]?.getAttribute('aria-label')).toBe('AI判题：第11题');
      const asked = calls.filter((c) => c.path === HOMEWORK_API).map((c) => c.query.get('pageNumber'));
      expect(asked).toEqual(['1', '2']);
      expect(calls.find((c) => c.path === HOMEWORK_API)?.query.get('pageSize')).toBe('10');
    });

    it('a function question is judged as Programming with its description', async () => {
      signIn('Teacher');
      const calls = stubFetch(
        teacherRoutes({
          [`GET ${HOMEWORK_API}`]: homework([CODE]),
          [JUDGE]: ok({ score: 10, comment: '正确', basis: '全部用例思路正确', questionScore: 10 }),
        }),
      );
      renderApp(HOMEWORK_PATH);
      fireEvent.click(await screen.findByTestId('course-ai-judge'));
      fireEvent.change(await screen.findByLabelText('学生答案'), { target: { value: 'print(1)' } });
      fireEvent.click(screen.getByTestId('course-judge-start'));
      await waitFor(() =>
        expect(calls.find((c) => c.path === '/api/course/ai/judge_questions')?.body).toMatchObject({
          question: '两数之和\n输入两个整数，输出它们的和',
          questionType: 'Programming',
          questionScore: 10,
          realAnswer: CODE.answer,
        }),
      );
    });

    it('empty homework and another teacher’s homework (404) show their states, without AI出题', async () => {
      signIn('Teacher');
      let answer: StubAnswer = homework([]);
      stubFetch(teacherRoutes({ [`GET ${HOMEWORK_API}`]: () => answer }));
      const first = renderApp(HOMEWORK_PATH);
      expect(await screen.findByText('该作业暂无题目，可使用AI出题导入')).toBeTruthy();
      expect(screen.getByTestId('course-ai-generate')).toBeTruthy();
      first.unmount();
      answer = fail(404, '作业不存在');
      renderApp(HOMEWORK_PATH);
      expect(await screen.findByText('作业不存在')).toBeTruthy();
      expect(screen.queryByTestId('course-ai-generate')).toBeNull();
      expect(screen.getByRole('heading', { name: '作业题目' })).toBeTruthy();
    });
  });

  describe('exercise-set page', () => {
    it('lists the questions; AI出题 targets the set of the course (no 简答题 offered)', async () => {
      signIn('Teacher');
      const calls = stubFetch(
        teacherRoutes({
          [`GET ${SET_API}`]: ok({
            course: { id: '7', name: '数据结构' },
            exerciseSet: { id: '31', name: '第一章 线性表 练习' },
            rows: [question({}), CODE],
            total: 2,
          }),
        }),
      );
      renderApp(SET_PATH);
      expect(await screen.findByRole('heading', { name: '练习集：第一章 线性表 练习' })).toBeTruthy();
      expect(screen.getAllByTestId('course-question')).toHaveLength(2);
      expect(screen.queryByTestId('course-ai-judge')).toBeNull();
      fireEvent.click(screen.getByTestId('course-ai-generate'));
      expect(await screen.findByTestId('ai-generator-panel')).toBeTruthy();
      const scene = aiScene.get().generator;
      expect(scene).toMatchObject({
        variant: 'common',
        target: { kind: 'exerciseSet', courseId: '7', setId: '31' },
        routeNames: ['teacherExerciseSet'],
      });
      fireEvent.mouseDown(screen.getByLabelText('题目类型'));
      expect((await screen.findAllByTitle('函数题')).length).toBeGreaterThan(0);
      expect(screen.queryByTitle('简答题')).toBeNull();
      const before = calls.filter((c) => c.path === SET_API).length;
      act(() => scene?.onImported?.());
      await waitFor(() => expect(calls.filter((c) => c.path === SET_API).length).toBe(before + 1));
    });

    it('an empty set says so; a student is refused', async () => {
      signIn('Teacher');
      stubFetch(
        teacherRoutes({
          [`GET ${SET_API}`]: ok({
            course: { id: '7', name: '数据结构' },
            exerciseSet: { id: '31', name: '空练习' },
            rows: [],
            total: 0,
          }),
        }),
      );
      const view = renderApp(SET_PATH);
      expect(await screen.findByText('该练习集暂无题目，可使用AI出题导入')).toBeTruthy();
      view.unmount();
      signIn('Student');
      const calls = stubFetch(sessionRoutes('Student'));
      renderApp(SET_PATH);
      expect(await screen.findByText('学生身份不支持查看')).toBeTruthy();
      expect(calls.some((c) => c.path === SET_API)).toBe(false);
    });
  });

  describe('judge payload', () => {
    it('takes the question’s score and answer; a description too long to fit is left out', () => {
      const payload = judgePayloadOf({ ...CODE, description: '长'.repeat(996), score: 12.4 }, 'x');
      expect(payload).toMatchObject({ question: '两数之和', questionScore: 12, questionType: 'Programming' });
      expect(judgePayloadError(payload)).toBeNull();
      expect(judgePayloadOf({ ...CODE, description: '长'.repeat(995) }, 'x').question).toHaveLength(1000);
      expect(judgePayloadError(judgePayloadOf({ ...SHORT, answer: '' }, 'x'))).toBe('请输入参考答案');
      expect(judgePayloadError(judgePayloadOf(SHORT, ''))).toBe('请输入学生答案');
    });
  });
});
