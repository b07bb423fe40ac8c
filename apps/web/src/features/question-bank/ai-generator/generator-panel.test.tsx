import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  fail,
  ok,
  type RecordedCall,
  renderWithRouter,
  setSite,
  signIn,
  stubBrowser,
} from '../../../test/helpers';
import type { ImportTarget } from './api';
import { GeneratorPanel } from './generator-panel';
import { msg, programming, SSE_PATH, singleChoice, stubAiFetch } from './test-support';

const LANGUAGES = ok([{ id: 'python3', name: 'Python 3', version: '3.11' }]);
const STRUCTURE = 'POST /api/course/ai/generate_questions';
const STOP = /^\/api\/course\/ai\/tasks\/[^/]+\/stop$/;

const renderPanel = (
  target: ImportTarget | null = { kind: 'library' },
  variant: 'home' | 'common' = 'common',
) =>
  renderWithRouter(
    <GeneratorPanel open onClose={() => {}} variant={variant} target={target} typingSpeed={50} />,
  );

const startButton = () => screen.getByTestId('ai-generator-start') as HTMLButtonElement;

const typeQuery = (text: string) =>
  fireEvent.change(screen.getByLabelText('出题要求'), { target: { value: text } });

/** Fills the requirements and starts; waits for the preview items. */
const generate = async (count: number) => {
  typeQuery('数据结构中栈的基本概念');
  if (count > 1) fireEvent.change(screen.getByLabelText('题目数量'), { target: { value: String(count) } });
  fireEvent.click(startButton());
  await waitFor(() => expect(screen.getAllByTestId('ai-question-item')).toHaveLength(count));
};

describe('AI generator panel', () => {
  beforeEach(() => {
    setSite();
    stubBrowser();
    signIn('Teacher');
  });

  it('keeps 开始出题 disabled while the requirements are blank, offers the six types (no 简答题 for exercise sets)', async () => {
    stubAiFetch({ 'GET /api/course/programExecution/languages': LANGUAGES });
    const first = renderPanel();
    await screen.findByTestId('ai-generator-panel');
    expect(startButton().textContent?.replace(/\s/g, '')).toBe('开始出题');
    expect(startButton().disabled).toBe(true);
    typeQuery('   ');
    expect(startButton().disabled).toBe(true);
    typeQuery('链表');
    expect(startButton().disabled).toBe(false);
    expect(screen.getByPlaceholderText('请输入出题要求')).toBeTruthy();
    fireEvent.mouseDown(screen.getByLabelText('题目类型'));
    for (const name of ['单选题', '多选题', '判断题', '简答题', '编程题', '函数题']) {
      expect((await screen.findAllByTitle(name)).length).toBeGreaterThan(0);
    }
    first.unmount();
    renderPanel({ kind: 'exerciseSet', courseId: 'c1', setId: 's1' });
    await screen.findByTestId('ai-generator-panel');
    fireEvent.mouseDown(screen.getByLabelText('题目类型'));
    expect((await screen.findAllByTitle('函数题')).length).toBeGreaterThan(0);
    expect(screen.queryByTitle('简答题')).toBeNull();
  });

  it('streams the draft (split lines too), then structures it into the preview and reads 重新出题', async () => {
    const calls = stubAiFetch(
      {
        'GET /api/course/programExecution/languages': LANGUAGES,
        [STRUCTURE]: ok([
          singleChoice('栈的特点是？'),
          singleChoice('队列的特点是？'),
          singleChoice('堆是？'),
        ]),
      },
      () => ({
        events: [msg('1. 栈的特点是？'), msg('\nA. 先进先出')],
        raw: ['data: {"event":"message","answer":"\\nB. 后进', '先出","taskId":"t"}\n\n'],
      }),
    );
    renderPanel();
    await screen.findByTestId('ai-generator-panel');
    await generate(3);
    const sse = calls.find((c) => c.path === SSE_PATH);
    expect(sse?.headers.get('X-Access-Token')).toBe('token-1');
    expect(sse?.body).toMatchObject({
      query: '数据结构中栈的基本概念',
      questionType: 1,
      questionNum: 3,
      source: 'library',
      questionLength: 1000,
      questionScore: 10,
    });
    const structure = calls.find((c) => `${c.method} ${c.path}` === STRUCTURE);
    expect(structure?.body).toMatchObject({
      question: '1. 栈的特点是？\nA. 先进先出\nB. 后进先出',
      questionType: 1,
      source: 'library',
      // The server asks for questions the draft did not yield after these.
      questionNum: 3,
      query: '数据结构中栈的基本概念',
    });
    // Enough came: no shortfall note.
    expect(screen.queryByTestId('ai-shortfall')).toBeNull();
    expect(screen.getByText('题目预览')).toBeTruthy();
    expect(screen.getByText('以下内容由AI生成，仅供参考，请人工审核后使用')).toBeTruthy();
    expect(startButton().textContent?.replace(/\s/g, '')).toBe('重新出题');
    expect(screen.getByDisplayValue('队列的特点是？')).toBeTruthy();
    expect(screen.getAllByText('删除')).toHaveLength(3);
    expect(screen.getAllByText('重新生成')).toHaveLength(3);
  });

  it('asked for 3, 1 usable and 1 flagged came: the panel says how many were asked, how many came, and why', async () => {
    stubAiFetch(
      {
        'GET /api/course/programExecution/languages': LANGUAGES,
        [STRUCTURE]: ok([
          singleChoice('栈的特点是？'),
          { ...singleChoice('队列的特点是？'), answer: 'AB', failureMsg: '单选题只能有一个答案' },
        ]),
      },
      () => ({ events: [msg('1. 栈的特点是？')] }),
    );
    renderPanel();
    await screen.findByTestId('ai-generator-panel');
    typeQuery('数据结构中栈的基本概念');
    fireEvent.change(screen.getByLabelText('题目数量'), { target: { value: '3' } });
    fireEvent.click(startButton());
    const note = await screen.findByTestId('ai-shortfall');
    expect(note.textContent).toBe(
      '要求生成3道题，只得到1道可用的题目。模型给出的题目中有1道未通过检查（已标红，可修改后使用）：第2题：单选题只能有一个答案。另有1道题模型没有给出。已自动向模型补充索要，仍然不足；可以点击重新出题，或调整出题要求后再试。',
    );
    expect(screen.getAllByTestId('ai-question-item')).toHaveLength(2);
    expect(screen.getByTestId('ai-question-failure').textContent).toBe('单选题只能有一个答案');
  });

  it('asked for 2, only 1 came: says so; a new 开始出题 with enough clears the note', async () => {
    let answer = ok([singleChoice('栈的特点是？')]);
    stubAiFetch(
      { 'GET /api/course/programExecution/languages': LANGUAGES, [STRUCTURE]: () => answer },
      () => ({ events: [msg('1. 栈的特点是？')] }),
    );
    renderPanel();
    await screen.findByTestId('ai-generator-panel');
    typeQuery('栈');
    fireEvent.change(screen.getByLabelText('题目数量'), { target: { value: '2' } });
    fireEvent.click(startButton());
    expect((await screen.findByTestId('ai-shortfall')).textContent).toBe(
      '要求生成2道题，只得到1道可用的题目。另有1道题模型没有给出。已自动向模型补充索要，仍然不足；可以点击重新出题，或调整出题要求后再试。',
    );
    answer = ok([singleChoice('栈的特点是？'), singleChoice('队列的特点是？')]);
    fireEvent.click(startButton());
    await waitFor(() => expect(screen.getAllByTestId('ai-question-item')).toHaveLength(2));
    expect(screen.queryByTestId('ai-shortfall')).toBeNull();
  });

  it('Ctrl+Enter starts; an Enter that picks a Chinese IME candidate (composing, or keyCode 229) never does', async () => {
    const calls = stubAiFetch(
      {
        'GET /api/course/programExecution/languages': LANGUAGES,
        [STRUCTURE]: ok([singleChoice('栈的特点是？')]),
      },
      () => ({ events: [msg('1. 栈的特点是？')] }),
    );
    renderPanel();
    await screen.findByTestId('ai-generator-panel');
    typeQuery('数据结构中栈的基本概念');
    const box = screen.getByLabelText('出题要求');
    fireEvent.keyDown(box, { key: 'Enter', ctrlKey: true, isComposing: true });
    fireEvent.keyDown(box, { key: 'Enter', ctrlKey: true, keyCode: 229 });
    fireEvent.keyDown(box, { key: 'Enter' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls.some((c) => c.path === SSE_PATH)).toBe(false);
    fireEvent.keyDown(box, { key: 'Enter', ctrlKey: true });
    await waitFor(() => expect(screen.getAllByTestId('ai-question-item')).toHaveLength(1));
    expect(calls.filter((c) => c.path === SSE_PATH)).toHaveLength(1);
  });

  it('shows 正在生成结构化数据，请稍候... while structuring', async () => {
    let release: (v: unknown) => void = () => {};
    stubAiFetch(
      {
        'GET /api/course/programExecution/languages': LANGUAGES,
        [STRUCTURE]: () => new Promise((r) => (release = r)).then(() => ok([singleChoice('栈的特点是？')])),
      },
      () => ({ events: [msg('草稿')] }),
    );
    renderPanel();
    await screen.findByTestId('ai-generator-panel');
    typeQuery('栈');
    fireEvent.click(startButton());
    expect(await screen.findByText('正在生成结构化数据，请稍候...')).toBeTruthy();
    expect(startButton().textContent?.replace(/\s/g, '')).toBe('取消出题');
    release(null);
    await screen.findByTestId('ai-question-item');
  });

  it('取消出题 aborts the stream and stops the remote task', async () => {
    let streamCall: RecordedCall | undefined;
    const calls = stubAiFetch({ 'GET /api/course/programExecution/languages': LANGUAGES }, (call) => {
      streamCall = call;
      return { events: [msg('第一题：', 'aaaaaaaa-bbbb-cccc-dddd-eeeeeeeeeeee')], hold: true };
    });
    renderPanel();
    await screen.findByTestId('ai-generator-panel');
    typeQuery('栈');
    fireEvent.click(startButton());
    await waitFor(() => expect(startButton().textContent?.replace(/\s/g, '')).toBe('取消出题'));
    expect(await screen.findByText('第一题：')).toBeTruthy();
    fireEvent.click(startButton());
    await waitFor(() => expect(calls.some((c) => STOP.test(c.path))).toBe(true));
    const stop = calls.find((c) => STOP.test(c.path));
    expect(stop?.path).toBe('/api/course/ai/tasks/aaaaaaaa-bbbb-cccc-dddd-eeeeeeeeeeee/stop');
    expect(stop?.body).toEqual({ appType: 'generate-questions-sse' });
    expect(streamCall?.signal?.aborted).toBe(true);
    expect(startButton().textContent?.replace(/\s/g, '')).toBe('开始出题');
    expect(calls.some((c) => c.path === '/api/course/ai/generate_questions')).toBe(false);
  });

  it("shows an error event's answer as the failure, else AI出题失败", async () => {
    let answer = 'AI服务未配置';
    stubAiFetch({ 'GET /api/course/programExecution/languages': LANGUAGES }, () => ({
      events: [msg('一半'), { event: 'error', answer, taskId: 't' }],
    }));
    const first = renderPanel();
    await screen.findByTestId('ai-generator-panel');
    typeQuery('栈');
    fireEvent.click(startButton());
    expect((await screen.findAllByText('AI服务未配置')).length).toBeGreaterThan(0);
    expect(startButton().textContent?.replace(/\s/g, '')).toBe('开始出题');
    first.unmount();
    answer = '';
    renderPanel();
    await screen.findByTestId('ai-generator-panel');
    typeQuery('栈');
    fireEvent.click(startButton());
    expect((await screen.findAllByText('AI出题失败')).length).toBeGreaterThan(0);
  });

  it('删除 removes one question; 重新生成 regenerates one with questionNum 1 and the titles as history', async () => {
    let round = 0;
    const calls = stubAiFetch(
      {
        'GET /api/course/programExecution/languages': LANGUAGES,
        [STRUCTURE]: () => {
          round += 1;
          return round === 1
            ? ok([singleChoice('第一题'), singleChoice('第二题'), singleChoice('第三题')])
            : ok([singleChoice('新的第二题')]);
        },
      },
      () => ({ events: [msg('草稿')] }),
    );
    renderPanel();
    await screen.findByTestId('ai-generator-panel');
    await generate(3);
    const items = () => screen.getAllByTestId('ai-question-item');
    fireEvent.click(within(items()[2] as HTMLElement).getByText('删除'));
    await waitFor(() => expect(items()).toHaveLength(2));
    fireEvent.click(within(items()[1] as HTMLElement).getByText('重新生成'));
    expect(await screen.findByDisplayValue('新的第二题')).toBeTruthy();
    expect(screen.getByDisplayValue('第一题')).toBeTruthy();
    expect(screen.queryByDisplayValue('第二题')).toBeNull();
    expect(items()).toHaveLength(2);
    const second = calls.filter((c) => c.path === SSE_PATH)[1];
    expect(second?.body).toMatchObject({
      questionNum: 1,
      questionHistory: JSON.stringify(['第一题', '第二题']),
    });
  });

  it('imports to the library: partial message, the failed question stays marked, the rest leave', async () => {
    const calls = stubAiFetch(
      {
        'GET /api/course/programExecution/languages': LANGUAGES,
        [STRUCTURE]: ok([singleChoice('第一题'), singleChoice('第二题'), singleChoice('第三题')]),
        'POST /api/course/libQuestions/batchSave': ok({
          fieldList: [{ ...singleChoice('第二题'), failureMsg: '参考答案必须是已有的选项' }],
        }),
      },
      () => ({ events: [msg('草稿')] }),
    );
    const onImported = vi.fn();
    renderWithRouter(
      <GeneratorPanel
        open
        onClose={() => {}}
        variant="common"
        target={{ kind: 'library' }}
        onImported={onImported}
      />,
    );
    await screen.findByTestId('ai-generator-panel');
    await generate(3);
    fireEvent.click(screen.getByTestId('ai-import'));
    expect(await screen.findByText('导入完成，2题成功导入，1题导入失败，请检查题目!')).toBeTruthy();
    await waitFor(() => expect(screen.getAllByTestId('ai-question-item')).toHaveLength(1));
    expect(screen.getByTestId('ai-question-failure').textContent).toBe('参考答案必须是已有的选项');
    expect(screen.getByDisplayValue('第二题')).toBeTruthy();
    const sent = calls.find((c) => c.path === '/api/course/libQuestions/batchSave');
    expect(Array.isArray(sent?.body) && sent.body.length).toBe(3);
    expect(onImported).toHaveBeenCalledTimes(1);
  });

  it('imports all: 导入成功！; all failed: 导入失败，请检查题目！; homework without id: 导入作业未指定homeworkId', async () => {
    let failAll = false;
    stubAiFetch(
      {
        'GET /api/course/programExecution/languages': LANGUAGES,
        [STRUCTURE]: ok([singleChoice('第一题')]),
        'POST /api/course/libQuestions/batchSave': () =>
          ok({ fieldList: failAll ? [{ ...singleChoice('第一题'), failureMsg: '请输入题目' }] : [] }),
      },
      () => ({ events: [msg('草稿')] }),
    );
    const first = renderPanel();
    await screen.findByTestId('ai-generator-panel');
    await generate(1);
    fireEvent.click(screen.getByTestId('ai-import'));
    expect(await screen.findByText('导入成功！')).toBeTruthy();
    await waitFor(() => expect(screen.queryAllByTestId('ai-question-item')).toHaveLength(0));
    first.unmount();

    failAll = true;
    const second = renderPanel();
    await screen.findByTestId('ai-generator-panel');
    await generate(1);
    fireEvent.click(screen.getByTestId('ai-import'));
    expect(await screen.findByText('导入失败，请检查题目！')).toBeTruthy();
    expect(screen.getAllByTestId('ai-question-item')).toHaveLength(1);
    second.unmount();

    renderPanel({ kind: 'homework' });
    await screen.findByTestId('ai-generator-panel');
    await generate(1);
    fireEvent.click(screen.getByTestId('ai-import'));
    expect(await screen.findByText('导入作业未指定homeworkId')).toBeTruthy();
  });

  it('marks invalid fields with their message and refuses the import locally', async () => {
    const calls = stubAiFetch(
      {
        'GET /api/course/programExecution/languages': LANGUAGES,
        [STRUCTURE]: ok([singleChoice('第一题')]),
      },
      () => ({ events: [msg('草稿')] }),
    );
    renderPanel();
    await screen.findByTestId('ai-generator-panel');
    await generate(1);
    const title = screen.getByDisplayValue('第一题');
    fireEvent.change(title, { target: { value: '' } });
    const error = await screen.findByText('请输入题目');
    expect(title.getAttribute('aria-invalid')).toBe('true');
    expect(title.getAttribute('aria-describedby')).toBe(error.id);
    fireEvent.change(screen.getByLabelText('选项B'), { target: { value: ' ' } });
    expect(await screen.findByText('选项不能为空')).toBeTruthy();
    fireEvent.click(screen.getByTestId('ai-import'));
    expect(await screen.findByText('题目未填写完整，请检查题目并完善标红字段')).toBeTruthy();
    expect(calls.some((c) => c.path === '/api/course/libQuestions/batchSave')).toBe(false);
  });

  it('home variant hides 导入; 运行验证 only for a single coding question', async () => {
    const calls = stubAiFetch(
      {
        'GET /api/course/programExecution/languages': LANGUAGES,
        [STRUCTURE]: ok([singleChoice('第一题')]),
      },
      () => ({ events: [msg('草稿')] }),
    );
    renderPanel(null, 'home');
    await screen.findByTestId('ai-generator-panel');
    await generate(1);
    expect(screen.queryByTestId('ai-import')).toBeNull();
    expect(screen.queryByTestId('ai-run-verify')).toBeNull();
    expect(calls.find((c) => c.path === SSE_PATH)?.body).toMatchObject({ source: 'home' });
  });

  it('a refused stream shows the server message', async () => {
    stubAiFetch({ 'GET /api/course/programExecution/languages': LANGUAGES }, () =>
      fail(400, '请输入出题要求'),
    );
    renderPanel();
    await screen.findByTestId('ai-generator-panel');
    typeQuery('栈');
    fireEvent.click(startButton());
    expect((await screen.findAllByText('请输入出题要求')).length).toBeGreaterThan(0);
  });

  it('coding type: a language selector instead of the count, and the stream asks for one question', async () => {
    const calls = stubAiFetch(
      {
        'GET /api/course/programExecution/languages': LANGUAGES,
        [STRUCTURE]: ok([programming()]),
      },
      () => ({ events: [msg('草稿')] }),
    );
    renderPanel();
    await screen.findByTestId('ai-generator-panel');
    fireEvent.mouseDown(screen.getByLabelText('题目类型'));
    fireEvent.click((await screen.findAllByTitle('编程题'))[0] as HTMLElement);
    await waitFor(() => expect(screen.queryByLabelText('题目数量')).toBeNull());
    expect(screen.getByLabelText('编程语言')).toBeTruthy();
    await waitFor(() => expect(screen.getAllByTitle('Python 3').length).toBeGreaterThan(0));
    typeQuery('两数之和');
    fireEvent.click(startButton());
    await screen.findByTestId('ai-question-item');
    expect(calls.find((c) => c.path === SSE_PATH)?.body).toMatchObject({
      questionType: 5,
      questionNum: 1,
      language: 'python3',
    });
    expect(screen.getByTestId('ai-run-verify')).toBeTruthy();
  });
  it('asks before closing while work runs; closes at once when idle', async () => {
    const calls = stubAiFetch({ 'GET /api/course/programExecution/languages': LANGUAGES }, () => ({
      events: [msg('第一题', 'aaaaaaaa-bbbb-cccc-dddd-eeeeeeeeeeee')],
      hold: true,
    }));
    const onClose = vi.fn();
    const first = renderWithRouter(
      <GeneratorPanel open onClose={onClose} variant="common" target={{ kind: 'library' }} />,
    );
    await screen.findByTestId('ai-generator-panel');
    fireEvent.click(document.querySelector('.ant-drawer-close') as HTMLElement);
    expect(onClose).toHaveBeenCalledTimes(1);
    first.unmount();

    onClose.mockClear();
    renderWithRouter(<GeneratorPanel open onClose={onClose} variant="common" target={{ kind: 'library' }} />);
    await screen.findByTestId('ai-generator-panel');
    typeQuery('栈');
    fireEvent.click(startButton());
    await screen.findByText('第一题');
    fireEvent.click(document.querySelector('.ant-drawer-close') as HTMLElement);
    expect(await screen.findByText('当前有任务正在进行，关闭后将中止任务，确定关闭吗？')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(calls.some((c) => STOP.test(c.path))).toBe(true));
  });
  it('inline (the teaching assistant): no drawer, the form before the preview, tells its host while working, and leaving mid-draft stops the remote task', async () => {
    const calls = stubAiFetch({ 'GET /api/course/programExecution/languages': LANGUAGES }, () => ({
      events: [msg('第一题', 'aaaaaaaa-bbbb-cccc-dddd-eeeeeeeeeeee')],
      hold: true,
    }));
    const onWorkingChange = vi.fn();
    const view = renderWithRouter(
      <GeneratorPanel
        open={false}
        inline
        onClose={() => {}}
        variant="common"
        target={{ kind: 'library' }}
        onWorkingChange={onWorkingChange}
      />,
    );
    const panel = await screen.findByTestId('ai-generator-panel');
    expect(document.querySelector('.ant-drawer')).toBeNull();
    expect(panel.classList.contains('is-inline')).toBe(true);
    expect(onWorkingChange).toHaveBeenLastCalledWith(false);
    typeQuery('栈');
    fireEvent.click(startButton());
    await screen.findByText('第一题');
    expect(onWorkingChange).toHaveBeenLastCalledWith(true);
    // the form comes first in reading order, the preview after it
    const form = panel.querySelector('.ai-generator__form') as HTMLElement;
    const preview = panel.querySelector('.ai-preview') as HTMLElement;
    expect(form.compareDocumentPosition(preview) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    view.unmount();
    await waitFor(() => expect(calls.some((c) => STOP.test(c.path))).toBe(true));
  });
});
