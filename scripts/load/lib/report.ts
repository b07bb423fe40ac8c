import type { SignOutResult, StreamStopResult } from '../drills/cross-instance';
import type { KillApiResult } from '../drills/kill-api';
import type { KillWorkerResult } from '../drills/kill-worker';
import type { RestartPostgresResult } from '../drills/restart-postgres';
import type { VerifyReport } from '../verify';
import { describeVerify } from '../verify';
import { REQUEST_CLASSES, type RequestClass, type Summary } from './stats';

/** The JSON report of one load run (test-results/load/report.json). */
export type LoadReport = {
  startedAt: string;
  options: Record<string, unknown>;
  cluster: { proxy: string; api: number; workers: number };
  data: {
    scale: boolean;
    teachers: number;
    homeworks: number;
    pairs: number;
    students: number;
    codeLanguage: string | null;
  };
  users: { total: number; student: number; teacher: number; visitor: number };
  sessions: { student: number; teacher: number; visitor: number };
  measuredS: number;
  requests: number;
  throughputRps: number;
  classes: Record<RequestClass, Summary & { errors: number }>;
  codeRun: Summary & { failed: number; notJudgedInTime: number };
  errors: {
    total: number;
    /** outside the 30 s after each drill's event */
    outsideDrills: number;
    byEndpoint: { endpoint: string; status: number; count: number; message: string }[];
    /** each failed request (the first 200): seconds since the start, and whether a drill's window holds it */
    list?: { t: number; endpoint: string; status: number; message: string; inDrill: boolean }[];
  };
  endpoints: {
    endpoint: string;
    cls: RequestClass;
    count: number;
    p50: number | null;
    p95: number | null;
    p99: number | null;
    errors: number;
  }[];
  loadAverage: { start: number[]; max1: number; end: number[]; samples: number[] };
  counts: Record<string, number>;
  drills: {
    killApi?: KillApiResult;
    killWorker?: KillWorkerResult;
    restartPostgres?: RestartPostgresResult;
  };
  crossInstance?: {
    streamStop: StreamStopResult | { ok: false; note: string };
    signOut: SignOutResult | { ok: false; note: string };
  };
  verify?: VerifyReport;
  targets: Record<string, { target: string; value: number | null; met: boolean }>;
};

const fmt = (v: number | null | undefined, digits = 1) =>
  v === null || v === undefined || Number.isNaN(v) ? '-' : v.toFixed(digits);

const pad = (s: string, n: number) => (s.length >= n ? s : s + ' '.repeat(n - s.length));
const lpad = (s: string, n: number) => (s.length >= n ? s : ' '.repeat(n - s.length) + s);

/** The targets of issue 17 against the figures (met or not). */
export const targetsOf = (r: Pick<LoadReport, 'classes' | 'codeRun' | 'errors'>): LoadReport['targets'] => ({
  readP99: { target: '< 200 ms', value: r.classes.read.p99, met: (r.classes.read.p99 ?? Infinity) < 200 },
  writeP99: { target: '< 500 ms', value: r.classes.write.p99, met: (r.classes.write.p99 ?? Infinity) < 500 },
  codeRunP95: {
    target: '< 2000 ms',
    value: r.codeRun.p95,
    met: r.codeRun.count > 0 && (r.codeRun.p95 ?? Infinity) < 2000,
  },
  errorsOutsideDrills: { target: '0', value: r.errors.outsideDrills, met: r.errors.outsideDrills === 0 },
});

/** The summary for people: a table per request class, then the drills and the verify step. */
export const summaryLines = (r: LoadReport): string[] => {
  const lines: string[] = [];
  lines.push(
    `users ${r.users.total} (students ${r.users.student}, teachers ${r.users.teacher}, visitors ${r.users.visitor}); ` +
      `${r.measuredS.toFixed(0)} s measured; ${r.cluster.api} API instances, ${r.cluster.workers} workers; ` +
      `data: ${r.data.scale ? 'generated university' : 'demo accounts'}`,
  );
  lines.push(
    `sessions: students ${r.sessions.student}, teachers ${r.sessions.teacher}, visitors ${r.sessions.visitor}; ` +
      `homework: ${r.data.homeworks} published, ${r.data.pairs} student-homework pairs`,
  );
  lines.push('');
  lines.push(
    `${pad('class', 8)}${lpad('count', 9)}${lpad('p50 ms', 9)}${lpad('p95 ms', 9)}${lpad('p99 ms', 9)}${lpad('max ms', 9)}${lpad('errors', 8)}`,
  );
  for (const cls of REQUEST_CLASSES) {
    const c = r.classes[cls];
    lines.push(
      `${pad(cls, 8)}${lpad(String(c.count), 9)}${lpad(fmt(c.p50), 9)}${lpad(fmt(c.p95), 9)}${lpad(fmt(c.p99), 9)}${lpad(fmt(c.max), 9)}${lpad(String(c.errors), 8)}`,
    );
  }
  lines.push(
    `${pad('code run', 8)}${lpad(String(r.codeRun.count), 9)}${lpad(fmt(r.codeRun.p50), 9)}${lpad(fmt(r.codeRun.p95), 9)}${lpad(fmt(r.codeRun.p99), 9)}${lpad(fmt(r.codeRun.max), 9)}${lpad(String(r.codeRun.failed), 8)}   (submit to judged; errors = failed)`,
  );
  lines.push('');
  lines.push(
    `throughput: ${r.throughputRps.toFixed(1)} requests/s (${r.requests} requests); load average 1 min: ` +
      `start ${fmt(r.loadAverage.start[0], 2)}, max ${fmt(r.loadAverage.max1, 2)}, end ${r.loadAverage.end.map((v) => v.toFixed(2)).join(' / ')}`,
  );
  lines.push(`errors: ${r.errors.total} in all, ${r.errors.outsideDrills} outside the drills' windows`);
  for (const e of r.errors.byEndpoint.slice(0, 12)) {
    lines.push(`  ${lpad(String(e.count), 5)} x ${e.endpoint} -> ${e.status} ${e.message.slice(0, 90)}`);
  }
  const listed = r.errors.list ?? [];
  for (const e of listed.slice(0, 30)) {
    lines.push(
      `  at ${e.t.toFixed(2).padStart(7)} s ${e.inDrill ? '(drill)' : '       '} ${e.endpoint} -> ${e.status} ${e.message.slice(0, 70)}`,
    );
  }
  if (listed.length > 30) lines.push(`  ... ${listed.length - 30} more in the JSON report (errors.list)`);
  for (const [what, n] of Object.entries(r.counts)) lines.push(`  note: ${what}: ${n}`);
  const d = r.drills;
  if (d.killApi) {
    const k = d.killApi;
    lines.push(
      `drill kill -9 ${k.instance} at ${k.killedAtS.toFixed(0)} s: ${k.errorsAfterKill ?? 0} failed requests, the last ` +
        `${fmt(k.routedAroundAfterS, 2)} s after the kill; restarted after ${fmt(k.restartedAfterS)} s, ready after ` +
        `${fmt(k.readyAfterS)} s, back behind the proxy after ${fmt(k.rejoinedAfterS)} s (CPU ticks in the next 10 s: ${k.cpuTicksAfterRejoin ?? '-'})`,
    );
  }
  if (d.killWorker) {
    const w = d.killWorker;
    if (w.skipped) lines.push(`drill kill -9 worker: skipped (${w.skipped})`);
    else {
      lines.push(
        `drill kill -9 ${w.worker} at ${fmt(w.killedAtS, 0)} s during evaluation ${w.evaluationId}: it ended ` +
          `${w.evaluationStatus} after ${fmt(w.evaluationEndedAfterS)} s (${w.evaluationMessage ?? ''}); worker restarted after ${fmt(w.restartedAfterS)} s`,
      );
      if (w.answer) {
        lines.push(
          `  its homework answer: ${w.answer.gradeState} after ${fmt(w.answer.endedAfterS)} s; taken over by another ` +
            `evaluation: ${w.answer.takenOver ? 'yes' : 'NO'}; judged twice: ${w.answer.judgedTwice ? 'YES' : 'no'}; ` +
            `evaluations: ${w.answer.evaluations.map((e) => `${e.id} ${e.status}`).join(', ')}`,
        );
      }
    }
  }
  if (d.restartPostgres) {
    const p = d.restartPostgres;
    lines.push(
      `drill PostgreSQL restart at ${p.startedAtS.toFixed(0)} s: command ${fmt(p.restartS)} s (exit ${p.exitCode}); ` +
        `reconnected ${JSON.stringify(p.reconnectedAfterS)}; ${p.errorsAfterRestart ?? 0} failed requests, the last ` +
        `${fmt(p.lastErrorAfterS, 2)} s after the start; tokens still valid ${p.tokensChecked - p.tokensRefused}/${p.tokensChecked}; ` +
        `stream stop across instances ${p.streamStop.ok ? 'ok' : 'FAILED'}; sign-out across ${p.signOut.ok ? 'ok' : 'FAILED'}`,
    );
  }
  if (r.crossInstance) {
    const s = r.crossInstance.streamStop;
    const o = r.crossInstance.signOut;
    lines.push(
      `cross-instance: stream on A stopped through B: ${s.ok ? 'ok' : 'FAILED'}` +
        ('endedAfterStopMs' in s
          ? ` (ended ${s.endedAfterStopMs ?? '-'} ms after the stop)`
          : ` (${s.note})`) +
        `; sign-out on A refused on B: ${o.ok ? 'ok' : 'FAILED'}` +
        ('refusedAfterMs' in o ? ` (after ${o.refusedAfterMs ?? '-'} ms)` : ` (${o.note})`),
    );
  }
  if (r.verify) for (const line of describeVerify(r.verify)) lines.push(`verify: ${line}`);
  lines.push('');
  for (const [name, t] of Object.entries(r.targets)) {
    lines.push(
      `target ${pad(name, 20)} ${pad(t.target, 10)} ${lpad(fmt(t.value), 9)}  ${t.met ? 'met' : 'NOT MET'}`,
    );
  }
  return lines;
};
