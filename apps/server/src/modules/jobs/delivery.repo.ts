import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { deliveryOccupations, deliveryRecords, internOccupations } from '../../db/schema';

/*
 * Deliveries' SQL. A live delivery is one without `canceled_at`; the partial unique indexes
 * (user, position) and (user, programme) keep at most one live delivery per target.
 */

/**
 * How many feedback rows a delivery has. Written out qualified: drizzle drops the table of a column in a
 * single-table select, so `${deliveryRecords.id}` inside the subquery would read delivery_feedbacks.id.
 */
const feedbackCountSql = sql<number>`(select count(*) from "delivery_feedbacks" where "delivery_feedbacks"."delivery_id" = "delivery_records"."id")`;

export type DeliveryRow = typeof deliveryRecords.$inferSelect;
export type NewDelivery = typeof deliveryRecords.$inferInsert;

/** The live (not cancelled) delivery of a user to a position or a programme, with whether it has feedback. */
export const findLiveDelivery = async (
  db: Db,
  userId: number,
  target: { occupationId: number } | { internGroupId: number },
): Promise<{ delivery: DeliveryRow; feedbackCount: number } | null> => {
  const targetWhere =
    'occupationId' in target
      ? eq(deliveryRecords.occupationId, target.occupationId)
      : eq(deliveryRecords.internGroupId, target.internGroupId);
  const [row] = await db
    .select({
      delivery: deliveryRecords,
      feedbackCount: feedbackCountSql,
    })
    .from(deliveryRecords)
    .where(and(eq(deliveryRecords.userId, userId), targetWhere, isNull(deliveryRecords.canceledAt)))
    .limit(1);
  return row ? { delivery: row.delivery, feedbackCount: Number(row.feedbackCount) } : null;
};

/** A delivery by id with how many feedback rows the company sent on it. */
export const findDelivery = async (
  db: Db,
  id: number,
): Promise<{ delivery: DeliveryRow; feedbackCount: number } | null> => {
  const [row] = await db
    .select({
      delivery: deliveryRecords,
      feedbackCount: feedbackCountSql,
    })
    .from(deliveryRecords)
    .where(eq(deliveryRecords.id, id))
    .limit(1);
  return row ? { delivery: row.delivery, feedbackCount: Number(row.feedbackCount) } : null;
};

/** Which of these intern positions belong to the programme (by the (group_id, …) index). */
export const internOccupationIdsOf = async (
  db: Db,
  groupId: number,
  ids: readonly number[],
): Promise<number[]> => {
  if (!ids.length) return [];
  const rows = await db
    .select({ id: internOccupations.id })
    .from(internOccupations)
    .where(and(eq(internOccupations.groupId, groupId), inArray(internOccupations.id, [...ids])));
  return rows.map((r) => r.id);
};

/** Inserts a delivery and the programme positions it applies for, in one transaction. */
export const insertDelivery = (db: Db, row: NewDelivery, internOccupationIds: readonly number[]) =>
  db.transaction(async (tx) => {
    const [created] = await tx.insert(deliveryRecords).values(row).returning();
    if (!created) throw new Error('delivery insert returned no row');
    if (internOccupationIds.length)
      await tx
        .insert(deliveryOccupations)
        .values(
          internOccupationIds.map((internOccupationId) => ({ deliveryId: created.id, internOccupationId })),
        );
    return created;
  });

/**
 * Cancels a live delivery while it has no feedback (one statement, so a feedback sent at the same moment
 * either comes first and blocks it, or finds it cancelled). Returns the row, or null when nothing changed.
 */
export const cancelDelivery = async (db: Db, id: number, userId: number, at: Date) => {
  const [row] = await db
    .update(deliveryRecords)
    .set({ canceledAt: at, updatedAt: at })
    .where(
      and(
        eq(deliveryRecords.id, id),
        eq(deliveryRecords.userId, userId),
        isNull(deliveryRecords.canceledAt),
        sql`not exists (select 1 from "delivery_feedbacks" where "delivery_feedbacks"."delivery_id" = "delivery_records"."id")`,
      ),
    )
    .returning();
  return row ?? null;
};
