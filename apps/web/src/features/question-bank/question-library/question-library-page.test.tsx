import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HOMEWORK_MSG } from '@uplus/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ok, renderApp, sessionRoutes, setSite, signIn, stubBrowser, stubFetch } from '../../../test/helpers';
import { aiScene } from '../ai-generator/ai-scene';
import { singleChoice } from '../ai-generator/test-support';

const PATH = '/u/teacherGr/exerciseLibs';
const COURSES = ok([
  {
    id: 'c1',
    name: '数据结构',
    homeworks: [{ id: 'h1', name: '第一次作业' }],
    exerciseSets: [{ id: 's1', name: '第一章练习' }],
  },
]);

describe('teacher question library page', () => {
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

  it('lists the library (type, title, difficulty, knowledges) and opens the generator targeting it', async () => {
    signIn('Teacher');
    const calls = stubFetch({
      ...sessionRoutes('Teacher', '王老师'),
      'GET /api/course/programExecution/languages': ok([]),
      'GET /api/course/courses/mine': COURSES,
      'GET /api/course/libQuestions': ok({
        rows: [{ ...singleChoice('栈的特点是？', { knowledges: '数据结构,栈' }), id: '9', createdAt: 1 }],
        total: 1,
      }),
    });
    renderApp(PATH);
    expect(await screen.findByText('栈的特点是？')).toBeTruthy();
    expect(screen.getByText('单选题')).toBeTruthy();
    expect(screen.getByText('数据结构')).toBeTruthy();
    expect(screen.getByLabelText('难度3星')).toBeTruthy();
    const list = calls.find((c) => c.path === '/api/course/libQuestions');
    expect(list?.query.get('pageNumber')).toBe('1');
    expect(list?.query.get('pageSize')).toBe('10');
    fireEvent.click(screen.getByTestId('library-ai-generate'));
    expect(await screen.findByTestId('ai-generator-panel')).toBeTruthy();
    expect(aiScene.get().generator).toMatchObject({
      variant: 'common',
      target: { kind: 'library' },
      routeNames: ['exerciseLibs'],
    });
  });

  it("targets one of the teacher's homeworks or exercise sets when chosen", async () => {
    signIn('Teacher');
    stubFetch({
      ...sessionRoutes('Teacher', '王老师'),
      'GET /api/course/programExecution/languages': ok([]),
      'GET /api/course/courses/mine': COURSES,
      'GET /api/course/libQuestions': ok({ rows: [], total: 0 }),
    });
    renderApp(PATH);
    await screen.findByRole('heading', { name: '我的题库' });
    const select = await screen.findByLabelText('导入到');
    fireEvent.mouseDown(select);
    fireEvent.click((await screen.findAllByTitle('数据结构 / 练习集：第一章练习'))[0] as HTMLElement);
    fireEvent.click(screen.getByTestId('library-ai-generate'));
    await screen.findByTestId('ai-generator-panel');
    expect(aiScene.get().generator?.target).toEqual({ kind: 'exerciseSet', courseId: 'c1', setId: 's1' });
    aiScene.closeGenerator();
    fireEvent.mouseDown(select);
    fireEvent.click((await screen.findAllByTitle('数据结构 / 作业：第一次作业'))[0] as HTMLElement);
    fireEvent.click(screen.getByTestId('library-ai-generate'));
    await waitFor(() =>
      expect(aiScene.get().generator?.target).toEqual({ kind: 'homework', homeworkId: 'h1' }),
    );
  });

  it('AI判题 on a 简答题 row: the answer form, the common judge with its score and answer, 引用 under the row', async () => {
    signIn('Teacher');
    const calls = stubFetch({
      ...sessionRoutes('Teacher', '王老师'),
      'GET /api/course/programExecution/languages': ok([]),
      'GET /api/course/courses/mine': COURSES,
      'GET /api/course/libQuestions': ok({
        rows: [
          { ...singleChoice('栈的特点是？'), id: '9', createdAt: 2 },
          {
            ...singleChoice('简述栈的特点', {
              qsnType: 7,
              qsnName: '简答题',
              options: [],
              answer: '后进先出',
            }),
            everyScore: 5,
            id: '10',
            createdAt: 1,
          },
        ],
        total: 2,
      }),
      'POST /api/course/ai/judge_questions': ok({
        score: 4,
        comment: '回答正确',
        basis: '命中：后进先出',
        questionScore: 5,
      }),
    });
    renderApp(PATH);
    await screen.findByText('简述栈的特点');
    const buttons = screen.getAllByTestId('library-ai-judge');
    expect(buttons).toHaveLength(1);
    fireEvent.click(buttons[0] as HTMLElement);
    fireEvent.change(await screen.findByLabelText('学生答案'), { target: { value: '先进后出' } });
    fireEvent.click(screen.getByTestId('course-judge-start'));
    await screen.findByText('评判依据');
    expect(calls.find((c) => c.path === '/api/course/ai/judge_questions')?.body).toEqual({
      question: '简述栈的特点',
      questionScore: 5,
      questionType: 'ShortAnswer',
      realAnswer: '后进先出',
      studentAnswer: '先进后出',
    });
    expect(aiScene.get().judge?.routeNames).toEqual(['exerciseLibs']);
    // No answer record exists for a library question: 引用 says it only fills the box, and the box says so.
    expect(screen.getByTestId('ai-judge-apply-note').textContent).toBe(HOMEWORK_MSG.applyFillsOnly);
    fireEvent.click(screen.getByRole('button', { name: /引\s*用/ }));
    const box = await screen.findByTestId('grading-box');
    expect(within(box).getByTestId('grading-unsaved').textContent).toContain('未保存');
    expect(calls.some((c) => c.method !== 'GET' && c.path.includes('judgedAnswers'))).toBe(false);
    expect((screen.getByLabelText('得分（满分5）') as HTMLInputElement).value).toBe('4.0');
    expect((screen.getByLabelText('评语') as HTMLTextAreaElement).value).toBe('回答正确');
    expect(box.closest('tr')?.previousElementSibling?.textContent).toContain('简述栈的特点');
  });

  it('refuses a student with 学生身份不支持查看 and does not call the library', async () => {
    signIn('Student');
    const calls = stubFetch(sessionRoutes('Student'));
    renderApp(PATH);
    expect(await screen.findByText('学生身份不支持查看')).toBeTruthy();
    await waitFor(() => expect(calls.some((c) => c.path === '/api/course/libQuestions')).toBe(false));
  });
});
