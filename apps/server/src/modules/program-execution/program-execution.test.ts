import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SANDBOX_MSG } from '@uplus/sandbox';
import {
  isEvaluationFinished,
  MSG,
  PROGRAM_EXECUTION_MSG as PE_MSG,
  PROGRAM_EXECUTION_LIMITS,
  type ProgramStageResult,
} from '@uplus/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import type { Database, Db } from '../../db/client';
import { codeEvaluations, codeRunners } from '../../db/schema';
import type { App } from '../../http/context';
import { createJobQueue, type JobQueue } from '../../jobs/queue';
import { testConfig } from '../../test/app';
import { type Driver, openTestDatabase, testDrivers } from '../../test/database';
import { asUser, buildSignedInMember } from '../../test/factories';
import { type CodeExecutionConfig, DEFAULT_CODE_EXECUTION } from './program-execution.config';
import * as repo from './program-execution.repo';
import { type CodeRunner, RUNNER_MSG, startCodeRunner } from './program-execution.runner';

const BASE = '/api/course/programExecution';
const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const quiet = { info: () => {}, warn: () => {}, error: () => {} };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

type CodeContext = {
  app: App;
  db: Db;
  database: Database;
  jobs: JobQueue;
  config: CodeExecutionConfig;
  runner: CodeRunner | null;
};

/**
 * One database, app and job queue for the describe block, and (with `runner`) a code runner in the same
 * process, as `npm start` runs it.
 */
const useCodeApp = (driver: Driver, options: { config?: Partial<CodeExecutionConfig>; runner: boolean }) => {
  const ctx = { runner: null } as CodeContext;
  beforeAll(async () => {
    ctx.database = await openTestDatabase(driver);
    ctx.db = ctx.database.db;
    ctx.config = { ...DEFAULT_CODE_EXECUTION, workers: 2, ...options.config };
    ctx.jobs = createJobQueue({ db: ctx.db, log: quiet });
    ctx.app = await buildApp(testConfig(), {
      database: ctx.database,
      jobs: ctx.jobs,
      codeExecution: ctx.config,
    });
    await ctx.app.ready();
    if (options.runner) {
      ctx.runner = await startCodeRunner({
        db: ctx.db,
        driver,
        jobs: ctx.jobs,
        log: quiet,
        config: ctx.config,
      });
    }
  });
  afterAll(async () => {
    await ctx.runner?.stop({ timeoutMs: 5000 });
    await ctx.app?.close();
    await ctx.jobs?.stop({ timeoutMs: 1000 });
    await ctx.database?.close();
  });
  return ctx;
};

const teacherToken = async (db: Db, identityType: 'Teacher' | 'Business' | 'Student' = 'Teacher') =>
  (await buildSignedInMember(db, { identityType })).token;

type Submit = {
  sourceCode?: unknown;
  languageId?: unknown;
  timeLimit?: unknown;
  testcases?: unknown;
};

const C_SUM = `#include <stdio.h>
int main(void) {
  long a, b;
  if (scanf("%ld %ld", &a, &b) != 2) return 1;
  printf("%ld\\n", a + b);
  return 0;
}
`;

const submit = (app: App, token: string, body: Submit) =>
  asUser(app, token).post(`${BASE}/submit`, { timeLimit: 2000, languageId: 'c', ...body });

const stagesOf = async (app: App, token: string, evaluationId: string): Promise<ProgramStageResult[]> => {
  const res = await asUser(app, token).get(`${BASE}/programExecution?evaluationId=${evaluationId}`);
  expect(res.statusCode).toBe(200);
  return res.json().data;
};

/** Polls like the web client (but faster) until the evaluation is finished; fails after `timeoutMs`. */
const waitForFinish = async (app: App, token: string, evaluationId: string, timeoutMs = 25_000) => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const stages = await stagesOf(app, token, evaluationId);
    if (isEvaluationFinished(stages)) return stages;
    if (Date.now() > deadline) {
      throw new Error(
        `evaluation ${evaluationId} not finished after ${timeoutMs} ms: ${JSON.stringify(stages)}`,
      );
    }
    await sleep(50);
  }
};

/** Submits, checks the answer and waits for the stages. */
const run = async (app: App, token: string, body: Submit) => {
  const res = await submit(app, token, body);
  expect(res.statusCode, res.body).toBe(200);
  const data = res.json().data as { evaluationId: string; testcases: { testcaseId: string }[] };
  const stages = await waitForFinish(app, token, data.evaluationId);
  return { ...data, stages, runs: stages.filter((s) => s.stage === 'RUN') };
};

const statusOf = async (db: Db, evaluationId: string | number) =>
  (await repo.findEvaluation(db, Number(evaluationId)))?.status;

describe.each(testDrivers())('program execution on %s', (driver) => {
  describe('with a code runner in the process', () => {
    const t = useCodeApp(driver, { runner: true });

    it('lists the languages whose toolchain is present, with versions', async () => {
      const token = await teacherToken(t.db);
      const res = await asUser(t.app, token).get(`${BASE}/languages`);
      expect(res.statusCode).toBe(200);
      expect(res.json().message).toBe('操作成功');
      const languages = res.json().data as { id: string; name: string; version: string }[];
      expect(languages.map((l) => l.id)).toEqual(['c', 'cpp', 'java', 'python3', 'javascript']);
      expect(languages.find((l) => l.id === 'c')).toEqual({
        id: 'c',
        name: 'C',
        version: expect.stringMatching(/^GCC \d+/),
      });
      expect(t.runner?.status.ok).toBe(true);
      const anonymous = await t.app.inject({ method: 'GET', url: `${BASE}/languages` });
      expect(anonymous.statusCode).toBe(401);
    });

    it('runs a correct C program against 3 cases: every stage, all qualified', async () => {
      const token = await teacherToken(t.db);
      const { evaluationId, testcases, stages, runs } = await run(t.app, token, {
        sourceCode: C_SUM,
        timeLimit: 1000,
        testcases: [
          { stdin: '1 2', stdout: '3' },
          // trailing spaces at line ends and trailing blank lines are ignored
          { stdin: '10 20\n', stdout: '30  \n\n\n' },
          { stdin: '-5 5', stdout: '0' },
        ],
      });
      expect(testcases).toHaveLength(3);
      expect(new Set(testcases.map((c) => c.testcaseId)).size).toBe(3);
      expect(stages.map((s) => s.stage)).toEqual([
        'VERIFY',
        'PREPROCESS',
        'COMPILE',
        'RUN',
        'RUN',
        'RUN',
        'COMPLETE',
      ]);
      expect(stages.every((s) => s.success)).toBe(true);
      expect(runs.map((r) => r.testcaseId)).toEqual(testcases.map((c) => c.testcaseId));
      expect(runs.map((r) => r.output)).toEqual(['3\n', '30\n', '0\n']);
      for (const r of runs) {
        expect(r).toMatchObject({
          outputQualified: true,
          verdict: 'ACCEPTED',
          message: SANDBOX_MSG.runSucceeded,
        });
        expect(r.timeUsed).toBeGreaterThanOrEqual(0);
        expect(r.timeUsed).toBeLessThan(1000);
      }
      expect(stages[2]).toMatchObject({ stage: 'COMPILE', message: SANDBOX_MSG.compileSucceeded });
      expect(stages.at(-1)?.message).toBe('运行完成，通过 3/3 个测试用例');
      expect(await statusOf(t.db, evaluationId)).toBe('complete');
    });

    it('a wrong answer: the case is unqualified with the actual output, the others still run', async () => {
      const token = await teacherToken(t.db);
      const { stages, runs } = await run(t.app, token, {
        sourceCode: C_SUM,
        testcases: [
          { stdin: '1 2', stdout: '4' },
          { stdin: '2 2', stdout: '4' },
        ],
      });
      expect(runs[0]).toMatchObject({
        success: false,
        outputQualified: false,
        output: '3\n',
        verdict: 'WRONG_ANSWER',
        message: SANDBOX_MSG.wrongAnswer,
      });
      expect(runs[1]).toMatchObject({ success: true, outputQualified: true });
      expect(stages.at(-1)).toMatchObject({
        stage: 'COMPLETE',
        success: true,
        message: '运行完成，通过 1/2 个测试用例',
      });
    });

    it('a compile error: COMPILE fails with the compiler output, nothing runs', async () => {
      const token = await teacherToken(t.db);
      const { evaluationId, stages } = await run(t.app, token, {
        sourceCode: 'int main(void) { return undefined_name; }\n',
        testcases: [{ stdin: '', stdout: '0' }],
      });
      expect(stages.map((s) => s.stage)).toEqual(['VERIFY', 'PREPROCESS', 'COMPILE']);
      const compile = stages[2]!;
      expect(compile.success).toBe(false);
      expect(compile.message.startsWith('编译失败')).toBe(true);
      expect(compile.output).toContain('undefined_name');
      expect(compile.output).toContain('main.c');
      expect(compile.output).not.toContain('/box/');
      expect(await statusOf(t.db, evaluationId)).toBe('failed');
    });

    it('a runtime error: 运行失败 with the signal or exit code', async () => {
      const token = await teacherToken(t.db);
      const { runs, stages } = await run(t.app, token, {
        sourceCode:
          '#include <stdio.h>\n#include <stdlib.h>\nint main(void){int x;scanf("%d",&x);if(x==1){int *p=0;*p=1;}return x;}\n',
        testcases: [
          { stdin: '1', stdout: 'never' },
          { stdin: '3', stdout: 'never' },
        ],
      });
      expect(runs[0]).toMatchObject({ success: false, outputQualified: false, verdict: 'RUNTIME_ERROR' });
      expect(runs[0]?.message).toMatch(/^运行失败：.*SIGSEGV/);
      expect(runs[1]).toMatchObject({
        verdict: 'RUNTIME_ERROR',
        message: '运行失败：程序异常退出（退出码 3）',
      });
      expect(stages.at(-1)?.stage).toBe('COMPLETE');
    });

    it('a time limit: the spinning case is stopped soon after its limit', async () => {
      const token = await teacherToken(t.db);
      const { runs } = await run(t.app, token, {
        sourceCode:
          '#include <stdio.h>\nint main(void){int x;scanf("%d",&x);if(x)for(;;);puts("ok");return 0;}\n',
        timeLimit: 300,
        testcases: [
          { stdin: '1', stdout: 'ok' },
          { stdin: '0', stdout: 'ok' },
        ],
      });
      expect(runs[0]).toMatchObject({
        success: false,
        outputQualified: false,
        verdict: 'TIME_LIMIT_EXCEEDED',
        message: '运行超时：运行时间超过 300 毫秒',
      });
      expect(runs[0]?.timeUsed).toBeGreaterThanOrEqual(300);
      // decided within limit + 100 ms on an idle machine; a loaded test machine gets more slack
      expect(runs[0]?.timeUsed).toBeLessThan(300 + 1000);
      expect(runs[1]).toMatchObject({ success: true, outputQualified: true });
    });

    const HELLO: Record<string, string> = {
      c: '#include <stdio.h>\nint main(void){char n[64];scanf("%63s",n);printf("hello, %s\\n",n);return 0;}\n',
      cpp: '#include <iostream>\n#include <string>\nint main(){std::string n;std::cin>>n;std::cout<<"hello, "<<n<<std::endl;}\n',
      java:
        'import java.util.Scanner;\npublic class Hello {\n  public static void main(String[] a) {\n' +
        '    System.out.println("hello, " + new Scanner(System.in).next());\n  }\n}\n',
      python3: 'print("hello, " + input().strip())\n',
      javascript: 'const n = require("fs").readFileSync(0, "utf8").trim();\nconsole.log("hello, " + n);\n',
    };

    it("runs each language's hello-world with stdin", async () => {
      const token = await teacherToken(t.db);
      const results = await Promise.all(
        Object.entries(HELLO).map(async ([languageId, sourceCode]) => ({
          languageId,
          ...(await run(t.app, token, {
            languageId,
            sourceCode,
            timeLimit: 5000,
            testcases: [
              { stdin: 'uplus', stdout: 'hello, uplus' },
              { stdin: '优加\n', stdout: 'hello, 优加' },
            ],
          })),
        })),
      );
      for (const r of results) {
        expect(r.stages.at(-1), r.languageId).toMatchObject({
          stage: 'COMPLETE',
          message: '运行完成，通过 2/2 个测试用例',
        });
        expect(r.runs.map((x) => x.output)).toEqual(['hello, uplus\n', 'hello, 优加\n']);
      }
    }, 90_000);

    /**
     * One compile (or syntax) error per language of the table: the source and the lines the teacher must see
     * in the COMPILE row's output (each a whole line; `exact` is the whole output).
     */
    const COMPILE_ERRORS: Record<string, { sourceCode: string; lines?: RegExp[]; exact?: RegExp }> = {
      c: {
        sourceCode: 'int main(void) { return undefined_name; }\n',
        lines: [
          /^main\.c:1:25: error: .undefined_name. undeclared \(first use in this function\)$/,
          /^ {4}1 \| int main\(void\) \{ return undefined_name; \}$/,
        ],
      },
      cpp: {
        sourceCode: 'int main() { return undefined_name; }\n',
        lines: [/^main\.cpp:1:21: error: .undefined_name. was not declared in this scope$/],
      },
      java: {
        sourceCode:
          'public class Main {\n  public static void main(String[] a) {\n    int x = "s";\n  }\n}\n',
        lines: [/^Main\.java:3: error: incompatible types: String cannot be converted to int$/, /^1 error$/],
      },
      // 3.8/3.9 say "unexpected EOF while parsing", 3.10 on "'(' was never closed": nothing else may appear.
      python3: {
        sourceCode: 'print(1\n',
        exact: /^ {2}File "main\.py", line 1\n {4}print\(1\n {5,}\^\nSyntaxError: [^\n]+\n$/,
      },
      javascript: {
        sourceCode: 'console.log(1;\n',
        exact: /^main\.js:1\nconsole\.log\(1;\n {12}\^\n\nSyntaxError: missing \) after argument list\n$/,
      },
    };
    /** Whatever belongs to the runner, not to the program: wrapper frames, sandbox paths, tool internals. */
    const RUNNER_INTERNALS =
      /\/box\/|uplus-runner|bwrap|setpriv|AttributeError|Traceback|<string>|print_exception_only|node:internal|Node\.js v/;

    it('a compile error in every language: COMPILE 编译失败 with only the program’s own error lines', async () => {
      const token = await teacherToken(t.db);
      const languages: { id: string }[] = (await asUser(t.app, token).get(`${BASE}/languages`)).json().data;
      // Every language of the table has a case here (a new language must bring one).
      expect(languages.map((l) => l.id).sort()).toEqual(Object.keys(COMPILE_ERRORS).sort());
      const results = await Promise.all(
        languages.map(async ({ id }) => ({
          id,
          ...(await run(t.app, token, {
            languageId: id,
            sourceCode: COMPILE_ERRORS[id]!.sourceCode,
            timeLimit: 2000,
            testcases: [{ stdin: '', stdout: 'never' }],
          })),
        })),
      );
      for (const { id, evaluationId, stages } of results) {
        const expected = COMPILE_ERRORS[id]!;
        expect(
          stages.map((s) => s.stage),
          id,
        ).toEqual(['VERIFY', 'PREPROCESS', 'COMPILE']);
        const compile = stages[2]!;
        expect(compile, id).toMatchObject({ stage: 'COMPILE', success: false, message: '编译失败' });
        const output = compile.output ?? '';
        if (expected.exact) expect(output, id).toMatch(expected.exact);
        const lines = output.split('\n');
        for (const line of expected.lines ?? [])
          expect(
            lines.some((l) => line.test(l)),
            `${id}: ${line}`,
          ).toBe(true);
        expect(output, id).not.toMatch(RUNNER_INTERNALS);
        expect(await statusOf(t.db, evaluationId), id).toBe('failed');
      }
    }, 90_000);

    it('accepts language aliases and stores the canonical id', async () => {
      const token = await teacherToken(t.db);
      const { evaluationId, stages } = await run(t.app, token, {
        languageId: 'Python',
        sourceCode: 'print(6 * 7)',
        testcases: [{ stdin: '', stdout: '42' }],
      });
      expect(stages.at(-1)?.stage).toBe('COMPLETE');
      expect((await repo.findEvaluation(t.db, Number(evaluationId)))?.languageId).toBe('python3');
    });

    it('writes stage rows as they happen: a poll sees the first case before the run completes', async () => {
      const token = await teacherToken(t.db);
      const res = await submit(t.app, token, {
        languageId: 'python3',
        sourceCode: 'import time\nn = int(input())\ntime.sleep(n)\nprint(n)\n',
        timeLimit: 5000,
        testcases: [
          { stdin: '0', stdout: '0' },
          { stdin: '1', stdout: '1' },
        ],
      });
      const { evaluationId } = res.json().data;
      const deadline = Date.now() + 30_000;
      let partial: ProgramStageResult[] = [];
      while (Date.now() < deadline) {
        partial = await stagesOf(t.app, token, evaluationId);
        if (partial.some((s) => s.stage === 'RUN')) break;
        await sleep(20);
      }
      expect(partial.filter((s) => s.stage === 'RUN')).toHaveLength(1);
      expect(partial.some((s) => s.stage === 'COMPLETE')).toBe(false);
      expect(await statusOf(t.db, evaluationId)).toBe('running');
      const stages = await waitForFinish(t.app, token, evaluationId);
      expect(stages.at(-1)?.message).toBe('运行完成，通过 2/2 个测试用例');
    });

    describe('VERIFY: bad input is answered 400 with the spec message, nothing is stored', () => {
      const cases: [string, Submit, string][] = [
        ['blank code', { sourceCode: '  \n ' }, '代码不能为空!'],
        ['missing code', { sourceCode: undefined }, '代码不能为空!'],
        [
          'a case without expected output',
          { testcases: [{ stdin: '1 2', stdout: '3' }, { stdin: '1' }] },
          '请完善测试用例的输出项!',
        ],
        [
          'a blank expected output',
          { testcases: [{ stdin: '1', stdout: ' \n' }] },
          '请完善测试用例的输出项!',
        ],
        ['no time limit', { timeLimit: null }, '最长时间不能为空!'],
        ['an empty time limit', { timeLimit: '' }, '最长时间不能为空!'],
        ['a time limit of 0', { timeLimit: 0 }, PE_MSG.timeLimitRange],
        ['a time limit over 10000', { timeLimit: 10_001 }, PE_MSG.timeLimitRange],
        ['an unknown language', { languageId: 'cobol' }, '不支持该编程语言!'],
        ['no test cases', { testcases: [] }, PE_MSG.testcasesRequired],
        [
          'too many test cases',
          {
            testcases: Array.from({ length: PROGRAM_EXECUTION_LIMITS.maxTestcases + 1 }, () => ({
              stdin: '',
              stdout: '1',
            })),
          },
          PE_MSG.tooManyTestcases,
        ],
        [
          'too long a source',
          { sourceCode: `//${'x'.repeat(PROGRAM_EXECUTION_LIMITS.maxSourceBytes)}` },
          PE_MSG.sourceTooLong,
        ],
        [
          'too large an input',
          { testcases: [{ stdin: 'x'.repeat(PROGRAM_EXECUTION_LIMITS.maxInputBytes + 1), stdout: '1' }] },
          PE_MSG.inputTooLarge,
        ],
      ];
      it.each(cases)('%s', async (_name, body, message) => {
        const { user, token } = await buildSignedInMember(t.db, { identityType: 'Teacher' });
        const res = await submit(t.app, token, {
          sourceCode: C_SUM,
          testcases: [{ stdin: '1 2', stdout: '3' }],
          ...body,
        });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ success: false, code: 400, message, data: null });
        expect(await repo.countRecentSubmits(t.db, user.id, 3600_000)).toBe(0);
      });

      it('the spec texts are the sandbox’s own VERIFY texts', () => {
        expect(PE_MSG.codeRequired).toBe(SANDBOX_MSG.codeRequired);
        expect(PE_MSG.outputRequired).toBe(SANDBOX_MSG.outputRequired);
        expect(PE_MSG.timeLimitRequired).toBe(SANDBOX_MSG.timeLimitRequired);
        expect(PE_MSG.timeLimitRange).toBe(SANDBOX_MSG.timeLimitRange);
        expect(PE_MSG.languageUnsupported).toBe(SANDBOX_MSG.languageUnsupported);
      });

      it('413 for a request over 4 MB', async () => {
        const token = await teacherToken(t.db);
        const big = 'x'.repeat(900 * 1024);
        const res = await submit(t.app, token, {
          sourceCode: C_SUM,
          testcases: Array.from({ length: 5 }, () => ({ stdin: big, stdout: '1' })),
        });
        expect(res.statusCode).toBe(413);
        expect(res.json().success).toBe(false);
      });
    });

    it("another user's evaluation is 404, never its data", async () => {
      const owner = await teacherToken(t.db);
      const other = await teacherToken(t.db);
      const { evaluationId } = await run(t.app, owner, {
        sourceCode: C_SUM,
        testcases: [{ stdin: '1 1', stdout: '2' }],
      });
      for (const id of [evaluationId, '999999999', 'abc', '-1']) {
        const res = await asUser(t.app, other).get(`${BASE}/programExecution?evaluationId=${id}`);
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({
          success: false,
          code: 404,
          message: PE_MSG.evaluationNotFound,
          data: null,
        });
      }
      const missing = await asUser(t.app, other).get(`${BASE}/programExecution`);
      expect(missing.statusCode).toBe(400);
      const anonymous = await t.app.inject({
        method: 'GET',
        url: `${BASE}/programExecution?evaluationId=${evaluationId}`,
      });
      expect(anonymous.statusCode).toBe(401);
    });

    it('students get 403 学生身份暂无权限; business users may run code', async () => {
      const student = await teacherToken(t.db, 'Student');
      const res = await submit(t.app, student, {
        sourceCode: C_SUM,
        testcases: [{ stdin: '1 1', stdout: '2' }],
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(MSG.studentNoPermission);
      const business = await teacherToken(t.db, 'Business');
      const { stages } = await run(t.app, business, {
        sourceCode: C_SUM,
        testcases: [{ stdin: '1 1', stdout: '2' }],
      });
      expect(stages.at(-1)?.stage).toBe('COMPLETE');
    });

    it("fails a dead runner's running evaluation with a message; a live runner's is left alone", async () => {
      const { user, token: owner } = await buildSignedInMember(t.db, { identityType: 'Teacher' });
      const register = (id: string) =>
        repo.upsertRunner(t.db, {
          id,
          host: 'elsewhere',
          pid: 1,
          concurrency: 1,
          isolationOk: true,
          isolationReason: null,
          languages: [],
        });
      await register('dead-runner');
      await register('live-runner');
      await t.db
        .update(codeRunners)
        .set({ heartbeatAt: sql`now() - interval '1 hour'` })
        .where(eq(codeRunners.id, 'dead-runner'));
      const start = async (runnerId: string) => {
        // Claimed in the transaction that makes it: the block's runner would otherwise claim it first.
        const id = await t.db.transaction(async (tx) => {
          const made = await repo.insertEvaluation(tx, {
            userId: user.id,
            languageId: 'c',
            timeLimitMs: 1000,
            sourceCode: C_SUM,
          });
          await repo.claimEvaluation(tx, made, runnerId);
          return made;
        });
        await repo.insertStage(t.db, id, { stage: 'VERIFY', success: true, message: '验证通过' });
        await repo.insertStage(t.db, id, { stage: 'PREPROCESS', success: true, message: '预处理完成' });
        await repo.insertStage(t.db, id, { stage: 'COMPILE', success: true, message: '编译成功' });
        return id;
      };
      const orphan = await start('dead-runner');
      const alive = await start('live-runner');
      // (the runner's own heartbeat may have swept first)
      await t.runner!.sweep();

      const stages = await waitForFinish(t.app, owner, String(orphan), 1000);
      expect(stages.at(-1)).toMatchObject({
        stage: 'RUN',
        success: false,
        testcaseId: null,
        message: `运行失败：${RUNNER_MSG.runnerDied}`,
      });
      expect(await statusOf(t.db, orphan)).toBe('failed');
      expect(await statusOf(t.db, alive)).toBe('running');
      expect((await stagesOf(t.app, owner, String(alive))).map((s) => s.stage)).toEqual([
        'VERIFY',
        'PREPROCESS',
        'COMPILE',
      ]);
      // the live runner dies too: the next sweep takes its evaluation
      await t.db.delete(codeRunners).where(eq(codeRunners.id, 'live-runner'));
      await t.runner!.sweep();
      expect(await statusOf(t.db, alive)).toBe('failed');
    });

    it('fails an evaluation that waited longer than the queue timeout', async () => {
      const { user, token: owner } = await buildSignedInMember(t.db, { identityType: 'Teacher' });
      // Made old in the transaction that makes it: the block's runner never claims one that waited too long.
      const id = await t.db.transaction(async (tx) => {
        const made = await repo.insertEvaluation(tx, {
          userId: user.id,
          languageId: 'c',
          timeLimitMs: 1000,
          sourceCode: C_SUM,
        });
        await tx
          .update(codeEvaluations)
          .set({ createdAt: sql`now() - interval '1 hour'` })
          .where(eq(codeEvaluations.id, made));
        return made;
      });
      await t.runner!.sweep();
      expect(await stagesOf(t.app, owner, String(id))).toEqual([
        expect.objectContaining({
          stage: 'PREPROCESS',
          success: false,
          message: `预处理失败：${RUNNER_MSG.queuedTooLong}`,
        }),
      ]);
      expect(await statusOf(t.db, id)).toBe('failed');
    });
    // Last of this block: it stops the block's runner.
    it('a runner that stops fails the evaluation it could not finish in time', async () => {
      const token = await teacherToken(t.db);
      const res = await submit(t.app, token, {
        languageId: 'python3',
        sourceCode: 'import time\ntime.sleep(1.5)\nprint(1)\n',
        timeLimit: 5000,
        testcases: [{ stdin: '', stdout: '1' }],
      });
      const { evaluationId } = res.json().data;
      const deadline = Date.now() + 20_000;
      while ((await statusOf(t.db, evaluationId)) !== 'running' && Date.now() < deadline) await sleep(20);
      expect(await statusOf(t.db, evaluationId)).toBe('running');
      await t.runner!.stop({ timeoutMs: 100 });
      const stages = await stagesOf(t.app, token, evaluationId);
      expect(stages.at(-1)).toMatchObject({
        success: false,
        message: expect.stringContaining(RUNNER_MSG.runnerStopped),
      });
      expect(isEvaluationFinished(stages)).toBe(true);
      expect(await statusOf(t.db, evaluationId)).toBe('failed');
      // deregistered: with no other runner, nothing can run now
      const languages = await asUser(t.app, token).get(`${BASE}/languages`);
      expect(languages.json().data).toEqual([]);
      // the sandbox run itself goes on to its end; its rows are refused
      const idle = Date.now() + 20_000;
      while (t.runner!.busy() > 0 && Date.now() < idle) await sleep(50);
      expect(t.runner!.busy()).toBe(0);
      expect((await stagesOf(t.app, token, evaluationId)).at(-1)).toEqual(stages.at(-1));
    });
  });

  describe('an API server whose code runs on other hosts (no runner in the process)', () => {
    const t = useCodeApp(driver, {
      runner: false,
      config: { workers: 0, queueLimit: 3, submitsPerMinute: 2 },
    });
    const remote = {
      id: 'remote-runner',
      host: 'runner-host',
      pid: 4242,
      concurrency: 2,
      isolationOk: true,
      isolationReason: null,
      languages: [{ id: 'c', name: 'C', version: 'GCC 12.2.0' }],
    };
    const body = { sourceCode: C_SUM, testcases: [{ stdin: '2 3', stdout: '5' }] };

    it('languages and submits follow the live runners', async () => {
      const token = await teacherToken(t.db);
      const languages = () => asUser(t.app, token).get(`${BASE}/languages`);

      let res = await languages();
      expect(res.json()).toMatchObject({
        success: true,
        data: [],
        message: `${PE_MSG.unavailable}（没有在线的代码运行节点）`,
      });
      res = await submit(t.app, token, body);
      expect(res.statusCode).toBe(503);
      expect(res.json().message).toBe(`${PE_MSG.unavailable}（没有在线的代码运行节点）`);

      await repo.upsertRunner(t.db, {
        ...remote,
        isolationOk: false,
        isolationReason: '找不到 bubblewrap',
        languages: [],
      });
      res = await languages();
      expect(res.json()).toMatchObject({ data: [], message: `${PE_MSG.unavailable}（找不到 bubblewrap）` });
      expect((await submit(t.app, token, body)).statusCode).toBe(503);

      await repo.upsertRunner(t.db, remote);
      res = await languages();
      expect(res.json()).toMatchObject({ message: '操作成功', data: remote.languages });
      // a language this runner's host lacks
      res = await submit(t.app, token, { ...body, languageId: 'java' });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(PE_MSG.languageUnsupported);
      // a runner whose heartbeat stopped long ago offers nothing
      await t.db.update(codeRunners).set({ heartbeatAt: sql`now() - interval '1 hour'` });
      expect((await languages()).json().data).toEqual([]);
      await repo.upsertRunner(t.db, remote);
    });

    it(`limits each user's submits per minute: then 429 ${PE_MSG.rateLimited}`, async () => {
      await repo.upsertRunner(t.db, remote);
      const token = await teacherToken(t.db);
      for (let i = 0; i < 2; i++) expect((await submit(t.app, token, body)).statusCode).toBe(200);
      const res = await submit(t.app, token, body);
      expect(res.statusCode).toBe(429);
      expect(res.json()).toEqual({ success: false, code: 429, message: PE_MSG.rateLimited, data: null });
      // others are not affected
      expect((await submit(t.app, await teacherToken(t.db), body)).statusCode).toBe(200);
    });

    it('bounds the queue: when full, 503 编译服务繁忙，请稍后重试', async () => {
      await repo.upsertRunner(t.db, remote);
      const queued = await repo.countQueued(t.db);
      for (let i = queued; i < t.config.queueLimit; i++) {
        expect((await submit(t.app, await teacherToken(t.db), body)).statusCode).toBe(200);
      }
      const res = await submit(t.app, await teacherToken(t.db), body);
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        success: false,
        code: 503,
        message: '编译服务繁忙，请稍后重试',
        data: null,
      });
      expect(await repo.countQueued(t.db)).toBe(t.config.queueLimit);
    });

    it('queued jobs survive a restart: a runner started later on the same database runs them all', async () => {
      const waiting = await t.db
        .select({ id: codeEvaluations.id, userId: codeEvaluations.userId })
        .from(codeEvaluations)
        .where(eq(codeEvaluations.status, 'queued'));
      expect(waiting.length).toBe(t.config.queueLimit);
      // The API process goes away; a worker process (its own queue instance) starts on the same database.
      await t.app.close();
      await t.jobs.stop();
      const jobs = createJobQueue({ db: t.db, log: quiet });
      const runner = await startCodeRunner({
        db: t.db,
        driver,
        jobs,
        log: quiet,
        config: { ...t.config, workers: 2, pollingIntervalMs: 500 },
      });
      try {
        const deadline = Date.now() + 45_000;
        while (Date.now() < deadline) {
          const open = await t.db
            .select({ n: sql<number>`count(*)::int` })
            .from(codeEvaluations)
            .where(sql`${codeEvaluations.status} in ('queued', 'running')`);
          if (open[0]?.n === 0) break;
          await sleep(100);
        }
        for (const { id } of waiting) {
          expect(await statusOf(t.db, id)).toBe('complete');
          const stages = (await repo.listStages(t.db, id)).map((s) => s.stage);
          expect(stages).toEqual(['VERIFY', 'PREPROCESS', 'COMPILE', 'RUN', 'COMPLETE']);
        }
      } finally {
        await runner.stop({ timeoutMs: 5000 });
        await jobs.stop();
      }
      // the runner deregistered itself
      expect(await t.db.select().from(codeRunners).where(eq(codeRunners.id, runner.id))).toEqual([]);
    }, 60_000);
  });
  // A real `worker` process (the distributed mode's entry point) on this database, killed mid-run.
  describe.runIf(driver === 'pg')('a worker process that dies mid-run', () => {
    const t = useCodeApp(driver, { runner: false, config: { workers: 0, staleAfterMs: 1500 } });

    it('its evaluation is failed with a message by the next runner sweep, never left running', async () => {
      const { name } = rowsOf<{ name: string }>(
        await t.db.execute(sql`select current_database() as name`),
      )[0]!;
      const url = new URL(process.env.TEST_DATABASE_URL!);
      url.pathname = `/${name}`;
      const worker = spawn(process.execPath, ['--import', 'tsx', 'src/worker.ts'], {
        cwd: SERVER_DIR,
        env: {
          PATH: process.env.PATH,
          DATABASE_URL: url.toString(),
          CODE_RUNNER_WORKERS: '1',
          LOG_LEVEL: 'warn',
        },
        stdio: ['ignore', 'ignore', 'pipe'],
        detached: true,
      });
      let stderr = '';
      worker.stderr?.on('data', (chunk: Buffer) => {
        stderr += chunk.toString();
      });
      const kill = () => {
        try {
          process.kill(-worker.pid!, 'SIGKILL');
        } catch {
          // already gone
        }
      };
      try {
        const token = await teacherToken(t.db);
        const ready = Date.now() + 30_000;
        while ((await asUser(t.app, token).get(`${BASE}/languages`)).json().data.length === 0) {
          if (Date.now() > ready || worker.exitCode !== null)
            throw new Error(`worker did not start: ${stderr}`);
          await sleep(100);
        }
        const res = await submit(t.app, token, {
          languageId: 'python3',
          sourceCode: 'import time\nprint(1, flush=True)\ntime.sleep(8)\n',
          timeLimit: 10_000,
          testcases: [{ stdin: '', stdout: '1' }],
        });
        expect(res.statusCode).toBe(200);
        const { evaluationId } = res.json().data;
        const running = Date.now() + 20_000;
        while ((await stagesOf(t.app, token, evaluationId)).at(-1)?.stage !== 'COMPILE') {
          if (Date.now() > running) throw new Error(`never started: ${stderr}`);
          await sleep(50);
        }
        kill();
        await sleep(t.config.staleAfterMs + 500);
        expect(await statusOf(t.db, evaluationId)).toBe('running');
        // Any runner's sweep (here one starting now, on its first beat) fails it.
        const runner = await startCodeRunner({
          db: t.db,
          driver,
          jobs: t.jobs,
          log: quiet,
          config: t.config,
        });
        try {
          const stages = await stagesOf(t.app, token, evaluationId);
          expect(stages.at(-1)).toMatchObject({
            stage: 'RUN',
            success: false,
            testcaseId: null,
            message: `运行失败：${RUNNER_MSG.runnerDied}`,
          });
          expect(isEvaluationFinished(stages)).toBe(true);
          expect(await statusOf(t.db, evaluationId)).toBe('failed');
        } finally {
          await runner.stop();
        }
      } finally {
        kill();
      }
    }, 60_000);
  });
});
