import { randomUUID } from 'node:crypto';
import {
  AI_MSG,
  type AiStreamEvent,
  type GenerateDraftBody,
  type JudgeBody,
  type JudgeResult,
} from '@uplus/shared';
import { LlmAbortedError, type LlmClient, LlmUpstreamError } from '../../ai/client';
import { draftMessages } from '../../ai/generate-draft/prompt';
import { judgeAnswer } from '../../ai/judge';
import type { Actor } from '../sessions/actor';
import { assertMayUseAiTools } from './ai.policy';
import type { AiTasks } from './ai.tasks';
import type { EventStream } from './sse';

type Log = { error: (obj: object, msg: string) => void };

/**
 * Checks before a draft stream opens: the caller may use the AI tools (403) and a model is configured
 * (503 AI服务未配置). Errors here still answer as an envelope.
 */
export const prepareDraft = async (opts: { llm: LlmClient; tasks: AiTasks; actor: Actor }) => {
  assertMayUseAiTools(opts.actor);
  opts.llm.modelFor('generate');
  // Stops from other instances can only arrive once this instance listens.
  await opts.tasks.listen();
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
  log: Log;
}) => {
  const taskId = randomUUID();
  const controller = new AbortController();
  const onGone = () => controller.abort();
  opts.stream.signal.addEventListener('abort', onGone, { once: true });
  const unregister = opts.tasks.register(taskId, opts.actor.userId, controller);
  const send = (event: AiStreamEvent['event'], answer: string) => opts.stream.send({ event, answer, taskId });
  try {
    for await (const delta of opts.llm.streamText({
      task: 'generate',
      messages: draftMessages(opts.body),
      signal: controller.signal,
    })) {
      send('message', delta);
    }
  } catch (error) {
    if (error instanceof LlmUpstreamError) {
      send('error', `${AI_MSG.generationFailed}：${error.reason}`);
    } else if (!(error instanceof LlmAbortedError)) {
      opts.log.error(
        { err: { name: (error as Error)?.name, message: (error as Error)?.message } },
        'draft failed',
      );
      send('error', AI_MSG.generationFailed);
    }
    // Stopped by its owner or the client left: the stream just ends.
  } finally {
    unregister();
    opts.stream.signal.removeEventListener('abort', onGone);
    opts.stream.end();
  }
};

/** `POST /api/course/ai/tasks/{taskId}/stop`: stops the caller's own task wherever it runs. */
export const stopTask = async (opts: { tasks: AiTasks; actor: Actor; taskId: string }) => {
  assertMayUseAiTools(opts.actor);
  await opts.tasks.stop(opts.taskId, opts.actor.userId);
};

/** `POST /api/course/ai/judge_questions`. */
export const judge = async (opts: {
  llm: LlmClient;
  actor: Actor;
  body: JudgeBody;
  signal: AbortSignal;
}): Promise<JudgeResult> => {
  assertMayUseAiTools(opts.actor);
  return judgeAnswer({ llm: opts.llm, body: opts.body, signal: opts.signal });
};
