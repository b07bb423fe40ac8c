// bench/grading: grading a whole homework (issue 11): 30 students x 10 questions (4 objective, graded on
// submit; 3 code questions run in the sandbox, 3 short answers judged by a scripted OpenAI-compatible model)
// on PGlite, with this process's code runner (CODE_RUNNER_WORKERS = cores) and grading workers, as
// `npm start` runs them. Measures the wall time from the moment the 30 submissions are in until every
// answer is graded, and the share of it during which the sandbox was busy (some evaluation inside
// Sandbox.evaluate). Baseline measured in the same run: the same 90 programs run straight through the
// sandbox at the same concurrency (no database, queue or grading), so ratio = baseline / grading wall
// (1.0 would mean grading adds nothing around the sandbox).
// `npx tsx bench/grading.ts` runs it alone; `npm run bench` runs it with the others (BENCH_GRADING=false
// skips it). Needs a host where the sandbox works (bubblewrap, gcc, python3).
import os from 'node:os';
import { pathToFileURL } from 'node:url';
import { Sandbox } from '@uplus/sandbox';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app';
import { migrateDatabase, openPglite } from '../apps/server/src/db/client';
import { codeEvaluationStages, homeworkAnswers } from '../apps/server/src/db/schema';
import { createJobQueue } from '../apps/server/src/jobs/queue';
import { createLlmClient } from '../apps/server/src/llm/client';
import { startGradingWorkers } from '../apps/server/src/modules/homework/grading/grading.jobs';
import { queueCodeGrading } from '../apps/server/src/modules/homework/grading/grading.service';
import {
  buildHomework,
  buildSubmission,
  type FixtureAnswer,
  type FixtureQuestion,
  readAnswer,
} from '../apps/server/src/modules/homework/grading/grading.test-support';
import { DEFAULT_CODE_EXECUTION } from '../apps/server/src/modules/program-execution/program-execution.config';
import {
  runnerCapacity,
  startCodeRunner,
} from '../apps/server/src/modules/program-execution/program-execution.runner';
import { testConfig } from '../apps/server/src/test/app';
import { asUser, buildSignedInMember } from '../apps/server/src/test/factories';
import { scriptedLlmConfig } from '../apps/server/src/test/llm';
import { startScriptedLlm } from '../e2e/fixtures/scripted-llm';

export interface GradingBenchResult {
  students: number;
  questions: number;
  answers: { objective: number; code: number; shortAnswer: number };
  workers: number;
  /** From the submissions being in to every answer graded (code and short answers together). */
  wallMs: number;
  /** Time some evaluation was inside the sandbox (union of Sandbox.evaluate intervals). */
  sandboxBusyMs: number;
  sandboxShare: number;
  /** When the last code answer was graded / when the judge run was done, from the start. */
  codeDoneMs: number;
  judgeDoneMs: number;
  modelCalls: number;
  /** Sum of the compile and case times the sandbox measured (the programs' own run time). */
  programMs: number;
  /** programMs / (wall time x workers): how much of the runners' capacity the programs used. */
  programShare: number;
  /** The same programs run straight through the sandbox at the same concurrency. */
  baselineSandboxMs: number;
  /** baseline / the code part of the grading (codeDoneMs). */
  ratio: number;
  totals: { graded: number; failed: number; pending: number };
  loadAverage: [number, number];
}

const STUDENTS = 30;
const quiet = { info: () => {}, warn: () => {}, error: () => {} };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const CASES = [
  { input: '1 2', output: '3', weight: 30 },
  { input: '20 22', output: '42', weight: 30 },
  { input: '-5 5', output: '0', weight: 40 },
];
const PY_SUM = 'a, b = map(int, input().split())\nprint(a + b)\n';
const PY_WRONG = 'a, b = map(int, input().split())\nprint(a * b)\n';
const C_SUM =
  '#include <stdio.h>\nint main(void){long a,b;if(scanf("%ld %ld",&a,&b)!=2)return 1;printf("%ld\\n",a+b);return 0;}\n';
const C_BROKEN = 'int main(void){ return 0 }\n';

const code = (language: string, qsnType: number, extra: Record<string, unknown> = {}): FixtureQuestion => ({
  qsnType,
  score: 10,
  question: {
    titleText: 'A+B',
    description: '输入两个整数，输出它们的和',
    language,
    maxTime: 2000,
    programScoreStrategy: 'Part',
    isPerformance: 0,
    testcases: CASES,
    ...extra,
  },
});
const objective = (qsnType: number): FixtureQuestion => ({
  qsnType,
  score: 5,
  question: { titleText: '客观题', answer: 'A' },
});
const short = (n: number): FixtureQuestion => ({
  qsnType: 7,
  score: 10,
  question: { titleText: `简答题${n}：简述栈和队列的区别`, answer: '栈后进先出，队列先进先出' },
});

/** The 10 questions: 4 objective, 3 code (Python Part, C All, Python function with performance), 3 short. */
const QUESTIONS: FixtureQuestion[] = [
  objective(1),
  objective(2),
  objective(3),
  objective(6),
  code('python3', 5),
  code('c', 4, { programScoreStrategy: 'All' }),
  code('python3', 8, { isPerformance: 1, ratePerformance: 20, runtime: 50 }),
  short(1),
  short(2),
  short(3),
];

/** A student's code answers: mostly right, some wrong, one in ten a C compile error. */
const codeAnswers = (i: number) => [i % 5 === 0 ? PY_WRONG : PY_SUM, i % 10 === 3 ? C_BROKEN : C_SUM, PY_SUM];

const judgeReply = JSON.stringify({
  pointsMet: ['栈后进先出'],
  pointsMissed: ['队列先进先出'],
  comment: '要点基本正确。',
  score: 6,
});

/** Total length of the union of [start, end] intervals. */
const unionMs = (intervals: [number, number][]) => {
  const sorted = [...intervals].sort((a, b) => a[0] - b[0]);
  let total = 0;
  let current: [number, number] | null = null;
  for (const [start, end] of sorted) {
    if (!current || start > current[1]) {
      if (current) total += current[1] - current[0];
      current = [start, end];
    } else current[1] = Math.max(current[1], end);
  }
  if (current) total += current[1] - current[0];
  return total;
};

/** Wraps a sandbox so that each evaluate call records its interval. */
const timed = (sandbox: Sandbox, intervals: [number, number][]) => {
  const evaluate = sandbox.evaluate.bind(sandbox);
  sandbox.evaluate = (async (...args: Parameters<Sandbox['evaluate']>) => {
    const start = performance.now();
    try {
      return await evaluate(...args);
    } finally {
      intervals.push([start, performance.now()]);
    }
  }) as Sandbox['evaluate'];
  return sandbox;
};

/** The same programs straight through the sandbox, `concurrency` at a time. */
const baseline = async (sandbox: Sandbox, concurrency: number) => {
  const jobs: { languageId: string; sourceCode: string }[] = [];
  for (let i = 0; i < STUDENTS; i++) {
    const [a, b, c] = codeAnswers(i);
    jobs.push({ languageId: 'python3', sourceCode: a! }, { languageId: 'c', sourceCode: b! });
    jobs.push({ languageId: 'python3', sourceCode: c! });
  }
  const started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < jobs.length) {
        const job = jobs[next++]!;
        await sandbox.evaluate({
          ...job,
          timeLimit: 2000,
          testcases: CASES.map((c, i) => ({ id: String(i + 1), stdin: c.input, stdout: c.output })),
        });
      }
    }),
  );
  return performance.now() - started;
};

export async function runGradingBench(log: (line: string) => void): Promise<GradingBenchResult> {
  const load0 = os.loadavg()[0] ?? 0;
  const workers = Math.max(1, os.availableParallelism());
  const config = { ...DEFAULT_CODE_EXECUTION, workers, pollingIntervalMs: 500 };
  const llm = await startScriptedLlm([{ reply: judgeReply }]);
  // The bench measures grading, not the per-user limit of model calls (20 a minute by default).
  const llmConfig = scriptedLlmConfig(llm.baseUrl, { callsPerMinute: 0 });
  const database = await openPglite();
  await migrateDatabase(database);
  const db = database.db;
  const jobs = createJobQueue({ db, log: quiet });
  const app = await buildApp(testConfig({ llm: llmConfig }), { database, jobs, codeExecution: config });
  await app.ready();
  const intervals: [number, number][] = [];
  const sandbox = timed(new Sandbox({ concurrency: runnerCapacity(config).slots }), intervals);
  const runner = await startCodeRunner({ db, driver: 'pglite', jobs, log: quiet, config, sandbox });
  if (!runner.status.ok) throw new Error(`the sandbox cannot run here: ${runner.status.reason}`);
  const grading = await startGradingWorkers({
    db,
    jobs,
    llm: createLlmClient(llmConfig),
    llmLimits: llmConfig,
    codeExecution: config,
    log: quiet,
  });
  try {
    log('grading: 30 students x 10 questions');
    const teacher = await buildSignedInMember(db, { identityType: 'Teacher' });
    const hw = await buildHomework(db, teacher.user.id, QUESTIONS);
    const submissions: { submissionId: number; answerIds: number[] }[] = [];
    for (let i = 0; i < STUDENTS; i++) {
      const student = await buildSignedInMember(db, { identityType: 'Student' });
      const [a, b, c] = codeAnswers(i);
      const answers: FixtureAnswer[] = QUESTIONS.map((q, k) => {
        const questionId = hw.questionIds[k]!;
        if (k < 4)
          return { questionId, answer: 'A', maxScore: q.score, grade: { score: q.score, source: 'auto' } };
        if (k < 7) return { questionId, answer: [a, b, c][k - 4]!, maxScore: q.score };
        return { questionId, answer: `栈是后进先出的，学生${i}`, maxScore: q.score };
      });
      submissions.push(
        await buildSubmission(db, { homeworkId: hw.homeworkId, studentId: student.user.id, answers }),
      );
    }
    const codeIds = submissions.flatMap((s) => s.answerIds.slice(4, 7));
    const shortIds = submissions.flatMap((s) => s.answerIds.slice(7));

    const started = performance.now();
    for (const s of submissions) await queueCodeGrading({ db, jobs, submissionId: s.submissionId });
    const base = `/api/course/courses/${hw.courseId}/homeworks/${hw.homeworkId}/judgeRuns`;
    const run = await asUser(app, teacher.token).post(base);
    if (run.statusCode !== 200) throw new Error(`judge run not started: ${run.body}`);
    let codeDoneMs = 0;
    let judgeDoneMs = 0;
    // One light query per look (the bench must not load the database it measures).
    const pendingOf = async (ids: number[]) => {
      const [row] = await db
        .select({ n: count() })
        .from(homeworkAnswers)
        .where(and(inArray(homeworkAnswers.id, ids), eq(homeworkAnswers.gradeState, 'pending')));
      return row?.n ?? 0;
    };
    for (;;) {
      if (!codeDoneMs && (await pendingOf(codeIds)) === 0) codeDoneMs = performance.now() - started;
      if (!judgeDoneMs) {
        const latest = (await asUser(app, teacher.token).get(`${base}/latest`)).json().data;
        if (latest?.status !== 'running') judgeDoneMs = performance.now() - started;
      }
      if (codeDoneMs && judgeDoneMs) break;
      if (performance.now() - started > 30 * 60_000) throw new Error('grading did not finish in 30 minutes');
      await sleep(100);
    }
    const wallMs = Math.max(codeDoneMs, judgeDoneMs);
    const inWindow = intervals.map(
      ([s, e]) => [Math.max(s, started), Math.min(e, started + wallMs)] as [number, number],
    );
    const sandboxBusyMs = unionMs(inWindow.filter(([s, e]) => e > s));
    const all = await Promise.all([...codeIds, ...shortIds].map((id) => readAnswer(db, id)));
    const totals = {
      graded: all.filter((r) => r.gradeState === 'graded').length,
      failed: all.filter((r) => r.gradeState === 'failed').length,
      pending: all.filter((r) => r.gradeState === 'pending').length,
    };
    const modelCalls = llm.requests.length;
    // What the programs themselves took inside the sandbox (compile and case wall times it measured).
    const [programs] = await db
      .select({ ms: sql<number>`coalesce(sum(${codeEvaluationStages.timeUsed}), 0)::int` })
      .from(codeEvaluationStages)
      .where(inArray(codeEvaluationStages.stage, ['COMPILE', 'RUN']));
    const programMs = Number(programs?.ms ?? 0);

    log('grading: baseline, the same programs straight through the sandbox');
    const baselineSandboxMs = await baseline(sandbox, workers);
    const round = (n: number) => Math.round(n);
    return {
      students: STUDENTS,
      questions: QUESTIONS.length,
      answers: { objective: STUDENTS * 4, code: codeIds.length, shortAnswer: shortIds.length },
      workers,
      wallMs: round(wallMs),
      sandboxBusyMs: round(sandboxBusyMs),
      sandboxShare: Math.round((sandboxBusyMs / wallMs) * 1000) / 1000,
      codeDoneMs: round(codeDoneMs),
      judgeDoneMs: round(judgeDoneMs),
      modelCalls,
      programMs,
      programShare: Math.round((programMs / (wallMs * workers)) * 1000) / 1000,
      baselineSandboxMs: round(baselineSandboxMs),
      ratio: Math.round((baselineSandboxMs / codeDoneMs) * 100) / 100,
      totals,
      loadAverage: [Number(load0.toFixed(2)), Number((os.loadavg()[0] ?? 0).toFixed(2))],
    };
  } finally {
    await grading.stop();
    await runner.stop({ timeoutMs: 5000 });
    await app.close();
    await jobs.stop({ timeoutMs: 1000 });
    await database.close();
    await llm.close();
    await sandbox.close();
  }
}

/** The figures as printed lines. */
export function gradingReport(r: GradingBenchResult): string[] {
  const pct = (n: number) => `${(n * 100).toFixed(1)} %`;
  return [
    `Grading a homework (${r.students} students x ${r.questions} questions: ${r.answers.objective} objective graded ` +
      `on submit, ${r.answers.code} code answers in the sandbox, ${r.answers.shortAnswer} short answers by the ` +
      `scripted model; PGlite, ${r.workers} code workers; load average ${r.loadAverage[0]} before, ${r.loadAverage[1]} after):`,
    `  wall time, submissions in -> every answer graded:   ${r.wallMs} ms   (code done ${r.codeDoneMs} ms, AI judge run done ${r.judgeDoneMs} ms, ${r.modelCalls} model calls)`,
    `  sandbox busy in that time:                          ${r.sandboxBusyMs} ms = ${pct(r.sandboxShare)} of the wall time`,
    `  programs' own time (compile + cases, as the sandbox measured): ${r.programMs} ms = ${pct(r.programShare)} of wall x ${r.workers} workers`,
    `  baseline, the same ${r.answers.code} programs straight through the sandbox: ${r.baselineSandboxMs} ms; ratio baseline / code grading: ${r.ratio.toFixed(2)}`,
    `  outcome: ${r.totals.graded} graded, ${r.totals.failed} failed, ${r.totals.pending} pending`,
  ];
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runGradingBench((line) => console.error(`[bench] ${line}`)).then(
    (result) => {
      console.log(gradingReport(result).join('\n'));
      process.exit(0);
    },
    (error: Error) => {
      console.error(`[bench] failed: ${error.stack ?? error.message}`);
      process.exit(1);
    },
  );
}
