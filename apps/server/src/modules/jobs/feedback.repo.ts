import type { CampusRecruitMode, FeedbackListQuery, FeedbackType } from '@uplus/shared';
import { and, asc, count, desc, eq, inArray, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  deliveryFeedbacks,
  deliveryOccupations,
  deliveryRecords,
  feedbackInternOccupations,
  feedbackMaterials,
  internOccupations,
} from '../../db/schema';

/* SQL of the feedback center (issue 14): the job seeker's deliveries with the company's feedback. */

export type DeliveryRow = typeof deliveryRecords.$inferSelect;
export type FeedbackRow = typeof deliveryFeedbacks.$inferSelect;

const hasFeedback = (type: FeedbackType) =>
  sql`exists (select 1 from ${deliveryFeedbacks} f where f.delivery_id = ${deliveryRecords.id} and f.type = ${type})`;
const inappropriate = sql`(${deliveryRecords.inappropriateAt} is not null or exists (select 1 from ${deliveryFeedbacks} f where f.delivery_id = ${deliveryRecords.id} and f.type = 'Inappropriate'))`;
const yesNo = (flag: 'Yes' | 'No' | undefined, cond: SQL) =>
  flag === 'Yes' ? cond : flag === 'No' ? sql`not ${cond}` : undefined;

/**
 * A page of the user's live deliveries of one mode, filtered as the tab asks. Starts from the user's rows
 * (delivery_records_user_idx / _user_viewed_idx: a seeker has tens of deliveries, however many a company
 * has); the feedback filters are EXISTS probes on delivery_feedbacks_delivery_idx (delivery, type, time).
 */
export const pageDeliveries = async (db: Db, userId: number, q: FeedbackListQuery) => {
  const where = and(
    eq(deliveryRecords.userId, userId),
    eq(deliveryRecords.campusRecruitMode, q.campusRecruitMode),
    isNull(deliveryRecords.canceledAt),
    q.viewed === 'Yes'
      ? isNotNull(deliveryRecords.viewedAt)
      : q.viewed === 'No'
        ? isNull(deliveryRecords.viewedAt)
        : undefined,
    yesNo(q.writtenStatus, hasFeedback('Written')),
    yesNo(q.interviewStatus, hasFeedback('Interview')),
    yesNo(q.offerStatus, hasFeedback('Offer')),
    yesNo(q.inappropriateStatus, inappropriate),
  );
  const asc_ = q.order === 'ASC' || q.order === 'asc';
  const dir = (e: SQL) => (asc_ ? sql`${e} asc nulls last` : sql`${e} desc nulls last`);
  const order: SQL[] =
    q.sort === 'viewedAt'
      ? [dir(sql`${deliveryRecords.viewedAt}`)]
      : q.type === 'Inappropriate'
        ? [
            dir(
              sql`coalesce(${deliveryRecords.inappropriateAt}, (select max(f.created_at) from ${deliveryFeedbacks} f where f.delivery_id = ${deliveryRecords.id} and f.type = 'Inappropriate'))`,
            ),
          ]
        : q.type
          ? [
              dir(
                sql`(select max(f.created_at) from ${deliveryFeedbacks} f where f.delivery_id = ${deliveryRecords.id} and f.type = ${q.type})`,
              ),
            ]
          : [dir(sql`${deliveryRecords.createdAt}`)];
  const rows = await db
    .select()
    .from(deliveryRecords)
    .where(where)
    .orderBy(...order, asc_ ? asc(deliveryRecords.id) : desc(deliveryRecords.id))
    .offset((q.pageNumber - 1) * q.pageSize)
    .limit(q.pageSize);
  const [total] = await db.select({ n: count() }).from(deliveryRecords).where(where);
  return { rows, total: Number(total?.n ?? 0) };
};

/** The user's newest live deliveries of both modes (delivery_records_user_idx). */
export const recentDeliveries = (db: Db, userId: number, limit: number) =>
  db
    .select()
    .from(deliveryRecords)
    .where(and(eq(deliveryRecords.userId, userId), isNull(deliveryRecords.canceledAt)))
    .orderBy(desc(deliveryRecords.createdAt), desc(deliveryRecords.id))
    .limit(limit);

/** One of the user's deliveries (cancelled ones only when `withCanceled`), or null. */
export const findOwnDelivery = async (db: Db, userId: number, id: number, withCanceled = false) => {
  const [row] = await db
    .select()
    .from(deliveryRecords)
    .where(
      and(
        eq(deliveryRecords.id, id),
        eq(deliveryRecords.userId, userId),
        withCanceled ? undefined : isNull(deliveryRecords.canceledAt),
      ),
    )
    .limit(1);
  return row ?? null;
};

/** The feedback of some deliveries, newest first. */
export const findFeedbacks = (db: Db, deliveryIds: readonly number[]) =>
  deliveryIds.length
    ? db
        .select()
        .from(deliveryFeedbacks)
        .where(inArray(deliveryFeedbacks.deliveryId, [...deliveryIds]))
        .orderBy(desc(deliveryFeedbacks.createdAt), desc(deliveryFeedbacks.id))
    : Promise.resolve([] as FeedbackRow[]);

/** The newest feedback of a type on a delivery, locked for the rest of the transaction. */
export const lockNewestFeedback = async (db: Db, deliveryId: number, type: FeedbackType) => {
  const [row] = await db
    .select()
    .from(deliveryFeedbacks)
    .where(and(eq(deliveryFeedbacks.deliveryId, deliveryId), eq(deliveryFeedbacks.type, type)))
    .orderBy(desc(deliveryFeedbacks.createdAt), desc(deliveryFeedbacks.id))
    .limit(1)
    .for('update');
  return row ?? null;
};

export const answerFeedback = async (
  db: Db,
  feedbackId: number,
  deliveryId: number,
  status: 'Accepted' | 'Rejected',
  at: Date,
) => {
  await db
    .update(deliveryFeedbacks)
    .set({ status, answeredAt: at, updatedAt: at, readAt: sql`coalesce(${deliveryFeedbacks.readAt}, ${at})` })
    .where(eq(deliveryFeedbacks.id, feedbackId));
  await db.update(deliveryRecords).set({ updatedAt: at }).where(eq(deliveryRecords.id, deliveryId));
};

/** Marks a delivery's unread feedback (of `type`, else all) read; answers how many. */
export const markRead = async (db: Db, deliveryId: number, type: FeedbackType | undefined, at: Date) => {
  const rows = await db
    .update(deliveryFeedbacks)
    .set({ readAt: at })
    .where(
      and(
        eq(deliveryFeedbacks.deliveryId, deliveryId),
        isNull(deliveryFeedbacks.readAt),
        type ? eq(deliveryFeedbacks.type, type) : undefined,
      ),
    )
    .returning({ id: deliveryFeedbacks.id });
  return rows.length;
};

/** The files of some feedback, in order. */
export const findMaterials = (db: Db, feedbackIds: readonly number[]) =>
  feedbackIds.length
    ? db
        .select()
        .from(feedbackMaterials)
        .where(inArray(feedbackMaterials.feedbackId, [...feedbackIds]))
        .orderBy(asc(feedbackMaterials.sort), asc(feedbackMaterials.fileId))
    : Promise.resolve([] as (typeof feedbackMaterials.$inferSelect)[]);

/** The programme positions of some feedback (an internship offer's internOccupations). */
export const findFeedbackInternOccupations = (db: Db, feedbackIds: readonly number[]) =>
  feedbackIds.length
    ? db
        .select({
          feedbackId: feedbackInternOccupations.feedbackId,
          id: internOccupations.id,
          name: internOccupations.name,
        })
        .from(feedbackInternOccupations)
        .innerJoin(internOccupations, eq(internOccupations.id, feedbackInternOccupations.internOccupationId))
        .where(inArray(feedbackInternOccupations.feedbackId, [...feedbackIds]))
        .orderBy(asc(internOccupations.sort), asc(internOccupations.id))
    : Promise.resolve([]);

/** The programme positions some deliveries apply for. */
export const findDeliveryOccupations = (db: Db, deliveryIds: readonly number[]) =>
  deliveryIds.length
    ? db
        .select({ deliveryId: deliveryOccupations.deliveryId, occupation: internOccupations })
        .from(deliveryOccupations)
        .innerJoin(internOccupations, eq(internOccupations.id, deliveryOccupations.internOccupationId))
        .where(inArray(deliveryOccupations.deliveryId, [...deliveryIds]))
        .orderBy(asc(internOccupations.sort), asc(internOccupations.id))
    : Promise.resolve([]);

/**
 * Deliveries that hold a file in an offer: whose they are and which company's (feedback_materials_file_idx).
 */
export const findMaterialOwners = (db: Db, fileId: number) =>
  db
    .selectDistinct({ userId: deliveryRecords.userId, companyId: deliveryRecords.companyId })
    .from(feedbackMaterials)
    .innerJoin(deliveryFeedbacks, eq(deliveryFeedbacks.id, feedbackMaterials.feedbackId))
    .innerJoin(deliveryRecords, eq(deliveryRecords.id, deliveryFeedbacks.deliveryId))
    .where(eq(feedbackMaterials.fileId, fileId));

/**
 * The user's unread invitations per mode and type, counted as deliveries (live ones) with an unread one:
 * the user's rows by delivery_records_user_idx, their unread feedback by delivery_feedbacks_unread_idx.
 */
export const countUnread = async (db: Db, userId: number) => {
  const rows = await db
    .select({
      mode: deliveryRecords.campusRecruitMode,
      type: deliveryFeedbacks.type,
      n: sql<number>`count(distinct ${deliveryRecords.id})`.mapWith(Number),
    })
    .from(deliveryRecords)
    .innerJoin(deliveryFeedbacks, eq(deliveryFeedbacks.deliveryId, deliveryRecords.id))
    .where(
      and(
        eq(deliveryRecords.userId, userId),
        isNull(deliveryRecords.canceledAt),
        isNull(deliveryFeedbacks.readAt),
        inArray(deliveryFeedbacks.type, ['Written', 'Interview', 'Offer']),
      ),
    )
    .groupBy(deliveryRecords.campusRecruitMode, deliveryFeedbacks.type);
  return rows as { mode: CampusRecruitMode; type: FeedbackType; n: number }[];
};
