import { z } from 'zod';
import { pageOf, pageQuery } from '../core/envelope';

/*
 * The caller's messages and notices (spec 001 sections 2.9, 3 "Message notice", 7 Messages, 9 "Unread
 * badge capped at 99+"): `POST {qmn}/c/messages`, `POST {qmn}/c/counts`, `GET {qmn}/notices[/smallBell|/{id}]`
 * and `PATCH {qmn}/noticeMemberStatus`. Only the caller's own messages and notices are ever read or changed. Ids are strings; times are epoch milliseconds.
 */

/** Message kinds. The spec names the Course genre (course notices); the others are our own. */
export const MESSAGE_TYPES = ['System', 'Course', 'Internship', 'Recruitment'] as const;
export type MessageType = (typeof MESSAGE_TYPES)[number];

/** Chinese label of each message kind. */
export const MESSAGE_TYPE_TITLES: Readonly<Record<MessageType, string>> = {
  System: '系统消息',
  Course: '课程通知',
  Internship: '实习通知',
  Recruitment: '求职招聘',
};

/** Longest message body the server stores. */
export const MESSAGE_BODY_MAX = 2000;

export const MESSAGES_MSG = {
  bodyRequired: '消息内容不能为空',
  bodyTooLong: `消息内容不能超过${MESSAGE_BODY_MAX}个字符`,
  typeInvalid: '消息类型不正确',
  pickMessages: '请选择要标记已读的消息',
  idInvalid: '消息编号不正确',
  userNotFound: '用户不存在',
} as const;

export const messageType = z.enum(MESSAGE_TYPES, { error: MESSAGES_MSG.typeInvalid });

/** `POST {qmn}/c/messages?pageNumber&pageSize[&type]`: paging (and a kind) in the query, as the spec says. */
export const messagesQuery = pageQuery.extend({
  type: messageType.optional().describe('only messages of this kind'),
});
export type MessagesQuery = z.infer<typeof messagesQuery>;

/** One message of the caller. */
export const messageNotice = z.object({
  id: z.string(),
  type: messageType,
  body: z.string().describe('the message text'),
  timestamp: z.number().int().describe('when the event happened (epoch ms); lists are newest first by it'),
  createAt: z.number().int().describe('when the message was stored (epoch ms)'),
  read: z.boolean().describe('whether the caller has read it'),
  noticeId: z
    .string()
    .nullable()
    .describe('the notice this message announces (GET {qmn}/notices/{id}); null for plain messages'),
});
export type MessageNotice = z.infer<typeof messageNotice>;

export const messagePage = pageOf(messageNotice);
export type MessagePage = z.infer<typeof messagePage>;

/** `POST {qmn}/c/counts`: the caller's unread messages, in all and per kind (every kind present). */
export const messageCounts = z.object({
  unread: z.number().int().describe('unread messages in all: the bell shows it, 99+ above 99'),
  byType: z.record(messageType, z.number().int()).describe('unread messages per kind'),
});
export type MessageCounts = z.infer<typeof messageCounts>;

const messageId = z.string().regex(/^[0-9]{1,15}$/, MESSAGES_MSG.idInvalid);

/*
 * Notices (spec 001 sections 2.9 'course notice' and 7: `GET /notices`, `GET /notices/smallBell`,
 * `GET /notices/{id}`): a titled text a teacher publishes to the students of a course. Each addressee has
 * their own read state; opening a notice marks it read (`PATCH noticeMemberStatus { noticeIds }`), and
 * with it the message that announced it.
 */

/** Notice genres: the spec names Course (`smallBell?genre=Course`). */
export const NOTICE_GENRES = ['Course'] as const;
export type NoticeGenre = (typeof NOTICE_GENRES)[number];

/** Longest notice title and content the server stores. */
export const NOTICE_TITLE_MAX = 100;
export const NOTICE_CONTENT_MAX = 5000;

export const NOTICES_MSG = {
  genreInvalid: '通知类型不正确',
  idInvalid: '通知编号不正确',
  notFound: '通知不存在',
  titleRequired: '请输入通知标题',
  titleTooLong: `通知标题不能超过${NOTICE_TITLE_MAX}个字符`,
  contentRequired: '请输入通知内容',
  contentTooLong: `通知内容不能超过${NOTICE_CONTENT_MAX}个字符`,
  noRecipients: '请选择通知对象',
  courseNotFound: '课程不存在',
  /** issue 11: a course notice goes to the course's students; with none there is nobody to tell */
  courseHasNoStudents: '该课程还没有学生，暂无可通知的对象',
} as const;

export const noticeGenre = z.enum(NOTICE_GENRES, { error: NOTICES_MSG.genreInvalid });
const noticeId = z.string().regex(/^[0-9]{1,15}$/, NOTICES_MSG.idInvalid);

/** `GET {qmn}/notices?pageNumber&pageSize[&genre]`: the caller's notices, read or not, newest first. */
export const noticesQuery = pageQuery.extend({
  genre: noticeGenre.optional().describe('only notices of this genre'),
});
export type NoticesQuery = z.infer<typeof noticesQuery>;

/** `GET {qmn}/notices/smallBell?genre=Course&pageNumber&pageSize`: the caller's unread notices, newest first. */
export const smallBellQuery = pageQuery.extend({
  genre: noticeGenre.default('Course').describe('the genre (Course unless given)'),
});
export type SmallBellQuery = z.infer<typeof smallBellQuery>;

/** `GET {qmn}/notices/{id}`. */
export const noticeParams = z.object({ id: noticeId });
export type NoticeParams = z.infer<typeof noticeParams>;

/** One notice as its addressee sees it. */
export const notice = z.object({
  id: z.string(),
  genre: noticeGenre,
  title: z.string(),
  content: z.string().describe('plain text; line breaks are kept'),
  publishAt: z.number().int().describe('when it was published (epoch ms); lists are newest first by it'),
  courseId: z.string(),
  courseName: z.string().describe("the course's current name"),
  publisherName: z.string().describe('who published it'),
  read: z.boolean().describe('whether the caller has opened it'),
});
export type Notice = z.infer<typeof notice>;

export const noticePage = pageOf(notice);
export type NoticePage = z.infer<typeof noticePage>;

/**
 * `PATCH {qmn}/noticeMemberStatus`: marks some (ids) or all of the caller's messages read, and/or the
 * notices the caller opened (noticeIds; the messages announcing them are marked read with them).
 */
export const markMessagesReadBody = z
  .object({
    ids: z.array(messageId).max(100).optional().describe('messages to mark read (others are left alone)'),
    all: z.boolean().optional().describe('true marks every message of the caller read'),
    noticeIds: z
      .array(noticeId)
      .max(100)
      .optional()
      .describe('notices the caller opened: marked read, with the messages announcing them'),
  })
  .refine((b) => b.all === true || (b.ids?.length ?? 0) > 0 || (b.noticeIds?.length ?? 0) > 0, {
    message: MESSAGES_MSG.pickMessages,
  });
export type MarkMessagesReadBody = z.infer<typeof markMessagesReadBody>;

export const markMessagesReadResult = z.object({
  updated: z.number().int().describe('messages that changed from unread to read'),
  noticesUpdated: z.number().int().describe('notices that changed from unread to read'),
});
export type MarkMessagesReadResult = z.infer<typeof markMessagesReadResult>;

/*
 * Course notices as their teacher publishes and lists them (issue 11, part courses-web):
 * `POST {qmn}/courses/{courseId}/notices` publishes a notice to every student of the course, and
 * `GET {qmn}/courses/{courseId}/notices?pageNumber&pageSize` pages the course's notices, newest first.
 * Only the course's own teacher may do either; any other course answers 404 (课程不存在).
 */

/** `{courseId}` of the teacher's course-notice calls. */
export const courseNoticeParams = z.object({
  courseId: z.string().regex(/^[0-9]{1,15}$/, NOTICES_MSG.courseNotFound),
});
export type CourseNoticeParams = z.infer<typeof courseNoticeParams>;

/** `POST {qmn}/courses/{courseId}/notices`: the notice's title and text (both required, ends trimmed). */
export const publishCourseNoticeBody = z.object({
  title: z
    .string({ error: NOTICES_MSG.titleRequired })
    .trim()
    .min(1, NOTICES_MSG.titleRequired)
    .max(NOTICE_TITLE_MAX, NOTICES_MSG.titleTooLong)
    .describe(`the notice's title, at most ${NOTICE_TITLE_MAX} characters`),
  content: z
    .string({ error: NOTICES_MSG.contentRequired })
    .trim()
    .min(1, NOTICES_MSG.contentRequired)
    .max(NOTICE_CONTENT_MAX, NOTICES_MSG.contentTooLong)
    .describe(`plain text, line breaks kept, at most ${NOTICE_CONTENT_MAX} characters`),
});
export type PublishCourseNoticeBody = z.infer<typeof publishCourseNoticeBody>;

/** `GET {qmn}/courses/{courseId}/notices?pageNumber&pageSize`. */
export const courseNoticesQuery = pageQuery;
export type CourseNoticesQuery = z.infer<typeof courseNoticesQuery>;

/** One notice of a course as its teacher sees it: to how many students it went and how many opened it. */
export const courseNotice = z.object({
  id: z.string(),
  title: z.string(),
  content: z.string().describe('plain text; line breaks are kept'),
  publishAt: z.number().int().describe('when it was published (epoch ms); the list is newest first by it'),
  publisherName: z.string().describe('who published it'),
  recipientCount: z.number().int().describe('students it was sent to'),
  readCount: z.number().int().describe('of them, how many have opened it'),
});
export type CourseNotice = z.infer<typeof courseNotice>;

export const courseNoticePage = pageOf(courseNotice);
export type CourseNoticePage = z.infer<typeof courseNoticePage>;
