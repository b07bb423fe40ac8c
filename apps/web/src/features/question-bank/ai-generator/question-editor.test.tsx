import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { ok, stubFetch } from '../../../test/helpers';
import { QuestionEditor } from './question-editor';
import { type EditableQuestion, questionErrors, toEditable, withCases, withWeight } from './question-model';
import { createSseParser } from './sse';
import { programming, singleChoice } from './test-support';
import { clampSpeed } from './typing-text';

const make = (raw: unknown) => {
  const q = toEditable(raw);
  if (!q) throw new Error('fixture');
  return q;
};

const weights = (q: EditableQuestion) => (q.testcases ?? []).map((c) => c.weight);

/** The editor with its own state, as the panel holds it. */
function Harness({ initial }: { initial: EditableQuestion }) {
  const [q, setQ] = useState(initial);
  // The 知识点 input asks for the teacher's tags.
  const [client] = useState(createQueryClient);
  return (
    <QueryClientProvider client={client}>
      <QuestionEditor question={q} index={0} onChange={setQ} languages={[]} />
      <output data-testid="weights">{weights(q).join(',')}</output>
      <output data-testid="answer">{q.answer}</output>
    </QueryClientProvider>
  );
}

describe('question editor rules', () => {
  beforeEach(() => {
    stubFetch({ 'GET /api/course/libKnowledges/list': ok({ fieldList: [] }) });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('splits case weights evenly (remainder on the last) until one is edited by hand', () => {
    let q = make(programming());
    expect(weights(q)).toEqual([50, 50]);
    q = withCases(q, [...(q.testcases ?? []), { input: '', output: '1', weight: 0 }]);
    expect(weights(q)).toEqual([33, 33, 34]);
    q = withWeight(q, 0, 40);
    expect(weights(q)).toEqual([40, 33, 34]);
    expect(questionErrors(q).testcases).toBe('测试用例的评分占比之和必须为100');
    q = withCases(q, [...(q.testcases ?? []), { input: '', output: '2', weight: 0 }]);
    expect(weights(q)).toEqual([40, 33, 34, 0]);
  });

  it('gives the spec messages per field', () => {
    const choice = make(singleChoice('题'));
    expect(questionErrors({ ...choice, titleText: ' ' }).titleText).toBe('请输入题目');
    expect(questionErrors({ ...choice, options: choice.options.slice(0, 1) }).options).toBe(
      '请至少填入两个选项',
    );
    expect(questionErrors({ ...choice, answer: '' }).answer).toBe('请选择参考答案');
    const multi = make({ ...singleChoice('题'), qsnType: 2, answer: 'A' });
    expect(questionErrors(multi).answer).toBe('多选题必须有两个或以上的答案');
    const short = make({ ...singleChoice('题'), qsnType: 7, options: [], answer: '' });
    expect(questionErrors(short).answer).toBe('请输入参考答案');
    const code = make(programming());
    expect(questionErrors({ ...code, description: '' }).description).toBe('请输入描述');
    expect(questionErrors({ ...code, testcases: [] }).testcases).toBe('测试用例不能为空，请尝试重新生成');
    expect(questionErrors({ ...code, testcases: [{ input: '', output: ' ', weight: 100 }] }).testcases).toBe(
      '测试用例的标准输出内容不能为空',
    );
    expect(questionErrors({ ...code, knowledges: 'a'.repeat(21) }).knowledges).toBe('输入的字符过长!');
    expect(questionErrors({ ...code, maxTime: 10_001 }).maxTime).toBeTruthy();
    expect(questionErrors({ ...code, isPerformance: 1, ratePerformance: 0 }).ratePerformance).toBeTruthy();
    expect(questionErrors(code)).toEqual({});
  });

  it('in the editor: adding a case re-splits, a hand edit stops it; removing an option re-letters the answer', () => {
    const { unmount } = render(<Harness initial={make(programming())} />);
    fireEvent.click(screen.getByText('添加用例'));
    expect(screen.getByTestId('weights').textContent).toBe('33,33,34');
    expect(screen.getByText('测试用例的标准输出内容不能为空')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('用例3输出'), { target: { value: '9' } });
    fireEvent.change(screen.getByLabelText('用例1占比'), { target: { value: '50' } });
    fireEvent.blur(screen.getByLabelText('用例1占比'));
    expect(screen.getByTestId('weights').textContent).toBe('50,33,34');
    expect(screen.getByText('测试用例的评分占比之和必须为100')).toBeTruthy();
    fireEvent.click(screen.getByText('添加用例'));
    expect(screen.getByTestId('weights').textContent).toBe('50,33,34,0');
    unmount();

    render(<Harness initial={make({ ...singleChoice('题'), answer: 'C' })} />);
    fireEvent.click(screen.getByLabelText('删除选项A'));
    expect(screen.getByTestId('answer').textContent).toBe('B');
    fireEvent.click(screen.getByLabelText('删除选项B'));
    expect(screen.getByText('请至少填入两个选项')).toBeTruthy();
    expect(screen.getByTestId('answer').textContent).toBe('');
  });

  it('rejects a knowledge tag over 20 characters with 输入的字符过长!', () => {
    render(<Harness initial={make(singleChoice('题'))} />);
    const input = screen.getAllByRole('combobox').at(-1) as HTMLElement;
    fireEvent.change(input, { target: { value: `${'长'.repeat(21)},` } });
    expect(screen.getByText('输入的字符过长!')).toBeTruthy();
  });
});

describe('draft stream parsing and typing speed', () => {
  it('parses data lines across chunks and ignores other lines', () => {
    const parser = createSseParser();
    expect(parser.push('data: {"event":"message","answer":"a","taskId":"t"}\n\ndata: {"event":"mes')).toEqual(
      [{ event: 'message', answer: 'a', taskId: 't' }],
    );
    expect(parser.push('sage","answer":"b"}\n: comment\nevent: x\n')).toEqual([
      { event: 'message', answer: 'b', taskId: undefined },
    ]);
    expect(parser.push('data: {"event":"error","answer":"坏了","taskId":"t"}')).toEqual([]);
    expect(parser.end()).toEqual([{ event: 'error', answer: '坏了', taskId: 't' }]);
  });

  it('holds the typing speed to 50..1000 ms', () => {
    expect(clampSpeed(10)).toBe(50);
    expect(clampSpeed(300)).toBe(300);
    expect(clampSpeed(5000)).toBe(1000);
  });
});
