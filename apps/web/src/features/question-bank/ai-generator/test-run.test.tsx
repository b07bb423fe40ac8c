import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { ProgramStageResult } from '@uplus/shared';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  fail,
  ok,
  renderWithRouter,
  type StubAnswer,
  type StubHandler,
  setSite,
  signIn,
  stubBrowser,
  stubFetch,
} from '../../../test/helpers';
import { pollProgram, submitProgram } from './api';
import { GeneratorPanel } from './generator-panel';
import { toEditable } from './question-model';
import { caseVerdicts, runTestCases } from './test-run';
import { msg, programming, stubAiFetch } from './test-support';

const stage = (over: Partial<ProgramStageResult>): ProgramStageResult => ({
  stage: 'RUN',
  success: true,
  message: '',
  output: null,
  outputQualified: null,
  testcaseId: null,
  timeUsed: null,
  memoryUsed: null,
  errorOutput: null,
  verdict: null,
  ...over,
});

const SUBMITTED = ok({ evaluationId: 'e1', testcases: [{ testcaseId: 'c1' }, { testcaseId: 'c2' }] });
const FINISHED = [
  stage({ stage: 'VERIFY' }),
  stage({ stage: 'PREPROCESS' }),
  stage({ stage: 'COMPILE' }),
  stage({ stage: 'RUN', testcaseId: 'c1', outputQualified: true, output: '3' }),
  stage({ stage: 'RUN', testcaseId: 'c2', success: false, outputQualified: false, output: '11' }),
  stage({ stage: 'COMPLETE' }),
];

const question = () => {
  const q = toEditable(programming());
  if (!q) throw new Error('fixture');
  return q;
};

/**
 * In the home generator: picks 编程题 and generates one programming question; its test runs are
 * submitted, then polled from `stages`.
 */
const generateProgramming = async (stages: StubHandler | StubAnswer) => {
  stubAiFetch(
    {
      'GET /api/course/programExecution/languages': ok([
        { id: 'python3', name: 'Python 3', version: '3.11' },
      ]),
      'POST /api/course/ai/generate_questions': ok([programming()]),
      'POST /api/course/programExecution/submit': SUBMITTED,
      'GET /api/course/programExecution/programExecution': stages,
    },
    () => ({ events: [msg('草稿')] }),
  );
  renderWithRouter(<GeneratorPanel open onClose={() => {}} variant="home" target={null} />);
  await screen.findByTestId('ai-generator-panel');
  fireEvent.mouseDown(screen.getByLabelText('题目类型'));
  fireEvent.click((await screen.findAllByTitle('编程题'))[0] as HTMLElement);
  await waitFor(() => expect(screen.getAllByTitle('Python 3').length).toBeGreaterThan(0));
  fireEvent.change(screen.getByLabelText('出题要求'), { target: { value: '两数之和' } });
  fireEvent.click(screen.getByTestId('ai-generator-start'));
};

const deps = (sleep = vi.fn(async () => {})) => ({ submit: submitProgram, poll: pollProgram, sleep });

describe('test run of a coding question', () => {
  beforeEach(() => {
    setSite();
    stubBrowser();
    signIn('Teacher');
  });

  it('submits the reference code against its cases and polls once a second until COMPLETE', async () => {
    let polls = 0;
    const calls = stubFetch({
      'POST /api/course/programExecution/submit': SUBMITTED,
      'GET /api/course/programExecution/programExecution': () => {
        polls += 1;
        return ok(polls < 3 ? FINISHED.slice(0, 2) : FINISHED);
      },
    });
    const sleep = vi.fn(async () => {});
    const result = await runTestCases(question(), deps(sleep));
    expect(result.kind).toBe('finished');
    expect(polls).toBe(3);
    expect(sleep).toHaveBeenCalledTimes(3);
    expect(sleep).toHaveBeenCalledWith(1000);
    expect(calls[0]?.body).toEqual({
      sourceCode: 'a, b = map(int, input().split())\nprint(a + b)',
      languageId: 'python3',
      timeLimit: 2000,
      testcases: [
        { stdin: '1 2', stdout: '3' },
        { stdin: '5 7', stdout: '12' },
      ],
    });
    expect(calls[1]?.query.get('evaluationId')).toBe('e1');
    if (result.kind === 'finished')
      expect(caseVerdicts(result.stages, result.caseIds)).toEqual([true, false]);
  });

  it('gives up after 10 polls without a finish: 编译服务连接超时！', async () => {
    let polls = 0;
    stubFetch({
      'POST /api/course/programExecution/submit': SUBMITTED,
      'GET /api/course/programExecution/programExecution': () => {
        polls += 1;
        return ok([stage({ stage: 'VERIFY' })]);
      },
    });
    const result = await runTestCases(question(), deps());
    expect(result).toEqual({ kind: 'failed', message: '编译服务连接超时！' });
    expect(polls).toBe(10);
  });

  it('retries a failed poll silently after 1 s', async () => {
    let polls = 0;
    stubFetch({
      'POST /api/course/programExecution/submit': SUBMITTED,
      'GET /api/course/programExecution/programExecution': () => {
        polls += 1;
        return polls === 1 ? fail(500, '服务器内部错误，请稍后重试') : ok(FINISHED);
      },
    });
    const sleep = vi.fn(async () => {});
    const result = await runTestCases(question(), deps(sleep));
    expect(result.kind).toBe('finished');
    expect(polls).toBe(2);
    expect(sleep).toHaveBeenNthCalledWith(2, 1000);
  });

  it('checks 5.2 before submitting: outputs, code, max time', async () => {
    const calls = stubFetch({});
    const q = question();
    const noOutput = { ...q, testcases: [{ input: '1', output: ' ', weight: 100 }] };
    expect(await runTestCases(noOutput, deps())).toEqual({
      kind: 'failed',
      message: '请完善测试用例的输出项!',
    });
    expect(await runTestCases({ ...q, answer: '  ' }, deps())).toEqual({
      kind: 'failed',
      message: '代码不能为空!',
    });
    expect(await runTestCases({ ...q, maxTime: undefined }, deps())).toEqual({
      kind: 'failed',
      message: '最长时间不能为空!',
    });
    expect(calls).toHaveLength(0);
  });

  it('in the panel: 运行验证 reads 正在执行, then marks each case 测试成功/测试失败', async () => {
    let polls = 0;
    await generateProgramming(() => {
      polls += 1;
      return ok(FINISHED);
    });
    const run = await screen.findByTestId('ai-run-verify');
    fireEvent.click(run);
    await waitFor(() => expect(run.textContent?.replace(/\s/g, '')).toBe('正在执行'));
    await waitFor(() => expect(screen.getAllByTestId('ai-case-verdict')).toHaveLength(2), { timeout: 4000 });
    const verdicts = screen.getAllByTestId('ai-case-verdict').map((v) => v.textContent);
    expect(verdicts).toEqual(['测试成功', '测试失败']);
    expect(polls).toBe(1);
    expect(run.textContent?.replace(/\s/g, '')).toBe('运行验证');
    expect(screen.getByText('清空结果')).toBeTruthy();
  });

  it('in the panel: a failed compile stage shows 代码编译失败 with its output; 清空结果 clears it', async () => {
    await generateProgramming(
      ok([
        stage({ stage: 'VERIFY' }),
        stage({ stage: 'PREPROCESS' }),
        stage({
          stage: 'COMPILE',
          success: false,
          message: '编译失败',
          output: 'SyntaxError: invalid syntax',
        }),
      ]),
    );
    fireEvent.click(await screen.findByTestId('ai-run-verify'));
    expect(await screen.findByText('代码编译失败！', {}, { timeout: 4000 })).toBeTruthy();
    expect(screen.getByText('SyntaxError: invalid syntax')).toBeTruthy();
    fireEvent.click(screen.getByText('清空结果'));
    await waitFor(() => expect(screen.queryByTestId('ai-run-result')).toBeNull());
  });
});
