import type { AckLog, WriteRef } from '../lib/acklog';
import { tokenHash } from '../lib/acklog';
import type { Answer, Call, HttpClient } from '../lib/http';
import { thinkTime } from '../lib/mix';
import type { GradingObserver } from './grading-observer';
import type { HomeworkPool } from './setup';

/** Password of the demo and the generated users (README; issue 17's scale data). */
export const PASSWORD = 'Uplus@2026';

/** What every virtual user shares. */
export type LoadContext = {
  /** through the proxy */
  http: HttpClient;
  acks: AckLog;
  pool: HomeworkPool;
  grading: GradingObserver;
  /** user names of teacher accounts (one per teacher user where the data has enough) */
  teachers: string[];
  /** epoch ms after which no new step starts */
  endAt: number;
  thinkMinMs: number;
  thinkMaxMs: number;
  /** live access tokens (PostgreSQL drill: they must stay valid across the restart) */
  liveTokens: Map<string, string>;
  /** notable counts for the report (pool empty, rate limits ...) */
  counts: Record<string, number>;
  /** unique per run: in markers, so that verify finds this run's writes */
  runId: string;
};

/** One virtual user's view: the shared context plus its own random numbers and number. */
export type Vu = LoadContext & {
  id: number;
  /** its place among the users of its role (0, 1, 2 ...): a teacher user's account is teachers[roleIndex] */
  roleIndex: number;
  random: () => number;
};

/** The teacher account this user plays: its own where the data has one per teacher user. */
export const teacherAccount = (vu: Vu) => vu.teachers[vu.roleIndex % vu.teachers.length]!;

export const count = (ctx: LoadContext, what: string, by = 1) => {
  ctx.counts[what] = (ctx.counts[what] ?? 0) + by;
};

export const over = (vu: Vu) => Date.now() >= vu.endAt;

/** Waits a think time (1-3 s by default), shorter when the run ends sooner. */
export const think = async (vu: Vu, scale = 1) => {
  const ms = thinkTime(vu.random, vu.thinkMinMs * scale, vu.thinkMaxMs * scale);
  const left = vu.endAt - Date.now();
  await new Promise((r) => setTimeout(r, Math.max(0, Math.min(ms, left))));
};

let markerSeq = 0;
/** A marker unique in this run, put into every written value so that verify can tell it apart. */
export const marker = (vu: Vu, what: string) => `LD-${vu.runId}-${what}-${vu.id}-${++markerSeq}`;

/** A write: sent, and logged with what the database must hold if the server acknowledged it. */
export const write = async <T>(vu: Vu, call: Call, ref: WriteRef, value: string): Promise<Answer<T>> => {
  const startedAt = Date.now();
  const answer = await vu.http.call<T>(call);
  vu.acks.add({ ref, value, startedAt, endedAt: Date.now(), ack: answer.ok, status: answer.status });
  return answer;
};

/** Signs in through the identity provider's API (as bench/api.ts does); null when refused. */
export const signIn = async (vu: Vu, username: string): Promise<string | null> => {
  const answer = await vu.http.call<{ ticket?: string }>({
    method: 'POST',
    path: '/idp/api/login',
    body: { username, password: PASSWORD },
    cls: 'signin',
  });
  const token = answer.ok ? (answer.data?.ticket ?? null) : null;
  if (token) vu.liveTokens.set(token, username);
  return token;
};

/** Signs out (the workbench menu's 退出登录): the token must be refused afterwards. */
export const signOut = async (vu: Vu, token: string) => {
  vu.liveTokens.delete(token);
  await write(
    vu,
    { method: 'POST', path: '/api/base/logout', token, cls: 'write' },
    { kind: 'signout', tokenHash: tokenHash(token) },
    'revoked',
  );
};

/** What the web app loads before its first page: the app config and the college pairs. */
export const loadSite = async (vu: Vu) => {
  const config = await vu.http.call<{ code?: string }>({
    method: 'GET',
    path: `/get_appconfig?t=${Date.now()}`,
    cls: 'read',
  });
  await vu.http.call({
    method: 'GET',
    path: `/api/base/config/college?param=${encodeURIComponent(config.data?.code || 'uplus')}`,
    cls: 'read',
  });
};

/**
 * The signed-in shell, as the workbench loads it on entry: who the user is, the session's organisation,
 * permissions and modules, the bell and the message counts, the member profile.
 */
export const enterWorkbench = async (vu: Vu, token: string, student: boolean) => {
  await loadSite(vu);
  const get = (path: string) => vu.http.call({ method: 'GET', path, token, cls: 'read' });
  const info = await get('/api/portal/users/basic_info');
  await get('/api/base/session/refresh_token');
  await get('/api/base/organ/permissions');
  if (student) {
    await get('/api/base/organ/modules?parameter=MY');
    await vu.http.call({ method: 'POST', path: '/api/qmn/c/counts', token, cls: 'read' });
    await get('/api/qmn/notices/smallBell?genre=Course&pageNumber=1&pageSize=10');
    await get('/api/ourea/members/basic/info');
  }
  return info.data as { userid?: string } | undefined;
};
