import { sandboxStatus } from '@uplus/sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ScriptedLlm, startScriptedLlm } from '../../e2e/fixtures/scripted-llm';
import { type GenerateRequest, NOT_RUN_PREFIX, runGenerateEval } from './generate-harness';

const withoutLlm = () =>
  Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith('LLM_')));

const choice = (title: string, answer: string) => ({
  titleText: title,
  options: [
    { id: 'A', optionContent: '栈' },
    { id: 'B', optionContent: '队列' },
    { id: 'C', optionContent: '堆' },
    { id: 'D', optionContent: '树' },
  ],
  answer,
  difficulty: 2,
  knowledges: ['栈和队列'],
  tip: '解析',
});

const palindrome = (outputs: [string, string]) => ({
  titleText: '回文串判断',
  description: '输入一个字符串，忽略大小写判断它是否为回文串，是输出YES，否则输出NO。',
  difficulty: 2,
  knowledges: ['字符串'],
  tip: '反转比较',
  referenceSolution: "s = input().strip().lower()\nprint('YES' if s == s[::-1] else 'NO')\n",
  testcases: [
    { input: 'Level\n', output: outputs[0] },
    { input: 'abc\n', output: outputs[1] },
  ],
});

const REQUESTS: GenerateRequest[] = [
  { name: '单选题', query: '脚本题目：栈与队列', questionType: 1, questionNum: 2 },
  {
    name: '编程题 对',
    query: '脚本题目：回文串（参考答案正确）',
    questionType: 5,
    questionNum: 1,
    language: 'python3',
  },
  {
    name: '编程题 错',
    query: '脚本题目：回文串（期望输出写错）',
    questionType: 5,
    questionNum: 1,
    language: 'python3',
  },
];

describe('eval:generate against the scripted OpenAI-compatible server', () => {
  let llm: ScriptedLlm;
  beforeAll(async () => {
    llm = await startScriptedLlm([
      // Drafts (streamed), told apart by the teacher's requirements in the prompt.
      { match: { stream: true, content: '栈与队列' }, reply: '草稿甲：两道单选题……', chunkSize: 3 },
      { match: { stream: true, content: '参考答案正确' }, reply: '草稿乙：回文串编程题……' },
      { match: { stream: true, content: '期望输出写错' }, reply: '草稿丙：回文串编程题……' },
      // Structuring (not streamed), told apart by the draft; re-asks carry the draft too.
      {
        match: { stream: false, content: '草稿甲' },
        // The second single-choice question has two answers: flagged after the re-ask.
        reply: JSON.stringify({
          questions: [choice('后进先出的结构是？', 'A'), choice('先进先出的结构是？', 'AB')],
        }),
      },
      {
        match: { stream: false, content: '草稿乙' },
        reply: JSON.stringify({ questions: [palindrome(['YES', 'NO'])] }),
      },
      {
        match: { stream: false, content: '草稿丙' },
        reply: JSON.stringify({ questions: [palindrome(['NO', 'NO'])] }),
      },
    ]);
  });
  afterAll(async () => {
    await llm?.close();
  });

  it('says AI服务未配置 without a model', async () => {
    const outcome = await runGenerateEval({ requests: REQUESTS, concurrency: 1 }, withoutLlm(), () => {});
    expect(outcome.exitCode).toBe(1);
    expect(outcome.text).toMatch(/^AI服务未配置/);
  });

  it('streams, structures and counts valid questions and passed reference runs', async () => {
    const env = {
      ...withoutLlm(),
      LLM_BASE_URL: llm.baseUrl,
      LLM_MODEL: 'scripted',
      EVAL_LOG_LEVEL: 'silent',
    };
    const outcome = await runGenerateEval({ requests: REQUESTS, concurrency: 1 }, env, () => {});
    expect(outcome.outcomes.map((o) => o.error)).toEqual([null, null, null]);
    expect(outcome.outcomes[0]?.draftChars).toBe('草稿甲：两道单选题……'.length);

    const [choices, right, wrong] = outcome.outcomes.map((o) => o.questions);
    expect(choices?.map((q) => [q.valid, q.reference])).toEqual([
      [true, null],
      [false, null],
    ]);
    expect(outcome.report?.questions).toBe(4);
    expect(outcome.report?.coding).toBe(2);

    const status = await sandboxStatus();
    if (status.ok) {
      expect(right?.map((q) => [q.valid, q.reference])).toEqual([[true, 'passed']]);
      expect(wrong?.[0]?.reference).toBe('failed');
      expect(wrong?.[0]?.failureMsg).toContain('参考答案未通过测试用例');
      expect(outcome.report).toMatchObject({ valid: 3, referencePassed: 1, referenceFailed: 1 });
      expect(outcome.text).toContain('questions passing validation: 3/4 (75.0%)');
      expect(outcome.text).toContain('reference solution passed its test cases: 1/2 (50.0%)');
    } else {
      // A host without the sandbox: the reference runs are reported as not run, never as passed.
      expect([right?.[0]?.reference, wrong?.[0]?.reference]).toEqual(['not-run', 'not-run']);
      expect(right?.[0]?.failureMsg?.startsWith(NOT_RUN_PREFIX)).toBe(true);
      expect(outcome.text).toContain('(2 not run on this host)');
    }
  });
});
