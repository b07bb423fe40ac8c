import { randomUUID } from 'node:crypto';
import {
  ANSWER_SCENES,
  ASSISTANT_LIMITS,
  ASSISTANT_MSG,
  type AssistantContext,
  type AssistantContextQuery,
  type AssistantMessage,
  type AssistantScene,
  CHAT_TYPE_INFO,
  CHAT_TYPES,
  type ChatBody,
  type ChatEvent,
  type ChatType,
  CONVERSATION_TITLE_MAX,
  type Conversation,
  type CourseUsage,
  knowledgeToggleVisible,
  type MentorConsent,
  type MessageFile,
  STUDENT_SCENES,
} from '@uplus/shared';
import type { AssistantConfig } from '../../config/config';
import { AppError } from '../../core/errors';
import type { Db } from '../../db/client';
import { lockForTransaction } from '../../db/rate-limit';
import type { LlmClient } from '../../llm/client';
import { courseRoleOf } from '../courses/courses.service';
import { getOrganisationPermissions } from '../organisations/organisations.service';
import type { Actor } from '../sessions/actor';
import { readAssistantFiles } from './assistant-files.service';
import {
  type AssistantPerms,
  assertChatAllowed,
  assertCourseTeacher,
  assertSceneAccess,
  assertStudent,
  isContentScene,
  isCourseScene,
  permsOf,
} from './assistants.policy';
import * as repo from './assistants.repo';
import { type AssistantRunner, STALE_MS } from './chat-runner';
import { contentFacts, type Fact, guardQuestionsOf } from './facts.service';
import { hasKnowledge } from './knowledge.service';

/*
 * The rules of the assistants (issue 16): the permission context, conversations and messages (the
 * asking user's own), admitting a question (quotas, one answer per conversation at a time) and handing it
 * to the runner, stopping and rejoining answers, the course's usage figures and the mentor's consent.
 */

/** Quotas and policy when the configuration names none (tests). */
export const DEFAULT_ASSISTANT_CONFIG: AssistantConfig = {
  userDaily: ASSISTANT_LIMITS.userDaily,
  courseDaily: ASSISTANT_LIMITS.courseDaily,
  teacherReadsConversations: false,
};

const DAY_MS = 24 * 3_600_000;
/** The day of `at` in China time (UTC+8): quotas and figures count per such day. */
export const chinaDay = (at: Date) => new Date(at.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);

/** A conversation's title from its first question: one line, at most CONVERSATION_TITLE_MAX characters. */
export const titleOf = (query: string) =>
  Array.from(query.replace(/\s+/g, ' ').trim()).slice(0, CONVERSATION_TITLE_MAX).join('');

const pageOf = (q: { pageNumber: number; pageSize: number }) => ({
  offset: (q.pageNumber - 1) * q.pageSize,
  limit: q.pageSize,
});

// Permission context ---------------------------------------------------------------------------------

/** A scene as the asking user may use it: its course or catalogue item, their roles, the permissions. */
type SceneAccess = {
  scene: AssistantScene;
  courseId: number | null;
  contentId: number | null;
  courseName: string | null;
  perms: AssistantPerms;
  isStudent: boolean;
  isTeacher: boolean;
  /** CONTENT_SCENES: the catalogue item's text for the model */
  contentFacts: Fact[];
};

/**
 * Checks the scene for the actor, in the order a person meets the problems: 400 请在课程中使用AI助手 /
 * 请在实验、实训或课件页面中使用AI助手 without the scene's course or item; 403 当前机构未开通AI助手 without the
 * organisation's qabot = 2 (the career mentor: 暂无权限); 403 你不是该课程的成员 outside the course, 暂无权限
 * in the wrong role; 404 内容不存在或未发布 for an item that is not published.
 */
const resolveScene = async (opts: {
  db: Db;
  actor: Actor;
  scene: AssistantScene;
  courseId?: number | null;
  contentId?: number | null;
}): Promise<SceneAccess> => {
  const { db, actor, scene } = opts;
  const courseScene = isCourseScene(scene);
  const contentScene = isContentScene(scene);
  if (courseScene && !opts.courseId) throw AppError.badRequest(ASSISTANT_MSG.courseRequired);
  if (contentScene && !opts.contentId) throw AppError.badRequest(ASSISTANT_MSG.contentRequired);
  const [values, place] = await Promise.all([
    actor.membership ? getOrganisationPermissions({ db, actor, collegeId: undefined }) : {},
    courseScene ? courseRoleOf({ db, actor, courseId: opts.courseId as number }) : null,
  ]);
  const perms = permsOf(values);
  const roles = assertSceneAccess({ scene, actor, perms, courseRole: place?.role ?? null });
  let courseName = place?.course.name ?? null;
  let facts: Fact[] = [];
  if (contentScene) {
    const content = await contentFacts({ db, contentId: opts.contentId as number });
    if (!content) throw AppError.notFound(ASSISTANT_MSG.contentNotFound);
    courseName = content.title;
    facts = content.facts;
  }
  return {
    scene,
    courseId: courseScene ? (opts.courseId as number) : null,
    contentId: contentScene ? (opts.contentId as number) : null,
    courseName,
    perms,
    ...roles,
    contentFacts: facts,
  };
};

/** Today's questions left: the smaller of the user's and (in a course) the course's. */
const remainingToday = async (
  db: Db,
  limits: AssistantConfig,
  userId: number,
  courseId: number | null,
  day: string,
) => {
  const used = await repo.questionsOn(db, { userId, courseId, day });
  const user = limits.userDaily - used.user;
  const course = courseId ? limits.courseDaily - used.course : user;
  return Math.max(0, Math.min(user, course));
};

/** `GET {ASSISTANT_BASE}/context`: the permission context of spec 3 for the scene. */
export const getContext = async (opts: {
  db: Db;
  actor: Actor;
  query: AssistantContextQuery;
  limits: AssistantConfig;
  now: Date;
}): Promise<AssistantContext> => {
  const access = await resolveScene({ db: opts.db, actor: opts.actor, ...opts.query });
  const [knowledge, remaining] = await Promise.all([
    access.courseId ? hasKnowledge({ db: opts.db, courseId: access.courseId }) : Promise.resolve(false),
    remainingToday(opts.db, opts.limits, opts.actor.userId, access.courseId, chinaDay(opts.now)),
  ]);
  return {
    scene: access.scene,
    courseId: access.courseId,
    contentId: access.contentId,
    courseName: access.courseName,
    hasAiPerm: access.perms.hasQabot && (access.isStudent || access.isTeacher),
    hasAiJudgePerm: access.perms.hasAiJudgePerm,
    hasTeachingAnalysisPerm: access.perms.hasTeachingAnalysisPerm,
    isStudent: access.isStudent,
    isTeacher: access.isTeacher,
    hasKnowledge: knowledge,
    remaining,
  };
};

// Conversations and messages ---------------------------------------------------------------------------

const conversationOf = (row: repo.ConversationView): Conversation => ({
  id: row.id,
  scene: row.scene as AssistantScene,
  courseId: row.courseId,
  contentId: row.contentId,
  title: row.title,
  createAt: row.createdAt.getTime(),
  updateAt: row.updatedAt.getTime(),
  answering: Boolean(row.answering),
});

const messageOf = (row: repo.MessageRow): AssistantMessage => ({
  id: row.id,
  conversationId: row.conversationId,
  role: row.role === 'assistant' ? 'assistant' : 'user',
  chatType: row.chatType as ChatType,
  teacherTask: (row.teacherTask as AssistantMessage['teacherTask']) ?? null,
  content: row.content,
  status: row.status as AssistantMessage['status'],
  error: row.error,
  citations: row.citations as AssistantMessage['citations'],
  files: row.files as MessageFile[],
  diagram: row.diagram,
  createAt: row.createdAt.getTime(),
});

/** The student scenes of a course: the ones whose conversations a teacher may read (with the policy on). */
const STUDENT_COURSE_SCENES = STUDENT_SCENES.filter((s) => isCourseScene(s));

/**
 * Whether the actor may read `owner`'s conversation of a course: the school's policy
 * (ASSISTANT_TEACHER_READS_CONVERSATIONS) and the actor teaches the course; a student scene only.
 */
const teacherMayRead = async (opts: {
  db: Db;
  actor: Actor;
  limits: AssistantConfig;
  scene: string;
  courseId: number | null;
}) => {
  if (!opts.limits.teacherReadsConversations || !opts.courseId) return false;
  if (!(STUDENT_COURSE_SCENES as readonly string[]).includes(opts.scene)) return false;
  const place = await courseRoleOf({ db: opts.db, actor: opts.actor, courseId: opts.courseId });
  return place?.role === 'Teacher';
};

/** The actor's own conversation (or, readOnly, one a teacher may read); else 404 会话不存在或已删除. */
const ownConversation = async (opts: {
  db: Db;
  actor: Actor;
  id: number;
  limits?: AssistantConfig;
  readOnly?: boolean;
}) => {
  const row = await repo.findConversation(opts.db, opts.id, STALE_MS);
  if (row && row.userId === opts.actor.userId) return row;
  if (
    row &&
    opts.readOnly &&
    opts.limits &&
    (await teacherMayRead({ ...opts, limits: opts.limits, ...row }))
  ) {
    return row;
  }
  throw AppError.notFound(ASSISTANT_MSG.conversationNotFound);
};

/**
 * `GET {ASSISTANT_BASE}/conversations`: the actor's conversations of the scene (and course or item),
 * newest first. With `userId` (another user) a course's teacher lists a student's conversations of the
 * course when the school allows it; 403 暂无权限 otherwise.
 */
export const listConversations = async (opts: {
  db: Db;
  actor: Actor;
  limits: AssistantConfig;
  query: {
    scene: AssistantScene;
    courseId?: number;
    contentId?: number;
    userId?: number;
    pageNumber: number;
    pageSize: number;
  };
}) => {
  const { query } = opts;
  let userId = opts.actor.userId;
  if (query.userId !== undefined && query.userId !== userId) {
    const allowed = await teacherMayRead({ ...opts, scene: query.scene, courseId: query.courseId ?? null });
    if (!allowed) throw AppError.forbidden(ASSISTANT_MSG.noPermission);
    userId = query.userId;
  }
  const { rows, total } = await repo.pageConversations(opts.db, {
    userId,
    scene: query.scene,
    courseId: query.courseId ?? null,
    contentId: query.contentId ?? null,
    staleMs: STALE_MS,
    ...pageOf(query),
  });
  return { rows: rows.map(conversationOf), total };
};

/** `PATCH {ASSISTANT_BASE}/conversations/{id}`. */
export const renameConversation = async (opts: { db: Db; actor: Actor; id: number; title: string }) => {
  const row = await ownConversation(opts);
  await repo.renameConversation(opts.db, row.id, opts.title);
  return conversationOf({ ...row, title: opts.title });
};

/** `DELETE {ASSISTANT_BASE}/conversations/{id}`: with its messages; an answer still running is stopped. */
export const deleteConversation = async (opts: {
  db: Db;
  actor: Actor;
  id: number;
  runner: AssistantRunner;
}) => {
  const row = await ownConversation(opts);
  const running = await repo.findLiveAnswer(opts.db, row.id, STALE_MS);
  if (running?.taskId) await opts.runner.stop(running.taskId, opts.actor.userId);
  await repo.deleteConversation(opts.db, row.id);
};

/** `GET {ASSISTANT_BASE}/conversations/{id}/messages`: page 1 the newest, oldest first within a page. */
export const listMessages = async (opts: {
  db: Db;
  actor: Actor;
  limits: AssistantConfig;
  id: number;
  query: { pageNumber: number; pageSize: number };
}) => {
  const row = await ownConversation({ ...opts, readOnly: true });
  await repo.failStaleAnswers(
    opts.db,
    { conversationId: row.id },
    { staleMs: STALE_MS, error: ASSISTANT_MSG.interrupted },
  );
  const page = await repo.pageMessages(opts.db, { conversationId: row.id, ...pageOf(opts.query) });
  return { rows: page.rows.map(messageOf), total: page.total };
};

/** An answer of the actor's own conversations; else 404 消息不存在. Stale answers read as interrupted. */
const ownAnswer = async (db: Db, actor: Actor, id: number) => {
  await repo.failStaleAnswers(db, { messageId: id }, { staleMs: STALE_MS, error: ASSISTANT_MSG.interrupted });
  const row = await repo.findMessage(db, id);
  if (!row || row.userId !== actor.userId || row.message.role !== 'assistant') {
    throw AppError.notFound(ASSISTANT_MSG.messageNotFound);
  }
  return row.message;
};

/** `GET {ASSISTANT_BASE}/messages/{id}/stream`: checks the answer is the actor's before the stream opens. */
export const assertOwnAnswer = async (opts: { db: Db; actor: Actor; id: number }) => {
  await ownAnswer(opts.db, opts.actor, opts.id);
};

/**
 * `POST {ASSISTANT_BASE}/messages/{id}/stop`: stops the answer wherever it runs and answers the message
 * once it has ended (the text so far kept, status Stopped), or as it is after `waitMs`.
 */
export const stopAnswer = async (opts: {
  db: Db;
  actor: Actor;
  id: number;
  runner: AssistantRunner;
  waitMs?: number;
}): Promise<AssistantMessage> => {
  const message = await ownAnswer(opts.db, opts.actor, opts.id);
  if (message.status !== 'Streaming' || !message.taskId) return messageOf(message);
  await opts.runner.stop(message.taskId, opts.actor.userId);
  const waitMs = opts.waitMs ?? 3_000;
  if (opts.runner.isLocal(opts.id)) {
    await opts.runner.settled(opts.id, waitMs);
  } else {
    // held by another instance: its final write shows up in the row
    const until = Date.now() + waitMs;
    while (Date.now() < until) {
      const row = await repo.findMessage(opts.db, opts.id);
      if (row?.message.status !== 'Streaming') break;
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  return messageOf(await ownAnswer(opts.db, opts.actor, opts.id));
};

// Asking --------------------------------------------------------------------------------------------

/**
 * `POST {ASSISTANT_BASE}/chat`, before the stream opens (each check answers an envelope): the scene
 * (400/403/404 as in `resolveScene`), the chat type and teacher task (403), the files (the files area's
 * 400), the conversation (404, 400 会话与当前场景不一致), a model (503 AI服务未配置), then in one
 * transaction serialised per user and course: another answer of the conversation still running (409
 * 上一个问题还在回答中，请稍候), the user's and the course's daily quota (429), and the question saved
 * (conversation, question, the answer's Streaming row, the usage counter). The runner starts answering.
 * Returns the stream's `meta` event.
 */
export const ask = async (opts: {
  db: Db;
  llm: LlmClient;
  actor: Actor;
  body: ChatBody;
  limits: AssistantConfig;
  runner: AssistantRunner;
  now: Date;
  requestAt: number;
}): Promise<{ meta: Extract<ChatEvent, { event: 'meta' }>; knowledge: boolean }> => {
  const { db, actor, body } = opts;
  const access = await resolveScene({ db, actor, ...body });
  assertChatAllowed({
    scene: body.scene,
    chatType: body.chatType,
    teacherTask: body.teacherTask,
    perms: access.perms,
  });
  const existing = body.conversationId ? await ownConversation({ db, actor, id: body.conversationId }) : null;
  if (
    existing &&
    (existing.scene !== access.scene ||
      existing.courseId !== access.courseId ||
      existing.contentId !== access.contentId)
  ) {
    throw AppError.badRequest(ASSISTANT_MSG.sceneMismatch);
  }
  opts.llm.modelFor('assistant');
  const files = await readAssistantFiles({ db, actor, fileIds: body.fileIds });
  // read before the stream opens: a homework that is not this student's (or not published) is refused
  // with the homework area's own 404 instead of a failed answer
  const guardQuestions =
    ANSWER_SCENES.includes(access.scene) && access.courseId
      ? await guardQuestionsOf({ db, actor, courseId: access.courseId, homeworkId: body.homeworkId })
      : null;
  const knowledge =
    body.knowledge &&
    access.courseId !== null &&
    knowledgeToggleVisible({ scene: body.scene, isTeacher: access.isTeacher });
  const mentorConsent = body.scene === 'CareerMentorQA' ? await repo.findConsent(db, actor.userId) : false;
  // Stops from other instances reach only an instance that listens.
  await opts.runner.listen();

  const day = chinaDay(opts.now);
  const taskId = randomUUID();
  const saved = await db.transaction(async (tx) => {
    await lockForTransaction(tx, repo.userLock(actor.userId));
    if (access.courseId) await lockForTransaction(tx, repo.courseLock(access.courseId));
    if (existing) {
      await repo.failStaleAnswers(
        tx,
        { conversationId: existing.id },
        { staleMs: STALE_MS, error: ASSISTANT_MSG.interrupted },
      );
      if (await repo.findLiveAnswer(tx, existing.id, STALE_MS)) {
        throw new AppError(409, ASSISTANT_MSG.answering);
      }
    }
    const used = await repo.questionsOn(tx, { userId: actor.userId, courseId: access.courseId, day });
    if (used.user >= opts.limits.userDaily) throw AppError.tooManyRequests(ASSISTANT_MSG.userQuotaExceeded);
    if (access.courseId && used.course >= opts.limits.courseDaily) {
      throw AppError.tooManyRequests(ASSISTANT_MSG.courseQuotaExceeded);
    }
    const conversation =
      existing ??
      (await repo.insertConversation(tx, {
        userId: actor.userId,
        scene: access.scene,
        courseId: access.courseId,
        contentId: access.contentId,
        title: titleOf(body.query),
      }));
    if (existing) await repo.touchConversation(tx, existing.id);
    const teacherTask = body.teacherTask ?? null;
    const question = await repo.insertMessage(tx, {
      conversationId: conversation.id,
      role: 'user',
      chatType: body.chatType,
      teacherTask,
      content: body.query,
      status: 'Done',
      files: files.map(({ text: _text, ...file }) => file),
    });
    const answer = await repo.insertMessage(tx, {
      conversationId: conversation.id,
      role: 'assistant',
      chatType: body.chatType,
      teacherTask,
      content: '',
      status: 'Streaming',
      taskId,
    });
    await repo.countQuestion(tx, {
      userId: actor.userId,
      courseId: access.courseId ?? 0,
      day,
      chatType: body.chatType,
    });
    return { conversation, question, answer };
  });

  opts.runner.start({
    messageId: saved.answer.id,
    userMessageId: saved.question.id,
    newConversation: !existing,
    conversationId: saved.conversation.id,
    taskId,
    actor,
    scene: access.scene,
    chatType: body.chatType,
    teacherTask: body.teacherTask ?? null,
    courseId: access.courseId,
    homeworkId: body.homeworkId,
    courseName: access.courseName,
    query: body.query,
    files,
    knowledge,
    mentorConsent,
    contentFacts: access.contentFacts,
    guardQuestions,
    requestAt: opts.requestAt,
  });
  return {
    meta: {
      event: 'meta',
      conversationId: saved.conversation.id,
      messageId: saved.answer.id,
      userMessageId: saved.question.id,
      taskId,
      title: saved.conversation.title,
    },
    knowledge,
  };
};

// Usage and consent ----------------------------------------------------------------------------------

/** The chat types students use: the course's figures count their questions (not the teacher's own). */
const STUDENT_CHAT_TYPES = CHAT_TYPES.filter((t) => CHAT_TYPE_INFO[t].audience === 'student');

/**
 * `GET {ASSISTANT_BASE}/{courseId}/usage?days=`: the students' questions of the last `days` days (today
 * included, China time) per day with the users asking, in total, the students who asked and per chat
 * type; no conversation text. The course's teachers only (403 暂无权限).
 */
export const courseUsage = async (opts: {
  db: Db;
  actor: Actor;
  courseId: number;
  days: number;
  limits: AssistantConfig;
  now: Date;
}): Promise<CourseUsage> => {
  const place = await courseRoleOf({ db: opts.db, actor: opts.actor, courseId: opts.courseId });
  assertCourseTeacher(place?.role ?? null);
  const today = opts.now.getTime();
  const dayList = Array.from({ length: opts.days }, (_, i) =>
    chinaDay(new Date(today - (opts.days - 1 - i) * DAY_MS)),
  );
  const usage = await repo.courseUsageSince(opts.db, {
    courseId: opts.courseId,
    fromDay: dayList[0] as string,
    chatTypes: STUDENT_CHAT_TYPES,
  });
  const byDay = new Map(usage.days.map((d) => [d.day, d]));
  return {
    courseId: opts.courseId,
    days: dayList.map((day) => ({
      day,
      questions: Number(byDay.get(day)?.questions ?? 0),
      users: Number(byDay.get(day)?.users ?? 0),
    })),
    totalQuestions: usage.days.reduce((sum, d) => sum + Number(d.questions), 0),
    activeStudents: Number(usage.users),
    byChatType: usage.types
      .map((t) => ({ chatType: t.chatType as ChatType, questions: Number(t.questions) }))
      .sort((a, b) => b.questions - a.questions || a.chatType.localeCompare(b.chatType)),
    conversationsVisible: opts.limits.teacherReadsConversations,
  };
};

/** `GET {ASSISTANT_BASE}/mentor/consent` (students). */
export const getConsent = async (opts: { db: Db; actor: Actor }): Promise<MentorConsent> => {
  assertStudent(opts.actor);
  return { granted: await repo.findConsent(opts.db, opts.actor.userId) };
};

/** `PUT {ASSISTANT_BASE}/mentor/consent` (students): given or taken back. */
export const setConsent = async (opts: {
  db: Db;
  actor: Actor;
  granted: boolean;
}): Promise<MentorConsent> => {
  assertStudent(opts.actor);
  await repo.saveConsent(opts.db, opts.actor.userId, opts.granted);
  return { granted: opts.granted };
};
