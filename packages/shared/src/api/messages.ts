import { z } from 'zod';
import { pageOf, pageQuery } from '../envelope';

/*
 * The caller's messages (spec 001 sections 2.9, 3 "Message notice", 7 Messages, 9 "Unread badge capped at
 * 99+"): `POST {qmn}/c/messages`, `POST {qmn}/c/counts` and `PATCH {qmn}/noticeMemberStatus`. Only the
 * caller's own messages are ever read or changed. Ids are strings; times are epoch milliseconds.
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

/** `PATCH {qmn}/noticeMemberStatus`: marks some (ids) or all of the caller's messages read. */
export const markMessagesReadBody = z
  .object({
    ids: z.array(messageId).max(100).optional().describe('messages to mark read (others are left alone)'),
    all: z.boolean().optional().describe('true marks every message of the caller read'),
  })
  .refine((b) => b.all === true || (b.ids?.length ?? 0) > 0, { message: MESSAGES_MSG.pickMessages });
export type MarkMessagesReadBody = z.infer<typeof markMessagesReadBody>;

export const markMessagesReadResult = z.object({
  updated: z.number().int().describe('messages that changed from unread to read'),
});
