import {
  ANSWER_SCENES,
  ASSISTANT_LIMITS,
  ASSISTANT_MSG,
  type AssistantScene,
  type ChatEvent,
  type ChatType,
  type Citation,
  isDiagramChatType,
  type MessageStatus,
  type TeacherTask,
} from '@uplus/shared';
import { safeError } from '../../core/logging';
import type { Db } from '../../db/client';
import type { NotificationBus } from '../../db/notify';
import { LlmAbortedError, type LlmClient, LlmUpstreamError } from '../../llm/client';
import { type AiTasks, createAiTasks } from '../../llm/tasks';
import type { EventStream } from '../question-bank/sse';
import type { Actor } from '../sessions/actor';
import type { ReadFile } from './assistant-files.service';
import * as repo from './assistants.repo';
import { type Fact, guardQuestionsOf, mentorFacts, teacherFacts } from './facts.service';
import { retrievePassages } from './knowledge.service';
import { checkDiagram } from './prompts/diagram';
import { GUARD_REPLY, type GuardQuestion, leaksAnswer } from './prompts/guard';
import { buildChatMessages, type PromptPassage } from './prompts/index';

/*
 * The answers of the assistants (issue 16 part 2): each is written by a task on the server that is not
 * tied to the request that asked. It streams the model's text into the message row (flushed every
 * FLUSH_MS with a heartbeat) and NOTIFYs `uplus_assistant_progress`, so any instance can follow it: the
 * asking request and rejoining pages on this instance follow it in memory, others re-read the row on each
 * notification (and once a second in case one is missed). A stop reaches the task wherever it runs
 * through the stop signal of llm/tasks.ts; an answer whose heartbeat stopped (its instance died) reads as
 * Failed 回答中断，请重新提问.
 */

/** Channel of progress notifications (`{"messageId": n}`) between instances. */
export const PROGRESS_CHANNEL = 'uplus_assistant_progress';
/** A running answer writes its text this often (when it grew)... */
export const FLUSH_MS = 250;
/** ...and renews its heartbeat at least this often (when it did not). */
export const HEARTBEAT_MS = 5_000;
/** A streaming answer without a heartbeat for this long is interrupted (its instance died). */
export const STALE_MS = 30_000;
/** Followers on other instances re-read the row this often even without a notification. */
export const POLL_MS = 1_000;

/** Reasons of a failed answer beyond the model service's own (shown as they are). */
export const ANSWER_MSG = {
  failed: 'AI回答失败，请稍后重试',
  empty: '模型没有返回任何内容',
} as const;

/** Everything a task needs to answer one question (what the request checked and read). */
export type AnswerJob = {
  messageId: number;
  userMessageId: number;
  /** the question opened the conversation: no history to read */
  newConversation: boolean;
  conversationId: number;
  taskId: string;
  actor: Actor;
  scene: AssistantScene;
  chatType: ChatType;
  teacherTask: TeacherTask | null;
  courseId: number | null;
  homeworkId: number | undefined;
  courseName: string | null;
  query: string;
  files: ReadFile[];
  /** the knowledge base is on (and allowed in this scene) */
  knowledge: boolean;
  /** the career mentor may read the student's resume, intention and deliveries */
  mentorConsent: boolean;
  /** CONTENT_SCENES: the catalogue item's facts, read when the question was checked */
  contentFacts: Fact[];
  /** ANSWER_SCENES: the homework's questions, read when the question was checked (a bad homework is refused then) */
  guardQuestions?: GuardQuestion[] | null;
  /** when the request arrived (time to first token) */
  requestAt: number;
};

type Final = {
  status: Exclude<MessageStatus, 'Streaming'>;
  content: string;
  diagram: string | null;
  error: string | null;
};

type LiveEvent = { type: 'citations' } | { type: 'text' } | { type: 'done' };

/** A running answer of this instance, as its followers here see it. */
type LiveAnswer = {
  /** the text followers may see (in guard scenes: only text the guard has checked) */
  content: string;
  /** null: knowledge base off (or not retrieved yet) */
  citations: Citation[] | null;
  final: Final | null;
  listeners: Set<(event: LiveEvent) => void>;
};

type Log = {
  info: (obj: object, msg: string) => void;
  warn: (obj: object, msg: string) => void;
  error: (obj: object, msg: string) => void;
};

export type AssistantRunner = {
  /** Starts listening for stops from other instances (once). Call before `start`. */
  listen: () => Promise<void>;
  /** Starts answering; the task runs on without the request. */
  start: (job: AnswerJob) => void;
  /** Whether this instance writes the answer now. */
  isLocal: (messageId: number) => boolean;
  /** Stops the user's answer wherever it runs. */
  stop: (taskId: string, userId: number) => Promise<void>;
  /**
   * Sends the answer's events on `stream`: its text from `offset` as one `message` (when there is any),
   * the following text as `message` deltas, then `done`. Resolves at the end or when the client leaves.
   * With `citations`, the retrieved passages go out as a `citations` event before any text.
   */
  follow: (opts: {
    messageId: number;
    offset: number;
    stream: EventStream;
    citations: boolean;
  }) => Promise<void>;
  /** Resolves once the answer has ended (or after `timeoutMs`). */
  settled: (messageId: number, timeoutMs: number) => Promise<void>;
  /** Aborts every running answer (they end as interrupted) and ends every follower. */
  close: () => Promise<void>;
};

const passageExcerpt = (text: string) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 120 ? `${flat.slice(0, 120)}…` : flat;
};

/** What a follower sends for the answer's new text: the delta, or the whole text when it was replaced. */
const diffOf = (known: string, content: string): ChatEvent | null => {
  if (content.startsWith(known)) {
    if (content.length === known.length) return null;
    return { event: 'message', answer: content.slice(known.length), offset: content.length };
  }
  return { event: 'message', answer: content, offset: content.length, replace: true };
};

/**
 * What one follower sends of the answer's text. The client holds the first `offset` characters; until the
 * text reaches them (a row flushed behind what the client saw) nothing is sent.
 */
export const createTextSender = (offset: number, send: (event: ChatEvent) => void) => {
  let known: string | null = offset === 0 ? '' : null;
  return (content: string, final: boolean) => {
    if (known === null) {
      if (content.length >= offset) {
        known = content.slice(0, offset);
      } else {
        if (!final) return;
        // ended shorter than what the client holds (the guard replaced it): the whole text replaces it
        send({ event: 'message', answer: content, offset: content.length, replace: true });
        known = content;
        return;
      }
    }
    const event = diffOf(known, content);
    if (!event) return;
    known = content;
    send(event);
  };
};

const isFinal = (status: string): status is Final['status'] => status !== 'Streaming';

export const createAssistantRunner = (deps: {
  db: Db;
  llm: LlmClient;
  bus: NotificationBus;
  log: Log;
  now: () => Date;
}): AssistantRunner => {
  const { db, bus, log } = deps;
  const tasks: AiTasks = createAiTasks({ bus });
  const live = new Map<number, LiveAnswer>();
  const running = new Set<Promise<void>>();
  const followers = new Set<() => void>();
  let closing = false;

  // Progress notifications: one subscription for the instance, handed to the followers of a message.
  const watchers = new Map<number, Set<() => void>>();
  let subscription: Promise<() => Promise<void>> | null = null;
  const onProgress = (payload: string) => {
    try {
      const { messageId } = JSON.parse(payload) as { messageId?: unknown };
      if (typeof messageId !== 'number') return;
      for (const wake of watchers.get(messageId) ?? []) wake();
    } catch {
      // not ours
    }
  };
  const watch = async (messageId: number, wake: () => void) => {
    let set = watchers.get(messageId);
    if (!set) {
      set = new Set();
      watchers.set(messageId, set);
    }
    set.add(wake);
    subscription ??= bus.subscribe(PROGRESS_CHANNEL, onProgress).catch((error) => {
      subscription = null;
      throw error;
    });
    await subscription.catch((error) =>
      log.warn({ err: safeError(error) }, 'assistant progress: not listening (polling only)'),
    );
    return () => {
      set.delete(wake);
      if (set.size === 0) watchers.delete(messageId);
    };
  };
  const publish = (messageId: number) =>
    bus
      .publish(PROGRESS_CHANNEL, JSON.stringify({ messageId }))
      .catch((error) => log.warn({ err: safeError(error) }, 'assistant progress not notified'));

  const emit = (answer: LiveAnswer, event: LiveEvent) => {
    for (const listener of answer.listeners) listener(event);
  };

  /** The sources the prompt is built from; a failing source (but the guard) is left out and logged. */
  const prepare = async (job: AnswerJob) => {
    const soft = async <T>(what: string, fallback: T, read: () => Promise<T>): Promise<T> => {
      try {
        return await read();
      } catch (error) {
        log.warn({ err: safeError(error), messageId: job.messageId, what }, 'assistant source failed');
        return fallback;
      }
    };
    const guarded = ANSWER_SCENES.includes(job.scene);
    const [history, passages, facts, guardQuestions] = await Promise.all([
      job.newConversation
        ? Promise.resolve([])
        : repo.historyOf(db, job.conversationId, job.userMessageId, ASSISTANT_LIMITS.historyTurns * 2),
      job.knowledge && job.courseId
        ? soft('knowledge', [], () =>
            retrievePassages({
              db,
              courseId: job.courseId as number,
              query: job.query,
              limit: ASSISTANT_LIMITS.citedPassages,
            }),
          )
        : Promise.resolve(null),
      job.scene === 'CareerMentorQA'
        ? job.mentorConsent
          ? soft('mentor', [], () => mentorFacts({ db, actor: job.actor }))
          : Promise.resolve([])
        : job.scene === 'TeacherQA' && job.teacherTask && job.courseId
          ? soft('teacher', [], () =>
              teacherFacts({ db, actor: job.actor, courseId: job.courseId as number, task: job.teacherTask }),
            )
          : Promise.resolve(job.contentFacts),
      // the guard fails closed: no answer when the homework's questions cannot be read
      job.guardQuestions !== undefined
        ? Promise.resolve(job.guardQuestions)
        : guarded && job.courseId
          ? guardQuestionsOf({ db, actor: job.actor, courseId: job.courseId, homeworkId: job.homeworkId })
          : Promise.resolve(null),
    ]);
    return { history, passages, facts, guardQuestions };
  };

  const run = async (job: AnswerJob, answer: LiveAnswer, stopper: AbortController) => {
    const model = new AbortController();
    let reason: 'stop' | 'guard' | 'shutdown' | null = null;
    stopper.signal.addEventListener(
      'abort',
      () => {
        reason ??= closing ? 'shutdown' : 'stop';
        model.abort();
      },
      { once: true },
    );
    let text = '';
    let firstTokenAt: Date | null = null;
    let modelAt = 0;
    let written = '';
    let wroteAt = Date.now();
    let flushing: Promise<void> | null = null;
    let guardQuestions: GuardQuestion[] | null = null;
    let citations: Citation[] = [];

    /** Checks the text against the guard; false (and the model stopped) when it gives an answer away. */
    const passesGuard = () => {
      if (reason === 'guard') return false;
      if (!guardQuestions || !leaksAnswer(text, guardQuestions)) return true;
      reason = 'guard';
      model.abort();
      return false;
    };
    const expose = (content: string) => {
      if (content === answer.content) return;
      answer.content = content;
      emit(answer, { type: 'text' });
    };
    const flush = async () => {
      if (guardQuestions && text !== written && !passesGuard()) return;
      if (guardQuestions) expose(text);
      const grew = text !== written;
      if (!grew && Date.now() - wroteAt < HEARTBEAT_MS) return;
      const content = text;
      await repo.writeProgress(db, job.messageId, {
        ...(grew ? { content } : {}),
        ...(firstTokenAt ? { firstTokenAt } : {}),
      });
      written = content;
      wroteAt = Date.now();
      if (grew) await publish(job.messageId);
    };
    const timer = setInterval(() => {
      if (flushing) return;
      flushing = flush()
        .catch((error) => log.warn({ err: safeError(error), messageId: job.messageId }, 'answer not flushed'))
        .finally(() => {
          flushing = null;
        });
    }, FLUSH_MS);

    let final: Final;
    try {
      const sources = await prepare(job);
      // no questions to protect (no homework named): nothing to hold back
      guardQuestions = sources.guardQuestions?.length ? sources.guardQuestions : null;
      if (sources.passages) {
        citations = sources.passages.map((p, i) => ({
          n: i + 1,
          passageId: p.passageId,
          materialId: p.materialId,
          materialTitle: p.materialTitle,
          heading: p.heading,
          excerpt: passageExcerpt(p.text),
        }));
        answer.citations = citations;
        emit(answer, { type: 'citations' });
        // not awaited: the model is asked at once (a page that reloads reads them from the row)
        void repo
          .writeProgress(db, job.messageId, { citations })
          .catch((error) =>
            log.warn({ err: safeError(error), messageId: job.messageId }, 'citations not saved'),
          );
      }
      const passages: PromptPassage[] | null = sources.passages
        ? sources.passages.map((p, i) => ({
            n: i + 1,
            materialTitle: p.materialTitle,
            heading: p.heading,
            text: p.text,
          }))
        : null;
      const messages = buildChatMessages({
        scene: job.scene,
        chatType: job.chatType,
        teacherTask: job.teacherTask,
        courseName: job.courseName,
        history: sources.history
          .filter((h) => h.content.trim())
          .map((h) => ({ role: h.role === 'assistant' ? 'assistant' : 'user', content: h.content })),
        query: job.query,
        // an unreadable file is named with no text (the prompt says so), so the model does not ignore it
        files: job.files.map((f) => ({
          name: f.name,
          text: f.status === 'Ready' ? f.text.slice(0, ASSISTANT_LIMITS.fileChars) : '',
        })),
        passages,
        facts: sources.facts,
        guardQuestions: sources.guardQuestions ? sources.guardQuestions.map((q) => q.title) : null,
      });
      if (reason) throw new LlmAbortedError();
      modelAt = Date.now();
      for await (const delta of deps.llm.streamText({ task: 'assistant', messages, signal: model.signal })) {
        if (reason) break;
        firstTokenAt ??= deps.now();
        text += delta;
        if (!guardQuestions) expose(text);
      }
      if (reason) throw new LlmAbortedError();
      if (!passesGuard()) throw new LlmAbortedError();
      if (!text.trim()) {
        final = { status: 'Failed', content: text, diagram: null, error: ANSWER_MSG.empty };
      } else if (isDiagramChatType(job.chatType)) {
        const check = checkDiagram(job.chatType, text);
        final = {
          status: 'Done',
          content: text,
          diagram: check.diagram,
          error: check.diagram ? null : check.error,
        };
      } else {
        final = { status: 'Done', content: text, diagram: null, error: null };
      }
    } catch (error) {
      if (reason === 'guard') {
        final = { status: 'Done', content: GUARD_REPLY, diagram: null, error: null };
      } else if (reason === 'stop') {
        final = { status: 'Stopped', content: text, diagram: null, error: ASSISTANT_MSG.stopped };
      } else if (reason === 'shutdown') {
        final = { status: 'Failed', content: text, diagram: null, error: ASSISTANT_MSG.interrupted };
      } else if (error instanceof LlmUpstreamError) {
        final = { status: 'Failed', content: text, diagram: null, error: error.reason };
      } else {
        log.error({ err: safeError(error), messageId: job.messageId }, 'assistant answer failed');
        final = { status: 'Failed', content: text, diagram: null, error: ANSWER_MSG.failed };
      }
    }
    clearInterval(timer);
    await (flushing as Promise<void> | null);
    // In a guard scene, text the guard has not seen is never shown: a stopped answer keeps what it checked.
    if (guardQuestions && final.status !== 'Done') final = { ...final, content: answer.content };
    try {
      await repo.finishAnswer(db, job.messageId, { ...final, citations, firstTokenAt });
      await repo.touchConversation(db, job.conversationId);
    } catch (error) {
      // The heartbeat stops: readers see the answer as interrupted after STALE_MS.
      log.error({ err: safeError(error), messageId: job.messageId }, 'assistant answer not saved');
    }
    await publish(job.messageId);
    answer.final = final;
    emit(answer, { type: 'done' });
    // Times only (no text): what our server adds before the model is asked, and the model's first token.
    log.info(
      {
        messageId: job.messageId,
        chatType: job.chatType,
        status: final.status,
        prepareMs: modelAt ? modelAt - job.requestAt : null,
        firstTokenMs: firstTokenAt ? firstTokenAt.getTime() - job.requestAt : null,
        totalMs: Date.now() - job.requestAt,
        chars: final.content.length,
      },
      'assistant answer',
    );
  };

  /** Follows an answer of this instance in memory. */
  const followLocal = (
    answer: LiveAnswer,
    opts: { offset: number; stream: EventStream; citations: boolean },
  ) =>
    new Promise<void>((resolve) => {
      const { stream } = opts;
      const sendText = createTextSender(opts.offset, stream.send);
      let citationsSent = false;
      let ended = false;
      const end = () => {
        if (ended) return;
        ended = true;
        answer.listeners.delete(onEvent);
        followers.delete(end);
        stream.signal.removeEventListener('abort', end);
        stream.end();
        resolve();
      };
      const sendCitations = () => {
        if (!opts.citations || citationsSent || answer.citations === null) return;
        citationsSent = true;
        stream.send({ event: 'citations', citations: answer.citations });
      };
      function onEvent(event: LiveEvent) {
        if (event.type === 'citations') sendCitations();
        else if (event.type === 'text') sendText(answer.content, false);
        else if (answer.final) {
          sendText(answer.final.content, true);
          const { status, diagram, error } = answer.final;
          stream.send({ event: 'done', status, diagram, error });
          end();
        }
      }
      answer.listeners.add(onEvent);
      followers.add(end);
      stream.signal.addEventListener('abort', end, { once: true });
      sendCitations();
      if (answer.final) onEvent({ type: 'done' });
      else sendText(answer.content, false);
    });

  /** Follows an answer from its row: on each progress notification, and once a second. */
  const followRow = async (opts: { messageId: number; offset: number; stream: EventStream }) => {
    const { stream } = opts;
    const read = async () => {
      await repo.failStaleAnswers(
        db,
        { messageId: opts.messageId },
        { staleMs: STALE_MS, error: ASSISTANT_MSG.interrupted },
      );
      return (await repo.findMessage(db, opts.messageId))?.message ?? null;
    };
    const first = await read();
    if (!first) {
      stream.end();
      return;
    }
    const sendText = createTextSender(opts.offset, stream.send);
    let ended = false;
    await new Promise<void>((resolve) => {
      let unwatch: (() => void) | null = null;
      let timer: NodeJS.Timeout | null = null;
      let reading = false;
      let again = false;
      const end = () => {
        if (ended) return;
        ended = true;
        if (timer) clearInterval(timer);
        unwatch?.();
        followers.delete(end);
        stream.signal.removeEventListener('abort', end);
        stream.end();
        resolve();
      };
      const show = (row: repo.MessageRow) => {
        sendText(row.content, isFinal(row.status));
        if (isFinal(row.status)) {
          stream.send({ event: 'done', status: row.status, diagram: row.diagram, error: row.error });
          end();
        }
      };
      const wake = () => {
        if (ended) return;
        if (reading) {
          again = true;
          return;
        }
        reading = true;
        read()
          .then((row) => (row ? show(row) : end()))
          .catch((error) =>
            log.warn({ err: safeError(error), messageId: opts.messageId }, 'rejoin read failed'),
          )
          .finally(() => {
            reading = false;
            if (again) {
              again = false;
              wake();
            }
          });
      };
      followers.add(end);
      stream.signal.addEventListener('abort', end, { once: true });
      show(first);
      if (ended) return;
      timer = setInterval(wake, POLL_MS);
      void watch(opts.messageId, wake).then((stop) => {
        if (ended) stop();
        else unwatch = stop;
      });
      // what changed while the subscription was being made
      wake();
    });
  };

  return {
    listen: () => tasks.listen(),
    start: (job) => {
      const answer: LiveAnswer = { content: '', citations: null, final: null, listeners: new Set() };
      const stopper = new AbortController();
      const unregister = tasks.register(job.taskId, job.actor.userId, stopper);
      live.set(job.messageId, answer);
      const task = run(job, answer, stopper)
        .catch((error) =>
          log.error({ err: safeError(error), messageId: job.messageId }, 'assistant task failed'),
        )
        .finally(() => {
          unregister();
          live.delete(job.messageId);
          running.delete(task);
        });
      running.add(task);
    },
    isLocal: (messageId) => live.has(messageId),
    stop: (taskId, userId) => tasks.stop(taskId, userId),
    follow: async (opts) => {
      if (closing) {
        opts.stream.end();
        return;
      }
      const answer = live.get(opts.messageId);
      if (answer) return followLocal(answer, opts);
      return followRow(opts);
    },
    settled: async (messageId, timeoutMs) => {
      const answer = live.get(messageId);
      if (!answer || answer.final) return;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(done, timeoutMs);
        function done() {
          clearTimeout(timer);
          answer?.listeners.delete(onEvent);
          resolve();
        }
        function onEvent(event: LiveEvent) {
          if (event.type === 'done') done();
        }
        answer.listeners.add(onEvent);
      });
    },
    close: async () => {
      closing = true;
      await tasks.close();
      await Promise.allSettled([...running]);
      for (const end of [...followers]) end();
      const unsubscribe = await subscription?.catch(() => null);
      subscription = null;
      watchers.clear();
      await unsubscribe?.();
    },
  };
};
