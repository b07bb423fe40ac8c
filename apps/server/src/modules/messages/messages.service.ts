import {
  type MarkMessagesReadBody,
  MESSAGE_BODY_MAX,
  MESSAGE_TYPES,
  MESSAGES_MSG,
  type MessageCounts,
  type MessageNotice,
  type MessagePage,
  type MessagesQuery,
  type MessageType,
} from '@uplus/shared';
import type { Db } from '../../db/client';
import { AppError } from '../../http/errors';
import type { Actor } from '../sessions/actor';
import { findUserById } from '../users/users.service';
import { messageOwnerOf } from './messages.policy';
import * as repo from './messages.repo';

const toNotice = (row: repo.MessageRow): MessageNotice => ({
  id: String(row.id),
  type: row.type as MessageType,
  body: row.body,
  timestamp: row.happenedAt.getTime(),
  createAt: row.createdAt.getTime(),
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
  if (!(await findUserById({ db: opts.db, userId: opts.userId }))) throw AppError.notFound('用户不存在');
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
 * `PATCH {qmn}/noticeMemberStatus`: marks the caller's messages read (the listed ones, or all). Ids of
 * messages that are not the caller's change nothing.
 */
export const markMyMessagesRead = async (opts: {
  db: Db;
  actor: Actor;
  body: MarkMessagesReadBody;
  now: Date;
}): Promise<{ updated: number }> => {
  const ids = opts.body.all === true ? null : [...new Set((opts.body.ids ?? []).map(Number))];
  if (ids !== null && ids.length === 0) throw AppError.badRequest(MESSAGES_MSG.pickMessages);
  const updated = await repo.markRead(opts.db, { userId: messageOwnerOf(opts.actor), ids, at: opts.now });
  return { updated };
};
