import {
  type CourseNotice,
  type CourseNoticePage,
  type CourseNoticeParams,
  type CourseNoticesQuery,
  type MarkMessagesReadBody,
  type MarkMessagesReadResult,
  MESSAGE_BODY_MAX,
  MESSAGE_TYPES,
  MESSAGES_MSG,
  type MessageCounts,
  type MessageNotice,
  type MessagePage,
  type MessagesQuery,
  type MessageType,
  NOTICE_CONTENT_MAX,
  NOTICE_TITLE_MAX,
  NOTICES_MSG,
  type Notice,
  type NoticeGenre,
  type NoticePage,
  type NoticeParams,
  type NoticesQuery,
  type PublishCourseNoticeBody,
  type SmallBellQuery,
} from '@uplus/shared';
import { AppError } from '../../core/errors';
import type { Db } from '../../db/client';
import { storableText } from '../../db/storable-text';
import { pageRoster } from '../courses/courses.service';
import type { Actor } from '../sessions/actor';
import { findUserById } from '../users/users.service';
import {
  assertMayListCourseNotices,
  assertMayPublishCourseNotice,
  messageOwnerOf,
  noticeReaderOf,
} from './messages.policy';
import * as repo from './messages.repo';

const toNotice = (row: repo.MessageRow): MessageNotice => ({
  id: String(row.id),
  type: row.type as MessageType,
  body: row.body,
  timestamp: row.happenedAt.getTime(),
  createAt: row.createdAt.getTime(),
  read: row.readAt !== null,
  noticeId: row.noticeId === null ? null : String(row.noticeId),
});

const toNoticeView = (row: repo.NoticeRow): Notice => ({
  id: String(row.id),
  genre: row.genre as NoticeGenre,
  title: row.title,
  content: row.content,
  publishAt: row.publishedAt.getTime(),
  courseId: String(row.courseId),
  courseName: row.courseName,
  publisherName: row.publisherName,
  read: row.readAt !== null,
});

/**
 * Stores a message for one user (the system sends them: course notices, internship news...). `timestamp`
 * is when the event happened (default: now).
 */
export const sendMessage = async (opts: {
  db: Db;
  userId: number;
  type: MessageType;
  body: string;
  timestamp?: Date;
  now?: Date;
}): Promise<MessageNotice> => {
  if (!(MESSAGE_TYPES as readonly string[]).includes(opts.type))
    throw AppError.badRequest(MESSAGES_MSG.typeInvalid);
  const body = opts.body.trim();
  if (!body) throw AppError.badRequest(MESSAGES_MSG.bodyRequired);
  if (body.length > MESSAGE_BODY_MAX) throw AppError.badRequest(MESSAGES_MSG.bodyTooLong);
  if (!(await findUserById({ db: opts.db, userId: opts.userId })))
    throw AppError.notFound(MESSAGES_MSG.userNotFound);
  const now = opts.now ?? new Date();
  const row = await repo.insertMessage(opts.db, {
    userId: opts.userId,
    type: opts.type,
    body,
    happenedAt: opts.timestamp ?? now,
    createdAt: now,
  });
  return toNotice(row);
};

/** `POST {qmn}/c/messages`: a page of the caller's messages, newest first. */
export const pageMyMessages = async (opts: {
  db: Db;
  actor: Actor;
  query: MessagesQuery;
}): Promise<MessagePage> => {
  const { pageNumber, pageSize, type } = opts.query;
  const page = await repo.pageByUser(opts.db, {
    userId: messageOwnerOf(opts.actor),
    type,
    limit: pageSize,
    offset: (pageNumber - 1) * pageSize,
  });
  return { rows: page.rows.map(toNotice), total: page.total };
};

/** `POST {qmn}/c/counts`: the caller's unread messages, in all and per kind. */
export const countMyUnread = async (opts: { db: Db; actor: Actor }): Promise<MessageCounts> => {
  const rows = await repo.countUnreadByType(opts.db, messageOwnerOf(opts.actor));
  const byType = Object.fromEntries(MESSAGE_TYPES.map((t) => [t, 0])) as Record<MessageType, number>;
  let unread = 0;
  for (const row of rows) {
    const n = Number(row.n);
    byType[row.type as MessageType] = n;
    unread += n;
  }
  return { unread, byType };
};

/**
 * `PATCH {qmn}/noticeMemberStatus`: marks the caller's messages read (the listed ones, or all) and the
 * notices the caller opened (with the messages announcing them). Ids that are not the caller's change
 * nothing. `all` is about messages only: seeing a message in the list is not opening its notice.
 */
export const markMyMessagesRead = async (opts: {
  db: Db;
  actor: Actor;
  body: MarkMessagesReadBody;
  now: Date;
}): Promise<MarkMessagesReadResult> => {
  const unique = (ids: string[] | undefined) => [...new Set((ids ?? []).map(Number))];
  const ids = opts.body.all === true ? null : unique(opts.body.ids);
  const noticeIds = unique(opts.body.noticeIds);
  if (ids !== null && ids.length === 0 && noticeIds.length === 0)
    throw AppError.badRequest(MESSAGES_MSG.pickMessages);
  const userId = messageOwnerOf(opts.actor);
  // One transaction: a notice is never read while the message announcing it stays unread.
  return opts.db.transaction(async (tx) => {
    let updated = 0;
    let noticesUpdated = 0;
    if (noticeIds.length > 0) {
      const changed = await repo.markNoticesRead(tx, {
        userId: noticeReaderOf(opts.actor),
        noticeIds,
        at: opts.now,
      });
      noticesUpdated = changed.notices;
      updated += changed.messages;
    }
    if (ids === null || ids.length > 0) updated += await repo.markRead(tx, { userId, ids, at: opts.now });
    return { updated, noticesUpdated };
  });
};

/** The text as stored: unstorable characters removed, ends trimmed (inner line breaks kept). */
const cleanText = (text: string) => storableText(text).trim();

/**
 * Publishes a course notice from the course's teacher to the given users: the notice, each addressee's
 * unread state, and a Course message announcing it (opening the message opens the notice). Answers the
 * notice as an addressee sees it before reading. `now` is when it is published (default: now).
 */
export const publishCourseNotice = async (opts: {
  db: Db;
  courseId: number;
  publisherId: number;
  title: string;
  content: string;
  recipientIds: number[];
  now?: Date;
}): Promise<Notice> => {
  const title = cleanText(opts.title);
  const content = cleanText(opts.content);
  if (!title) throw AppError.badRequest(NOTICES_MSG.titleRequired);
  if (title.length > NOTICE_TITLE_MAX) throw AppError.badRequest(NOTICES_MSG.titleTooLong);
  if (!content) throw AppError.badRequest(NOTICES_MSG.contentRequired);
  if (content.length > NOTICE_CONTENT_MAX) throw AppError.badRequest(NOTICES_MSG.contentTooLong);
  const recipientIds = [...new Set(opts.recipientIds)];
  if (recipientIds.length === 0) throw AppError.badRequest(NOTICES_MSG.noRecipients);
  const course = await repo.findCourse(opts.db, opts.courseId);
  assertMayPublishCourseNotice(opts.publisherId, course);
  if ((await repo.countUsers(opts.db, recipientIds)) !== recipientIds.length)
    throw AppError.notFound(MESSAGES_MSG.userNotFound);
  const now = opts.now ?? new Date();
  const messageBody = `《${course.name}》发布了课程通知：${title}`.slice(0, MESSAGE_BODY_MAX);
  const row = await repo.insertNotice(opts.db, {
    notice: {
      genre: 'Course',
      courseId: opts.courseId,
      publisherId: opts.publisherId,
      title,
      content,
      publishedAt: now,
      createdAt: now,
    },
    recipientIds,
    messageBody,
    now,
  });
  const publisher = await findUserById({ db: opts.db, userId: opts.publisherId });
  return toNoticeView({
    ...row,
    courseName: course.name,
    publisherName: publisher?.name ?? '',
    readAt: null,
  });
};

/** Marks notices read for one user, as opening them in the workbench does (the demo seed uses it). */
export const markNoticesRead = async (opts: { db: Db; userId: number; noticeIds: number[]; now?: Date }) =>
  repo.markNoticesRead(opts.db, {
    userId: opts.userId,
    noticeIds: opts.noticeIds,
    at: opts.now ?? new Date(),
  });

/** A page of the caller's notices (only the unread ones with `unreadOnly`), newest published first. */
const pageNoticesOf = async (opts: {
  db: Db;
  actor: Actor;
  query: NoticesQuery | SmallBellQuery;
  unreadOnly: boolean;
}): Promise<NoticePage> => {
  const { pageNumber, pageSize, genre } = opts.query;
  const page = await repo.pageNoticesOfUser(opts.db, {
    userId: noticeReaderOf(opts.actor),
    genre,
    unreadOnly: opts.unreadOnly,
    limit: pageSize,
    offset: (pageNumber - 1) * pageSize,
  });
  return { rows: page.rows.map(toNoticeView), total: page.total };
};

/** `GET {qmn}/notices`: a page of the caller's notices, read or not, newest published first. */
export const pageMyNotices = (opts: { db: Db; actor: Actor; query: NoticesQuery }) =>
  pageNoticesOf({ ...opts, unreadOnly: false });

/**
 * `GET {qmn}/notices/smallBell`: a page of the caller's unread notices of a genre, newest first; the
 * workbench shows them in the 课程通知 dialog.
 */
export const pageMyUnreadNotices = (opts: { db: Db; actor: Actor; query: SmallBellQuery }) =>
  pageNoticesOf({ ...opts, unreadOnly: true });

/** `GET {qmn}/notices/{id}`: one of the caller's notices; someone else's (or none) answers 404. */
export const getMyNotice = async (opts: { db: Db; actor: Actor; params: NoticeParams }): Promise<Notice> => {
  const row = await repo.findNoticeOfUser(opts.db, {
    userId: noticeReaderOf(opts.actor),
    noticeId: Number(opts.params.id),
  });
  if (!row) throw AppError.notFound(NOTICES_MSG.notFound);
  return toNoticeView(row);
};

/*
 * The teacher's side of course notices (issue 11, part courses-web): publish to the course's students and
 * list what the course has published.
 */

/** Every student of the teacher's course, read page by page through the courses area's roster. */
const courseStudentIds = async (db: Db, actor: Actor, courseId: string): Promise<number[]> => {
  const ids: number[] = [];
  for (let pageNumber = 1; ; pageNumber++) {
    const page = await pageRoster({
      db,
      actor,
      params: { courseId },
      query: { pageNumber, pageSize: 100, search: '' },
    });
    ids.push(...page.rows.map((r) => Number(r.userId)));
    if (page.rows.length < 100 || ids.length >= page.total) return ids;
  }
};

const toCourseNotice = (row: repo.CourseNoticeRow): CourseNotice => ({
  id: String(row.id),
  title: row.title,
  content: row.content,
  publishAt: row.publishedAt.getTime(),
  publisherName: row.publisherName,
  recipientCount: row.recipientCount,
  readCount: row.readCount,
});

/**
 * `POST {qmn}/courses/{courseId}/notices`: the course's teacher publishes a notice to every student of the
 * course (each gets it unread, with a Course message announcing it). A course with no students yet has
 * nobody to tell: 400 with the reason. Another teacher's course, or none: 404 课程不存在.
 */
export const publishMyCourseNotice = async (opts: {
  db: Db;
  actor: Actor;
  params: CourseNoticeParams;
  body: PublishCourseNoticeBody;
  now: Date;
}): Promise<CourseNotice> => {
  const courseId = Number(opts.params.courseId);
  assertMayPublishCourseNotice(opts.actor.userId, await repo.findCourse(opts.db, courseId));
  const recipientIds = await courseStudentIds(opts.db, opts.actor, opts.params.courseId);
  if (recipientIds.length === 0) throw AppError.badRequest(NOTICES_MSG.courseHasNoStudents);
  const published = await publishCourseNotice({
    db: opts.db,
    courseId,
    publisherId: opts.actor.userId,
    title: opts.body.title,
    content: opts.body.content,
    recipientIds,
    now: opts.now,
  });
  return {
    id: published.id,
    title: published.title,
    content: published.content,
    publishAt: published.publishAt,
    publisherName: published.publisherName,
    recipientCount: recipientIds.length,
    readCount: 0,
  };
};

/** `GET {qmn}/courses/{courseId}/notices`: a page of the course's notices for its teacher, newest first. */
export const pageMyCourseNotices = async (opts: {
  db: Db;
  actor: Actor;
  params: CourseNoticeParams;
  query: CourseNoticesQuery;
}): Promise<CourseNoticePage> => {
  const courseId = Number(opts.params.courseId);
  assertMayListCourseNotices(opts.actor.userId, await repo.findCourse(opts.db, courseId));
  const { pageNumber, pageSize } = opts.query;
  const page = await repo.pageNoticesOfCourse(opts.db, {
    courseId,
    limit: pageSize,
    offset: (pageNumber - 1) * pageSize,
  });
  return { rows: page.rows.map(toCourseNotice), total: page.total };
};
