import { MSG, QUESTION_MSG } from '@uplus/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type ScriptedLlm, startScriptedLlm } from '../../../../../e2e/fixtures/scripted-llm';
import { buildApp } from '../../app';
import type { Database } from '../../db/client';
import { codeEvaluations } from '../../db/schema';
import type { App } from '../../http/context';
import { createJobQueue, type JobQueue } from '../../jobs/queue';
import { testConfig } from '../../test/app';
import { openTestDatabase, testDrivers } from '../../test/database';
import { asUser, buildSignedInMember } from '../../test/factories';
import { scriptedLlmConfig } from '../../test/llm';
import { DEFAULT_CODE_EXECUTION } from '../program-execution/program-execution.config';
import { type CodeRunner, startCodeRunner } from '../program-execution/program-execution.runner';

const URL = '/api/course/ai/generate_questions';

const choiceAnswer = (answer: string, title = '栈的特点是？') =>
  JSON.stringify({
    questions: [
      {
        titleText: title,
        options: [
          { id: 'A', optionContent: '先进先出' },
          { id: 'B', optionContent: '后进先出' },
          { id: 'C', optionContent: '随机存取' },
        ],
        answer,
        difficulty: 2,
        knowledges: ['栈', '线性表'],
        tip: '栈是后进先出的线性表',
      },
      {
        titleText: '队列的特点是？',
        options: [
          { id: 'a', optionContent: '先进先出' },
          { id: 'b', optionContent: '后进先出' },
        ],
        answer: 'a',
        difficulty: 1,
        knowledges: ['队列'],
        tip: '队列先进先出',
      },
    ],
  });

const SUM_PY = 'a, b = map(int, input().split())\nprint(a + b)\n';

const codingAnswer = (outputs: [string, string, string], solution = SUM_PY) =>
  JSON.stringify({
    questions: [
      {
        titleText: '两数之和',
        description: '输入两个整数a和b（用空格分隔），输出它们的和。\n样例输入：1 2\n样例输出：3',
        referenceSolution: solution,
        testcases: [
          { input: '1 2', output: outputs[0] },
          { input: '3 4', output: outputs[1] },
          { input: '-5 5', output: outputs[2] },
        ],
        difficulty: 1,
        knowledges: ['输入输出'],
        tip: '读入两个整数求和',
      },
    ],
  });

describe.each(testDrivers())('generate_questions on %s', (driver) => {
  let llm: ScriptedLlm;
  let database: Database;
  let app: App;
  let token: string;
  let teacherId: number;
  let jobs: JobQueue;
  let runner: CodeRunner;
  const quiet = { info: () => {}, warn: () => {}, error: () => {} };
  const codeExecution = { ...DEFAULT_CODE_EXECUTION, workers: 2 };

  // Reference solutions run as `npm start` runs them: through the queue, on the in-process code runner.
  beforeAll(async () => {
    llm = await startScriptedLlm();
    database = await openTestDatabase(driver);
    jobs = createJobQueue({ db: database.db, log: quiet });
    app = await buildApp(testConfig({ llm: scriptedLlmConfig(llm.baseUrl, { apiKey: 'test-key' }) }), {
      database,
      jobs,
      codeExecution,
    });
    await app.ready();
    runner = await startCodeRunner({ db: database.db, driver, jobs, log: quiet, config: codeExecution });
    const teacher = await buildSignedInMember(database.db, { identityType: 'Teacher' });
    teacherId = teacher.user.id;
    token = teacher.token;
  });
  afterAll(async () => {
    await runner?.stop({ timeoutMs: 5000 });
    await app?.close();
    await jobs?.stop({ timeoutMs: 1000 });
    await database?.close();
    await llm?.close();
  });
  beforeEach(() => llm.clearRequests());

  const generate = (body: Record<string, unknown>) =>
    asUser(app, token).post(URL, {
      question: '第1题 ……（草稿）',
      questionType: 1,
      source: 'library',
      ...body,
    });

  it('repairs broken JSON by re-asking, then answers normalised questions (spec 3.3)', async () => {
    llm.setScript([{ reply: '{"questions": [{"titleText": "栈', times: 1 }, { reply: choiceAnswer('B') }]);
    const res = await generate({ source: 'homework' });
    expect(res.statusCode).toBe(200);
    const questions = res.json().data;
    expect(questions).toHaveLength(2);
    expect(questions[0]).toMatchObject({
      qsnType: 1,
      qsnName: '单选题',
      titleText: '栈的特点是？',
      options: [
        { id: 'A', optionContent: '先进先出' },
        { id: 'B', optionContent: '后进先出' },
        { id: 'C', optionContent: '随机存取' },
      ],
      answer: 'B',
      difficulty: 2,
      knowledges: '栈,线性表',
      tip: '栈是后进先出的线性表',
      everyScore: 10,
      purpose: 'HomeworkQuestion',
      failureMsg: null,
    });
    // Option ids written in lower case become letters; the answer follows them.
    expect(questions[1]).toMatchObject({ options: [{ id: 'A' }, { id: 'B' }], answer: 'A' });
    expect(questions[0].aiExerId).toMatch(/^[0-9a-f-]{36}$/);
    expect(questions[0].aiExerId).not.toBe(questions[1].aiExerId);
    expect(llm.requests).toHaveLength(2);
    expect(llm.requests[0]?.body.response_format?.type).toBe('json_schema');
    // The draft goes to the model as delimited data.
    expect(JSON.stringify(llm.requests[0]?.body.messages)).toContain('<draft>');
  });

  it('re-asks once when a single-choice answer has two letters, and takes the fixed answer', async () => {
    llm.setScript([
      { reply: choiceAnswer('AB'), times: 1 },
      { match: { lastUser: '单选题只能有一个答案' }, reply: choiceAnswer('B') },
    ]);
    const res = await generate({});
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((q: { failureMsg: string | null }) => q.failureMsg)).toEqual([null, null]);
    expect(llm.requests).toHaveLength(2);
  });

  it('flags a question that is still wrong after the one re-ask, and keeps the good ones', async () => {
    llm.setScript([{ reply: choiceAnswer('AB') }]);
    const res = await generate({ source: 'home' });
    expect(res.statusCode).toBe(200);
    const [first, second] = res.json().data;
    expect(first).toMatchObject({
      answer: 'AB',
      failureMsg: QUESTION_MSG.singleAnswerOnly,
      purpose: 'InCommonUseQuestion',
    });
    expect(second.failureMsg).toBeNull();
    expect(llm.requests).toHaveLength(2);
  });

  it('repairs what the server can (difficulty rounded, at most 10 tags) and flags a tag over 20 characters', async () => {
    const answer = (knowledges: string[]) =>
      JSON.stringify({
        questions: [{ titleText: '1+1=2', answer: '正确', difficulty: 3.6, knowledges, tip: '' }],
      });
    llm.setScript([
      { reply: answer(Array.from({ length: 12 }, (_, i) => `知识点${i}`)), times: 1 },
      { reply: answer(['长'.repeat(21)]) },
    ]);
    const first = await generate({ questionType: 3 });
    expect(first.json().data[0]).toMatchObject({
      qsnType: 3,
      options: [],
      answer: 'true',
      difficulty: 4,
      failureMsg: null,
    });
    expect(first.json().data[0].knowledges.split(',')).toHaveLength(10);

    const second = await generate({ questionType: 3 });
    expect(second.json().data[0].failureMsg).toBe('输入的字符过长!');
    expect(JSON.stringify(llm.requests.at(-1)?.body.messages)).toContain('knowledges：输入的字符过长!');
  });

  describe('fewer valid questions than asked for (issue 10 part 7)', () => {
    const one = (title: string, answer = 'B') =>
      JSON.stringify({
        questions: [
          {
            titleText: title,
            options: [
              { id: 'A', optionContent: '先进先出' },
              { id: 'B', optionContent: '后进先出' },
            ],
            answer,
            difficulty: 2,
            knowledges: ['栈'],
            tip: '解析',
          },
        ],
      });
    const two = (a: string, b: string, answer = 'B') =>
      JSON.stringify({
        questions: [...JSON.parse(one(a, answer)).questions, ...JSON.parse(one(b, answer)).questions],
      });
    const STRUCTURE = { content: '整理成结构化数据' };
    const TOP_UP = { content: '补充题目' };

    it('asked for 3, the draft gave 1: the missing 2 are asked for, and 3 come back', async () => {
      llm.setScript([
        { match: STRUCTURE, reply: one('栈的特点是？') },
        { match: TOP_UP, reply: two('队列的特点是？', '链表的特点是？') },
      ]);
      const res = await generate({ questionNum: 3, query: '出3道数据结构单选题' });
      expect(res.statusCode).toBe(200);
      const questions = res.json().data;
      expect(questions.map((q: { titleText: string }) => q.titleText)).toEqual([
        '栈的特点是？',
        '队列的特点是？',
        '链表的特点是？',
      ]);
      expect(questions.every((q: { failureMsg: string | null }) => q.failureMsg === null)).toBe(true);
      expect(llm.requests).toHaveLength(2);
      const topUp = JSON.stringify(llm.requests[1]?.body.messages);
      expect(topUp).toContain('还需要2道题');
      expect(topUp).toContain('<requirements>\\n出3道数据结构单选题\\n</requirements>');
      // The ones there are, so that they are not repeated.
      expect(topUp).toContain('1. 栈的特点是？');
    });

    it('tops up in at most 2 rounds, each for what is still missing', async () => {
      llm.setScript([
        { match: STRUCTURE, reply: one('栈的特点是？') },
        { match: TOP_UP, reply: one('队列的特点是？'), times: 1 },
        { match: TOP_UP, reply: one('链表的特点是？') },
      ]);
      const res = await generate({ questionNum: 3, query: '出3道题' });
      expect(res.json().data).toHaveLength(3);
      expect(llm.requests).toHaveLength(3);
      expect(JSON.stringify(llm.requests[2]?.body.messages)).toContain('还需要1道题');
    });

    it('a model that never gives enough: after 2 rounds the valid one and the flagged ones come back, with the reasons', async () => {
      llm.setScript([
        { match: STRUCTURE, reply: one('栈的特点是？') },
        // Every new question has two answers for a single choice.
        { match: TOP_UP, reply: two('队列的特点是？', '链表的特点是？', 'AB') },
      ]);
      const res = await generate({ questionNum: 3, query: '出3道题' });
      expect(res.statusCode).toBe(200);
      const questions = res.json().data;
      expect(questions).toHaveLength(3);
      expect(questions.map((q: { failureMsg: string | null }) => q.failureMsg)).toEqual([
        null,
        QUESTION_MSG.singleAnswerOnly,
        QUESTION_MSG.singleAnswerOnly,
      ]);
      // The draft's answer, then two rounds asking for the 2 missing ones; no more.
      expect(llm.requests).toHaveLength(3);
      expect(JSON.stringify(llm.requests[2]?.body.messages)).toContain('单选题只能有一个答案');
    });

    it('a model that gives nothing usable in the rounds: only the one there is, no failure', async () => {
      llm.setScript([
        { match: STRUCTURE, reply: one('栈的特点是？') },
        { match: TOP_UP, reply: '这不是JSON' },
      ]);
      const res = await generate({ questionNum: 2 });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.map((q: { titleText: string }) => q.titleText)).toEqual(['栈的特点是？']);
      // The draft's answer, then one round: its answer and its two JSON repairs all broken.
      expect(llm.requests).toHaveLength(4);
      // Without the requirements the round goes after the draft.
      expect(JSON.stringify(llm.requests[1]?.body.messages)).toContain('<draft>');
    });

    it('more than asked for: only questionNum come back; without questionNum nothing is topped up', async () => {
      llm.setScript([{ match: STRUCTURE, reply: two('栈的特点是？', '队列的特点是？') }]);
      expect((await generate({ questionNum: 1 })).json().data).toHaveLength(1);
      llm.clearRequests();
      llm.setScript([{ match: STRUCTURE, reply: one('栈的特点是？') }]);
      expect((await generate({})).json().data).toHaveLength(1);
      expect(llm.requests).toHaveLength(1);
      const bad = await generate({ questionNum: 6 });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toBe('题目数量必须在1到5之间');
    });
  });

  it('answers 502 AI出题失败 with a reason when every answer is broken, never the broken output', async () => {
    llm.setScript([{ reply: '这不是JSON' }]);
    const res = await generate({});
    expect(res.statusCode).toBe(502);
    expect(res.json().message).toMatch(/^AI出题失败：/);
    expect(res.json().data).toBeNull();
    // The first answer and two repairs.
    expect(llm.requests).toHaveLength(3);
  });

  it('answers 502 AI出题失败 when the model service fails', async () => {
    llm.setScript([{ status: 500, errorMessage: 'upstream down' }]);
    const res = await generate({});
    expect(res.statusCode).toBe(502);
    expect(res.json().message).toContain('AI出题失败');
    expect(res.json().message).not.toContain('upstream down');
  });

  it('runs a correct reference solution in the sandbox: cases marked tested, coding defaults set', async () => {
    llm.setScript([{ reply: codingAnswer(['3', '7', '0']) }]);
    const res = await generate({ questionType: 5, language: 'python' });
    expect(res.statusCode).toBe(200);
    const [q] = res.json().data;
    expect(q).toMatchObject({
      qsnType: 5,
      qsnName: '编程题',
      language: 'python3',
      answer: SUM_PY,
      isAutojudge: 1,
      programScoreStrategy: 'Part',
      isPerformance: 0,
      maxTime: 2000,
      ratePerformance: 20,
      runtime: 200,
      failureMsg: null,
    });
    expect(q.testcases).toEqual([
      { input: '1 2', output: '3', weight: 33, tested: true, outputQualified: true },
      { input: '3 4', output: '7', weight: 33, tested: true, outputQualified: true },
      { input: '-5 5', output: '0', weight: 34, tested: true, outputQualified: true },
    ]);
    expect(llm.requests).toHaveLength(1);
    // It ran as a test run of the teacher's, through the queue and a code runner.
    const runs = await database.db
      .select()
      .from(codeEvaluations)
      .where(eq(codeEvaluations.userId, teacherId));
    expect(runs.at(-1)).toMatchObject({ languageId: 'python3', sourceCode: SUM_PY, status: 'complete' });
  });

  it('re-asks once with the diff when an expected output disagrees with the reference, then flags it', async () => {
    llm.setScript([{ reply: codingAnswer(['3', '8', '0']) }]);
    const res = await generate({ questionType: 5, language: 'python3' });
    expect(res.statusCode).toBe(200);
    const [q] = res.json().data;
    expect(q.failureMsg).toBe('参考答案未通过测试用例：第2组期望输出“8”，参考程序输出“7”');
    expect(llm.requests).toHaveLength(2);
    const feedback = JSON.stringify(llm.requests[1]?.body.messages);
    expect(feedback).toContain('referenceSolution 实际输出');
    expect(feedback).toContain('\\"8\\"');
  });

  it('takes the repaired question when the re-ask fixes the expected output', async () => {
    llm.setScript([
      { reply: codingAnswer(['3', '8', '0']), times: 1 },
      { match: { lastUser: 'referenceSolution 与测试用例不一致' }, reply: codingAnswer(['3', '7', '0']) },
    ]);
    const res = await generate({ questionType: 8, language: 'python3' });
    expect(res.statusCode).toBe(200);
    const [q] = res.json().data;
    expect(q).toMatchObject({ qsnType: 8, qsnName: '函数题', failureMsg: null });
    expect(q.testcases.map((c: { output: string }) => c.output)).toEqual(['3', '7', '0']);
  });

  it('flags a reference solution that does not compile', async () => {
    llm.setScript([{ reply: codingAnswer(['3', '7', '0'], 'int main( { return 0; }') }]);
    const res = await generate({ questionType: 5, language: 'c' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data[0].failureMsg).toMatch(/^参考答案未通过测试用例：编译失败/);
    expect(llm.requests).toHaveLength(2);
  });

  it('refuses coding questions without a language, students, and no token', async () => {
    const noLanguage = await generate({ questionType: 5 });
    expect(noLanguage.statusCode).toBe(400);
    expect(noLanguage.json().message).toBe(QUESTION_MSG.languageRequired);
    const unknown = await generate({ questionType: 5, language: 'cobol' });
    expect(unknown.statusCode).toBe(400);

    const student = (await buildSignedInMember(database.db, { identityType: 'Student' })).token;
    const res = await asUser(app, student).post(URL, { question: 'x', questionType: 1, source: 'library' });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(MSG.studentNoPermission);

    const anonymous = await app.inject({
      method: 'POST',
      url: URL,
      payload: { question: 'x', questionType: 1 },
    });
    expect(anonymous.statusCode).toBe(401);
    expect(llm.requests).toHaveLength(0);
  });
});
