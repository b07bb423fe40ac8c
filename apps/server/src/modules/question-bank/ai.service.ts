import { randomUUID } from 'node:crypto';
import {
  AI_MSG,
  type AiStreamEvent,
  type GenerateDraftBody,
  type JudgeBody,
  type JudgeResult,
} from '@uplus/shared';
import { DEFAULT_AI_LIMITS, type LlmConfig, type LlmTask } from '../../config/config';
import { safeError } from '../../core/logging';
import type { Db } from '../../db/client';
import { assertUnderLimit } from '../../db/rate-limit';
import { LlmAbortedError, type LlmClient, LlmUpstreamError } from '../../llm/client';
import type { AiTasks } from '../../llm/tasks';
import type { Actor } from '../sessions/actor';
import { draftMessages } from './ai/generate-draft/prompt';
import { isBlankAnswer, judgeAnswer } from './ai/judge';
import { assertMayUseAiTools } from './ai.policy';
import * as repo from './ai.repo';
import type { EventStream } from './sse';

type Log = { error: (obj: object, msg: string) => void; warn: (obj: object, msg: string) => void };

/** Texts of the per-user limits of model calls (429). */
export const AI_LIMIT_MSG = {
  tooFrequent: 'AI请求过于频繁，请稍后再试',
  tooManyStreams: '同时进行的AI出题过多，请等当前的出题结束后再试',
} as const;

/** Reasons of a failed draft beyond the model service's own. */
export const AI_DRAFT_MSG = { empty: '模型没有返回任何内容' } as const;

const MINUTE_MS = 60_000;
/** A running draft stream renews its record this often... */
export const STREAM_HEARTBEAT_MS = 20_000;
/** ...and stops counting this long after the last renewal (its instance died without ending it). */
export const STREAM_LEASE_MS = 60_000;
/** Records of calls are kept this long (the window of the per-minute limit is far shorter). */
const CALL_RETENTION_MS = 3_600_000;

/** What letting a model call through needs: the model, the records of calls, who calls and their limits. */
type ModelCallDeps = {
  llm: LlmClient;
  db: Db;
  /** Whose calls these are (the per-user limits count them). */
  actor: Pick<Actor, 'userId'>;
  limits: Pick<LlmConfig, 'callsPerMinute' | 'streamsPerUser'>;
};

/** A model call let through; `finish` ends a draft stream's record (a no-op for other calls). */
export type AdmittedCall = { finish: () => Promise<void> };

/**
 * Lets a model call through, or answers before any model request: 503 AI服务未配置 without a model, 429
 * AI请求过于频繁 beyond the user's calls per minute, 429 for a draft stream beyond the user's streams
 * running at once. The calls are recorded in the database, so the limits hold across server instances.
 */
export const admitModelCall = async (
  opts: ModelCallDeps & { kind: LlmTask; log?: Pick<Log, 'warn'> },
): Promise<AdmittedCall> => {
  opts.llm.modelFor(opts.kind);
  const userId = opts.actor.userId;
  const stream = opts.kind === 'generate';
  const lock = repo.userCallsLock(userId);
  const id = await opts.db.transaction(async (tx) => {
    await assertUnderLimit(tx, {
      lock,
      limit: opts.limits.callsPerMinute ?? DEFAULT_AI_LIMITS.callsPerMinute,
      count: () => repo.countCallsSince(tx, userId, MINUTE_MS),
      message: AI_LIMIT_MSG.tooFrequent,
    });
    if (stream) {
      await assertUnderLimit(tx, {
        lock,
        limit: opts.limits.streamsPerUser ?? DEFAULT_AI_LIMITS.streamsPerUser,
        count: () => repo.countOpenStreams(tx, userId, STREAM_LEASE_MS),
        message: AI_LIMIT_MSG.tooManyStreams,
      });
    }
    await repo.deleteCallsOlderThan(tx, userId, CALL_RETENTION_MS);
    return repo.insertCall(tx, { userId, kind: opts.kind, open: stream });
  });
  if (!stream) return { finish: async () => {} };
  const warn = (error: unknown, msg: string) => opts.log?.warn({ err: safeError(error) }, msg);
  const heartbeat = setInterval(() => {
    repo.touchCall(opts.db, id).catch((error) => warn(error, 'AI stream heartbeat failed'));
  }, STREAM_HEARTBEAT_MS);
  heartbeat.unref();
  let finished = false;
  return {
    finish: async () => {
      if (finished) return;
      finished = true;
      clearInterval(heartbeat);
      // On failure the lease runs out instead.
      await repo.finishCall(opts.db, id).catch((error) => warn(error, 'AI stream end not recorded'));
    },
  };
};

/**
 * Checks before a draft stream opens: the caller may use the AI tools (403), a model is configured
 * (503 AI服务未配置) and the user's limits allow another stream (429). Errors here still answer as an
 * envelope. The returned call must be passed to `streamDraft`, which ends it.
 */
export const prepareDraft = async (
  opts: ModelCallDeps & { actor: Actor; tasks: AiTasks; log: Log },
): Promise<AdmittedCall> => {
  assertMayUseAiTools(opts.actor);
  opts.llm.modelFor('generate');
  // Stops from other instances can only arrive once this instance listens.
  await opts.tasks.listen();
  return admitModelCall({ ...opts, kind: 'generate' });
};

/**
 * `POST /api/course/ai/generate_questions/sse`: streams the model's draft as `message` events, an `error`
 * event with the reason on failure, then ends. The task stops (and the upstream request closes) when its
 * owner stops it, on any instance, or when the client goes away.
 */
export const streamDraft = async (opts: {
  llm: LlmClient;
  tasks: AiTasks;
  actor: Actor;
  body: GenerateDraftBody;
  stream: EventStream;
  /** What `prepareDraft` let through; ended here. */
  call: AdmittedCall;
  log: Log;
}) => {
  const taskId = randomUUID();
  const controller = new AbortController();
  const onGone = () => controller.abort();
  opts.stream.signal.addEventListener('abort', onGone, { once: true });
  const unregister = opts.tasks.register(taskId, opts.actor.userId, controller);
  const send = (event: AiStreamEvent['event'], answer: string) => opts.stream.send({ event, answer, taskId });
  try {
    let empty = true;
    for await (const delta of opts.llm.streamText({
      task: 'generate',
      messages: draftMessages(opts.body),
      signal: controller.signal,
    })) {
      if (delta.trim()) empty = false;
      send('message', delta);
    }
    // Nothing (or only blanks) to structure: say so rather than end as if all went well.
    if (empty) send('error', `${AI_MSG.generationFailed}：${AI_DRAFT_MSG.empty}`);
  } catch (error) {
    if (error instanceof LlmUpstreamError) {
      send('error', `${AI_MSG.generationFailed}：${error.reason}`);
    } else if (!(error instanceof LlmAbortedError)) {
      opts.log.error({ err: safeError(error) }, 'draft failed');
      send('error', AI_MSG.generationFailed);
    }
    // Stopped by its owner or the client left: the stream just ends.
  } finally {
    unregister();
    opts.stream.signal.removeEventListener('abort', onGone);
    // Before the end: a client that starts the next draft when this one ends finds its place free.
    await opts.call.finish();
    opts.stream.end();
  }
};

/** `POST /api/course/ai/tasks/{taskId}/stop`: stops the caller's own task wherever it runs. */
export const stopTask = async (opts: { tasks: AiTasks; actor: Actor; taskId: string }) => {
  assertMayUseAiTools(opts.actor);
  await opts.tasks.stop(opts.taskId, opts.actor.userId);
};

/**
 * `POST /api/course/ai/judge_questions`. A blank answer is scored without the model, so it does not count
 * against the user's calls per minute.
 */
export const judge = async (
  opts: ModelCallDeps & { actor: Actor; body: JudgeBody; signal: AbortSignal; log?: Pick<Log, 'warn'> },
): Promise<JudgeResult> => {
  assertMayUseAiTools(opts.actor);
  return judgeOnBehalf(opts);
};

/**
 * The judge for a background task on behalf of `actor` (issue 11: a homework's AI-judge run, whose teacher
 * was checked when they started it): the same model call, per-user limit (429 AI请求过于频繁) and records as
 * `judge`, without a request's role check.
 */
export const judgeOnBehalf = async (
  opts: ModelCallDeps & { body: JudgeBody; signal?: AbortSignal; log?: Pick<Log, 'warn'> },
): Promise<JudgeResult> => {
  if (!isBlankAnswer(opts.body.studentAnswer)) await admitModelCall({ ...opts, kind: 'judge' });
  return judgeAnswer({ llm: opts.llm, body: opts.body, signal: opts.signal, log: opts.log });
};
