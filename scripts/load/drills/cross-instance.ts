import type { AckLog } from '../lib/acklog';
import { tokenHash } from '../lib/acklog';
import { HttpClient } from '../lib/http';
import { PASSWORD } from '../scenarios/context';
import { LOAD_AI } from '../scenarios/markers';
import { sleep } from './probes';

/*
 * Two checks straight against two instances (not the proxy), which only hold when the instances tell each
 * other over PostgreSQL LISTEN/NOTIFY: a question-generator stream held by instance A stopped through
 * instance B, and a sign-out on A refused on B within 1 s (decision 0006: the session cache).
 */

const signInAt = async (client: HttpClient, base: string, username: string): Promise<string> => {
  const answer = await client.call<{ ticket?: string }>({
    method: 'POST',
    path: '/idp/api/login',
    base,
    body: { username, password: PASSWORD },
    cls: 'signin',
  });
  if (!answer.ok || !answer.data?.ticket)
    throw new Error(`sign-in of ${username} at ${base}: ${answer.error}`);
  return answer.data.ticket;
};

export type StreamStopResult = {
  ok: boolean;
  a: string;
  b: string;
  /** ms from the stop call (sent to B) to the end of the stream on A */
  endedAfterStopMs: number | null;
  /** the stream's length without a stop: about 8 s for the slow answer */
  streamMs: number | null;
  eventsBeforeStop: number;
  eventsAfterStop: number;
  /** the stream reached its last chunk (not stopped) */
  ranToEnd: boolean;
  stopStatus: number | null;
  note?: string;
};

/** A teacher's draft streams from A; after the first event its task is stopped through B. */
export const streamStopAcross = async (opts: {
  a: string;
  b: string;
  teacher: string;
}): Promise<StreamStopResult> => {
  const client = new HttpClient(opts.a, null);
  const token = await signInAt(client, opts.a, opts.teacher);
  let stopAt: number | null = null;
  let stopStatus: number | null = null;
  let before = 0;
  let after = 0;
  let stopping: Promise<void> | null = null;
  const started = Date.now();
  const stream = await client.sse({
    method: 'POST',
    path: '/api/course/ai/generate_questions/sse',
    base: opts.a,
    token,
    body: {
      query: LOAD_AI.slowStream,
      questionType: 1,
      questionNum: 1,
      source: 'library',
      questionLength: 1000,
    },
    onEvent: (event) => {
      if (stopAt === null) before++;
      else after++;
      if (stopAt !== null || !event.taskId || before < 2) return;
      stopAt = Date.now();
      stopping = client
        .call({
          method: 'POST',
          path: `/api/course/ai/tasks/${event.taskId}/stop`,
          base: opts.b,
          token,
          cls: 'write',
          body: { appType: 'generate-questions-sse' },
        })
        .then((r) => {
          stopStatus = r.status;
        });
    },
  });
  await stopping;
  const ended = Date.now();
  const text = stream.events.map((e) => e.answer ?? '').join('');
  const ranToEnd = text.includes('E2E-回答结束');
  const result: StreamStopResult = {
    ok: false,
    a: opts.a,
    b: opts.b,
    endedAfterStopMs: stopAt === null ? null : ended - stopAt,
    streamMs: ended - started,
    eventsBeforeStop: before,
    eventsAfterStop: after,
    ranToEnd,
    stopStatus,
  };
  if (stopAt === null) {
    result.note = `the stream ended after ${before} events before it could be stopped (${stream.error ?? 'no error'}); the model's answer is too short to hold`;
    return result;
  }
  result.ok = stopStatus === 200 && !ranToEnd && (result.endedAfterStopMs ?? Number.POSITIVE_INFINITY) < 2000;
  return result;
};

export type SignOutResult = {
  ok: boolean;
  a: string;
  b: string;
  /** ms from the sign-out's answer on A to the first 401 on B */
  refusedAfterMs: number | null;
  /** B answered the token (cached) before the sign-out */
  cachedOnB: boolean;
  signOutStatus: number;
};

/**
 * A student signs in, B resolves the token (so B's session cache holds it), the student signs out on A,
 * then B is asked every 10 ms until it refuses the token: the delay must stay under 1 s.
 */
export const signOutAcross = async (opts: {
  a: string;
  b: string;
  username: string;
  acks?: AckLog;
  limitMs?: number;
}): Promise<SignOutResult> => {
  const client = new HttpClient(opts.a, null);
  const token = await signInAt(client, opts.a, opts.username);
  const onB = () =>
    client.call({
      method: 'GET',
      path: '/api/portal/users/basic_info',
      base: opts.b,
      token,
      cls: 'read',
      expect: [401],
    });
  const warm = await onB();
  await onB();
  const startedAt = Date.now();
  const out = await client.call({
    method: 'POST',
    path: '/api/base/logout',
    base: opts.a,
    token,
    cls: 'write',
  });
  const signedOut = Date.now();
  opts.acks?.add({
    ref: { kind: 'signout', tokenHash: tokenHash(token) },
    value: 'revoked',
    startedAt,
    endedAt: signedOut,
    ack: out.ok,
    status: out.status,
  });
  let refusedAfterMs: number | null = null;
  while (Date.now() - signedOut < 5000) {
    const answer = await onB();
    if (answer.status === 401) {
      refusedAfterMs = Date.now() - signedOut;
      break;
    }
    await sleep(10);
  }
  return {
    ok: out.ok && refusedAfterMs !== null && refusedAfterMs <= (opts.limitMs ?? 1000),
    a: opts.a,
    b: opts.b,
    refusedAfterMs,
    cachedOnB: warm.status === 200,
    signOutStatus: out.status,
  };
};
