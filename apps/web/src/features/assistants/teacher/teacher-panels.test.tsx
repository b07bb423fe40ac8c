import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { HomeworkRow } from '@uplus/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deferredLoadsSettled } from '../../../components/lazy-antd';
import {
  finishLeaveMotion,
  ok,
  renderWithRouter,
  setSite,
  signIn,
  stubBrowser,
  stubFetch,
} from '../../../test/helpers';
import { LEAVE_WORKING, TeacherPanel } from './teacher-panels';

/*
 * The generator and the judge are big and tested on their own: here they are stand-ins that show the props
 * the panel gives them and let the test play "working".
 */
const generatorProps = vi.hoisted(() => ({ last: null as Record<string, unknown> | null }));
vi.mock('../../question-bank/ai-generator/generator-panel', () => ({
  GeneratorPanel: (props: Record<string, unknown>) => {
    generatorProps.last = props;
    const onWorkingChange = props.onWorkingChange as (working: boolean) => void;
    return (
      <div
        data-testid="mock-generator"
        data-inline={String(props.inline)}
        data-variant={String(props.variant)}
      >
        <span data-testid="mock-target">{JSON.stringify(props.target)}</span>
        <button type="button" onClick={() => onWorkingChange(true)}>
          开始出题
        </button>
        <button type="button" onClick={() => onWorkingChange(false)}>
          出题完成
        </button>
        <button type="button" onClick={() => (props.onImported as () => void)()}>
          导入
        </button>
      </div>
    );
  },
}));
vi.mock('../../question-bank/ai-judge/judge-panel', () => ({
  JudgeHomePanel: (props: Record<string, unknown>) => (
    <div data-testid="mock-judge" data-inline={String(props.inline)} />
  ),
}));

const HOMEWORKS = 'GET /api/course/courses/7/homeworks';
const homework = (over: Partial<HomeworkRow>): HomeworkRow => ({
  id: '21',
  courseId: '7',
  name: '第一次作业',
  description: '',
  deadline: null,
  publishedAt: null,
  releasedAt: null,
  questionCount: 0,
  totalScore: 0,
  submittedCount: 0,
  studentCount: 30,
  pendingCount: 0,
  ...over,
});

const target = () => JSON.parse(screen.getByTestId('mock-target').textContent ?? 'null');

describe('<TeacherPanel>', () => {
  beforeEach(() => {
    setSite();
    stubBrowser();
    signIn('Teacher');
    generatorProps.last = null;
  });
  afterEach(async () => {
    await deferredLoadsSettled();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('智能判题: the judge in place (inline), the title focused, 返回 back to the chat', async () => {
    stubFetch({});
    const onClose = vi.fn();
    renderWithRouter(<TeacherPanel kind="smartGrading" courseId={7} onClose={onClose} />);
    const judge = await screen.findByTestId('mock-judge');
    expect(judge.dataset.inline).toBe('true');
    const title = screen.getByRole('heading', { name: '智能判题' });
    expect(document.activeElement).toBe(title);
    expect(screen.getByRole('region', { name: '智能判题' })).toBeTruthy();
    fireEvent.click(screen.getByTestId('teacher-panel-back'));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('智能出题 in a course: imports to 我的题库 by default, or to one of the course’s unpublished homework', async () => {
    const calls = stubFetch({
      [HOMEWORKS]: ok({
        rows: [
          homework({ id: '22', name: '第二次作业' }),
          homework({ id: '21', name: '第一次作业', publishedAt: 1 }),
        ],
        total: 2,
      }),
    });
    const { queryClient } = renderWithRouter(
      <TeacherPanel kind="smartQuestion" courseId={7} onClose={() => {}} />,
    );
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    const generator = await screen.findByTestId('mock-generator');
    expect(generator.dataset.inline).toBe('true');
    expect(generator.dataset.variant).toBe('common');
    expect(target()).toEqual({ kind: 'library' });
    expect(screen.getByText('生成的题目可导入我的题库，或本课程尚未发布的作业。')).toBeTruthy();
    await waitFor(() => expect(calls.some((c) => c.path === '/api/course/courses/7/homeworks')).toBe(true));
    const asked = calls.find((c) => c.path === '/api/course/courses/7/homeworks');
    expect(asked?.query.get('pageSize')).toBe('100');

    fireEvent.mouseDown(screen.getByLabelText('导入到'));
    await screen.findAllByTitle('作业：第二次作业');
    expect(screen.queryByTitle('作业：第一次作业')).toBeNull(); // published: takes no new questions
    fireEvent.click((await screen.findAllByTitle('作业：第二次作业'))[0] as HTMLElement);
    await waitFor(() => expect(target()).toEqual({ kind: 'homework', homeworkId: '22' }));
    // an import makes that homework's question pages stale
    fireEvent.click(within(generator).getByText('导入'));
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['teaching', 'homework', '7', '22'] });
  });

  it('智能出题 without a course: the library only, no homework asked for', async () => {
    const calls = stubFetch({});
    renderWithRouter(<TeacherPanel kind="smartQuestion" courseId={null} onClose={() => {}} />);
    await screen.findByTestId('mock-generator');
    expect(target()).toEqual({ kind: 'library' });
    expect(screen.getByText('生成的题目可导入我的题库。')).toBeTruthy();
    expect(calls.some((c) => c.path.includes('/homeworks'))).toBe(false);
  });

  it('返回 while the generator works asks first; 取消 stays, 返回 leaves; idle again it leaves at once', async () => {
    stubFetch({ [HOMEWORKS]: ok({ rows: [], total: 0 }) });
    const onClose = vi.fn();
    renderWithRouter(<TeacherPanel kind="smartQuestion" courseId={7} onClose={onClose} />);
    const generator = await screen.findByTestId('mock-generator');
    fireEvent.click(within(generator).getByText('开始出题'));
    fireEvent.click(screen.getByTestId('teacher-panel-back'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(LEAVE_WORKING)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: /取\s*消/ }));
    finishLeaveMotion();
    expect(onClose).not.toHaveBeenCalled();

    fireEvent.click(screen.getByTestId('teacher-panel-back'));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: /返\s*回/ }));
    expect(onClose).toHaveBeenCalledTimes(1);

    fireEvent.click(within(generator).getByText('出题完成'));
    fireEvent.click(screen.getByTestId('teacher-panel-back'));
    expect(onClose).toHaveBeenCalledTimes(2);
  });
});
