// The load of issue 17: virtual users with a school day's mix (70 % students, 20 % teachers, 10 %
// visitors) through the cluster's proxy, measured per request class, with failure drills on the way and
// the acknowledged writes verified against the database at the end.
//
//   npm run load -- [--users 200] [--duration 600] [--ramp 30] [--kill-api-at 120] [--kill-worker-at 240]
//                   [--restart-postgres-at 360] [--report test-results/load/report.json]
//                   [--cluster data/cluster/cluster.json] [--think 1-3] [--seed 1] [--no-verify]
//                   [--no-cross-instance] [--verify-wait 90] [--drain 60] [--max-homeworks 80]
//
// Reads data/cluster/cluster.json (written by `npm run cluster`). Users: the generated university's
// (ld-s00001 ..., ld-t0001 ...) when present, else the demo accounts. Writes the JSON report, the write log
// (writes.jsonl beside the report) and prints a summary. Exit code 1 when verify finds a lost write, a
// stuck or doubly judged evaluation, or when the run could not start.
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { signOutAcross, streamStopAcross } from './drills/cross-instance';
import { killApiDrill } from './drills/kill-api';
import { killWorkerDrill } from './drills/kill-worker';
import { pollUntil, sleep } from './drills/probes';
import { restartPostgresDrill } from './drills/restart-postgres';
import { AckLog } from './lib/acklog';
import { DEFAULT_CLUSTER_FILE, ROOT, readCluster } from './lib/cluster';
import { HttpClient, keepAliveAgent } from './lib/http';
import { allocateRoles, type Role, roleSequence, seededRandom } from './lib/mix';
import { type LoadReport, summaryLines, targetsOf } from './lib/report';
import { errorWindowAfter, REQUEST_CLASSES, Recorder, summarize } from './lib/stats';
import type { LoadContext, Vu } from './scenarios/context';
import { GradingObserver } from './scenarios/grading-observer';
import { findTeachers, HomeworkPool, prepareHomework } from './scenarios/setup';
import { studentSession, submitSlowProgram } from './scenarios/student';
import { teacherSession } from './scenarios/teacher';
import { visitorSession } from './scenarios/visitor';
import { verifyWrites } from './verify';

export type LoadOptions = {
  users: number;
  durationS: number;
  rampS: number;
  killApiAtS: number | null;
  killWorkerAtS: number | null;
  restartPostgresAtS: number | null;
  report: string;
  clusterFile: string;
  thinkMinMs: number;
  thinkMaxMs: number;
  seed: number;
  verify: boolean;
  verifyWaitS: number;
  crossInstance: boolean;
  maxHomeworks: number;
  /** how long to wait after the users stop for code runs still being judged */
  drainS: number;
};

export const DEFAULT_OPTIONS: LoadOptions = {
  users: 200,
  durationS: 600,
  rampS: 30,
  killApiAtS: null,
  killWorkerAtS: null,
  restartPostgresAtS: null,
  report: 'test-results/load/report.json',
  clusterFile: DEFAULT_CLUSTER_FILE,
  thinkMinMs: 1000,
  thinkMaxMs: 3000,
  seed: 1,
  verify: true,
  verifyWaitS: 90,
  crossInstance: true,
  maxHomeworks: 80,
  drainS: 60,
};

/** The command line, over the defaults. */
export const parseArgs = (argv: string[]): LoadOptions => {
  const o = { ...DEFAULT_OPTIONS };
  const num = (name: string, value: string | undefined) => {
    const n = Number(value);
    if (value === undefined || !Number.isFinite(n) || n < 0) throw new Error(`--${name} needs a number >= 0`);
    return n;
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    const v = argv[i + 1];
    const take = () => {
      i++;
      return v;
    };
    switch (a) {
      case '--users':
        o.users = Math.round(num('users', take()));
        break;
      case '--duration':
        o.durationS = num('duration', take());
        break;
      case '--ramp':
        o.rampS = num('ramp', take());
        break;
      case '--kill-api-at':
        o.killApiAtS = num('kill-api-at', take());
        break;
      case '--kill-worker-at':
        o.killWorkerAtS = num('kill-worker-at', take());
        break;
      case '--restart-postgres-at':
        o.restartPostgresAtS = num('restart-postgres-at', take());
        break;
      case '--report':
        o.report = take() ?? o.report;
        break;
      case '--cluster':
        o.clusterFile = path.resolve(ROOT, take() ?? o.clusterFile);
        break;
      case '--think': {
        const [min, max] = (take() ?? '').split('-').map(Number);
        if (!Number.isFinite(min) || !Number.isFinite(max) || min! > max!)
          throw new Error('--think wants min-max seconds');
        o.thinkMinMs = min! * 1000;
        o.thinkMaxMs = max! * 1000;
        break;
      }
      case '--seed':
        o.seed = Math.round(num('seed', take()));
        break;
      case '--verify-wait':
        o.verifyWaitS = num('verify-wait', take());
        break;
      case '--drain':
        o.drainS = num('drain', take());
        break;
      case '--max-homeworks':
        o.maxHomeworks = Math.round(num('max-homeworks', take()));
        break;
      case '--no-verify':
        o.verify = false;
        break;
      case '--no-cross-instance':
        o.crossInstance = false;
        break;
      default:
        throw new Error(`unknown option ${a}`);
    }
  }
  return o;
};

/** Runs the load and answers its report (also written to `o.report`). */
export const runLoad = async (
  o: LoadOptions,
  log: (line: string) => void = console.log,
): Promise<LoadReport> => {
  const cluster = readCluster(o.clusterFile);
  const reportFile = path.resolve(ROOT, o.report);
  const writesFile = path.join(path.dirname(reportFile), 'writes.jsonl');
  const runId = randomBytes(3).toString('hex');
  const startedAt = new Date();
  log(
    `[load] run ${runId}: ${o.users} users for ${o.durationS} s (ramp ${o.rampS} s) through ${cluster.proxy}`,
  );
  if (
    !(await pollUntil(
      async () => ((await fetch(`${cluster.proxy}/readyz`)).status === 200 ? true : null),
      60_000,
    ))
  ) {
    throw new Error(`the proxy ${cluster.proxy} does not answer /readyz`);
  }

  const roles = roleSequence(o.users);
  const counts = allocateRoles(o.users);
  const recorder = new Recorder(Date.now());
  const http = new HttpClient(cluster.proxy, recorder, keepAliveAgent());
  const acks = new AckLog(writesFile);
  const grading = new GradingObserver(cluster.databaseUrl);
  const ctx: LoadContext = {
    http,
    acks,
    pool: new HomeworkPool([], [], Math.random),
    grading,
    teachers: [],
    endAt: Number.POSITIVE_INFINITY,
    thinkMinMs: o.thinkMinMs,
    thinkMaxMs: o.thinkMaxMs,
    liveTokens: new Map(),
    counts: {},
    runId,
  };
  // a user's place among the users of its role (roles are interleaved: teachers are every fifth or so)
  const roleIndexes = roles.map((role, i) => roles.slice(0, i).filter((r) => r === role).length);
  const vuOf = (id: number): Vu => ({
    ...ctx,
    id,
    roleIndex: roleIndexes[id] ?? 0,
    random: seededRandom(o.seed * 100_003 + id),
  });

  // Set-up (not measured): teachers publish today's homework.
  const setupVu = vuOf(-1);
  setupVu.endAt = Date.now() + o.durationS * 1000 + 60_000;
  const found = await findTeachers(setupVu, Math.max(counts.teacher, 1) + 200);
  // One teacher account per teacher user where the data has enough, and one spare for the cross-instance
  // checks (its AI calls must not meet the users' per-user limits).
  const minTeachers = found.scale ? counts.teacher + 1 : 1;
  // Pairs a run needs: a student submits one after about three visits of its page, some six pages (of
  // ~2 s think plus requests) apart: one every ~16 s of work; with a margin.
  const submitEveryS = 6 * ((o.thinkMinMs + o.thinkMaxMs) / 2000) + 4;
  const needPairs = Math.ceil(counts.student * (o.durationS / submitEveryS + 1) * 1.3);
  const prepared = await prepareHomework(setupVu, {
    teachers: found.teachers,
    needPairs,
    minTeachers,
    maxHomeworks: found.scale ? Math.max(o.maxHomeworks, counts.teacher + 1, 400) : o.maxHomeworks,
    scale: found.scale,
    log: (l) => log(`[load] ${l}`),
  });
  ctx.pool = prepared.pool;
  const used = prepared.teachersUsed.length > 0 ? prepared.teachersUsed : found.teachers.slice(0, 1);
  // The spare: a teacher no user plays (the demo's leader01 is a teacher too).
  const spare = found.scale && used.length > counts.teacher;
  const spareTeacher = spare ? used[used.length - 1]! : 'leader01';
  ctx.teachers = spare ? used.slice(0, -1) : used;
  const data = {
    scale: found.scale,
    teachers: ctx.teachers.length,
    homeworks: prepared.pool.homeworks.length,
    pairs: prepared.pool.size,
    students: prepared.pool.students.length,
    codeLanguage: prepared.language,
  };
  if (prepared.pool.students.length === 0) throw new Error('no student found in the courses of the teachers');
  for (const token of ctx.liveTokens.keys()) ctx.liveTokens.delete(token);

  // The measured run.
  const t0 = Date.now();
  const atS = () => (Date.now() - t0) / 1000;
  ctx.endAt = t0 + o.durationS * 1000;
  recorder.begin(t0);
  grading.start();
  const sessions: Record<Role, number> = { student: 0, teacher: 0, visitor: 0 };
  const loadSamples: number[] = [];
  const startLoad = loadavg();
  const sampler = setInterval(() => loadSamples.push(loadavg()[0]!), 5000);
  const progress = setInterval(() => {
    const s = Math.floor(atS());
    log(
      `[load] ${s} s: ${recorder.requests} requests, ${recorder.errors.length} errors, ${grading.latencies.length} code runs judged, ` +
        `${grading.pending} waiting, load ${loadavg()[0]!.toFixed(2)}`,
    );
  }, 30_000);

  const vus = roles.map(async (role, i) => {
    await sleep((o.rampS * 1000 * i) / Math.max(1, o.users));
    const vu = vuOf(i);
    vu.endAt = ctx.endAt;
    while (Date.now() < ctx.endAt) {
      sessions[role]++;
      try {
        if (role === 'student') await studentSession(vu);
        else if (role === 'teacher') await teacherSession(vu);
        else await visitorSession(vu);
      } catch (error) {
        ctx.counts[`session crashed: ${(error as Error).message.slice(0, 80)}`] =
          (ctx.counts[`session crashed: ${(error as Error).message.slice(0, 80)}`] ?? 0) + 1;
        await sleep(1000);
      }
    }
  });

  const drills: LoadReport['drills'] = {};
  const drillRuns: Promise<void>[] = [];
  const at = (s: number | null, run: () => Promise<void>) => {
    if (s === null) return;
    drillRuns.push(
      (async () => {
        await sleep(Math.max(0, t0 + s * 1000 - Date.now()));
        try {
          await run();
        } catch (error) {
          log(`[load] drill failed: ${(error as Error).message}`);
        }
      })(),
    );
  };
  const drillLog = (l: string) => log(`[load] ${l}`);
  at(o.killApiAtS, async () => {
    drills.killApi = await killApiDrill({ clusterFile: o.clusterFile, atS, log: drillLog });
  });
  at(o.killWorkerAtS, async () => {
    drills.killWorker = await killWorkerDrill({
      clusterFile: o.clusterFile,
      databaseUrl: cluster.databaseUrl,
      atS,
      log: drillLog,
      prepare: () => submitSlowProgram({ ...vuOf(-2), endAt: ctx.endAt }),
    });
  });
  at(o.restartPostgresAtS, async () => {
    drills.restartPostgres = await restartPostgresDrill({
      clusterFile: o.clusterFile,
      atS,
      tokens: [...ctx.liveTokens.entries()],
      teacher: spareTeacher,
      student: ctx.pool.students[0]!,
      log: drillLog,
      logFile: path.join(path.dirname(reportFile), 'postgres-restart.log'),
    });
  });

  await Promise.all(vus);
  const measuredS = atS();
  recorder.recording = false;
  clearInterval(progress);
  clearInterval(sampler);
  log(`[load] ${measuredS.toFixed(0)} s: the users stopped; waiting for code runs and drills`);
  await grading.drain(o.drainS * 1000);
  grading.recording = false;
  await Promise.all(drillRuns);
  const endLoad = loadavg();

  let crossInstance: LoadReport['crossInstance'];
  // the state file is rewritten as instances restart; a cluster stopped meanwhile must not lose the report
  let fresh = cluster;
  try {
    fresh = readCluster(o.clusterFile);
  } catch (error) {
    log(`[load] ${(error as Error).message}: the cross-instance checks use the state read at the start`);
  }
  if (o.crossInstance && fresh.api.length >= 2) {
    const [a, b] = fresh.api;
    const student = ctx.pool.students[ctx.pool.students.length - 1]!;
    crossInstance = {
      streamStop: await streamStopAcross({ a: a!.url, b: b!.url, teacher: spareTeacher }).catch(
        (e: Error) => ({
          ok: false as const,
          note: e.message,
        }),
      ),
      signOut: await signOutAcross({ a: a!.url, b: b!.url, username: student, acks }).catch((e: Error) => ({
        ok: false as const,
        note: e.message,
      })),
    };
  }

  const verify = o.verify
    ? await verifyWrites({
        databaseUrl: cluster.databaseUrl,
        records: acks.records,
        since: new Date(t0 - 60_000),
        waitS: o.verifyWaitS,
        log: (l) => log(`[verify] ${l}`),
      })
    : undefined;
  await grading.close();

  // Errors in the 30 s after each drill's event belong to the drill.
  const windows: [number, number][] = [];
  if (drills.killApi) {
    const w = errorWindowAfter(recorder.errors, drills.killApi.killedAtS, 30);
    drills.killApi.errorsAfterKill = w.errors;
    drills.killApi.routedAroundAfterS = w.lastErrorAfterS;
    windows.push([drills.killApi.killedAtS, drills.killApi.killedAtS + 30]);
  }
  if (drills.killWorker?.killedAtS != null)
    windows.push([drills.killWorker.killedAtS, drills.killWorker.killedAtS + 30]);
  if (drills.restartPostgres) {
    const w = errorWindowAfter(recorder.errors, drills.restartPostgres.startedAtS, 60);
    drills.restartPostgres.errorsAfterRestart = w.errors;
    drills.restartPostgres.lastErrorAfterS = w.lastErrorAfterS;
    windows.push([drills.restartPostgres.startedAtS, drills.restartPostgres.startedAtS + 60]);
  }
  const outside = recorder.errors.filter((e) => !windows.some(([from, to]) => e.t >= from && e.t < to));
  const grouped = new Map<string, { endpoint: string; status: number; count: number; message: string }>();
  for (const e of recorder.errors) {
    const key = `${e.endpoint} ${e.status}`;
    const g = grouped.get(key) ?? { endpoint: e.endpoint, status: e.status, count: 0, message: e.message };
    g.count++;
    grouped.set(key, g);
  }
  const classes = Object.fromEntries(
    REQUEST_CLASSES.map((c) => [c, recorder.classSummary(c)]),
  ) as LoadReport['classes'];
  const codeRun = {
    ...summarize(grading.latencies),
    failed: grading.failures.length,
    notJudgedInTime: grading.pending,
  };
  const errors = {
    total: recorder.errors.length,
    outsideDrills: outside.length,
    byEndpoint: [...grouped.values()].sort((a, b) => b.count - a.count),
    // each failed request with its time (the first 200), to set against the drills' times
    list: recorder.errors.slice(0, 200).map((e) => ({
      t: Math.round(e.t * 100) / 100,
      endpoint: e.endpoint,
      status: e.status,
      message: e.message.slice(0, 160),
      inDrill: !outside.includes(e),
    })),
  };
  const report: LoadReport = {
    startedAt: startedAt.toISOString(),
    options: { ...o, clusterFile: path.relative(ROOT, o.clusterFile) },
    cluster: { proxy: cluster.proxy, api: cluster.api.length, workers: cluster.workers.length },
    data,
    users: { total: o.users, ...counts },
    sessions,
    measuredS,
    requests: recorder.requests,
    throughputRps: recorder.requests / Math.max(1, measuredS),
    classes,
    codeRun,
    errors,
    endpoints: recorder.endpoints().map((e) => ({
      endpoint: e.endpoint,
      cls: e.cls,
      count: e.summary.count,
      p50: e.summary.p50,
      p95: e.summary.p95,
      p99: e.summary.p99,
      errors: e.errors,
    })),
    loadAverage: {
      start: startLoad.map((v) => Math.round(v * 100) / 100),
      max1: Math.max(startLoad[0]!, ...loadSamples),
      end: endLoad.map((v) => Math.round(v * 100) / 100),
      samples: loadSamples.map((v) => Math.round(v * 100) / 100),
    },
    counts: ctx.counts,
    drills,
    crossInstance,
    verify,
    targets: targetsOf({ classes, codeRun, errors }),
  };
  mkdirSync(path.dirname(reportFile), { recursive: true });
  writeFileSync(reportFile, `${JSON.stringify(report, null, 2)}\n`);
  for (const line of summaryLines(report)) log(line);
  log(`[load] report: ${path.relative(ROOT, reportFile)}; writes: ${path.relative(ROOT, writesFile)}`);
  return report;
};

const isMain = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  try {
    const report = await runLoad(parseArgs(process.argv.slice(2)));
    process.exit(report.verify && !report.verify.ok ? 1 : 0);
  } catch (error) {
    console.error(`[load] ${(error as Error).message}`);
    process.exit(1);
  }
}
