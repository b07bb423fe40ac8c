import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { deliveryFeedbacks, deliveryRecords } from '../../db/schema';

export type DeliveryRow = typeof deliveryRecords.$inferSelect;

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
      feedbackCount: sql<number>`(select count(*) from ${deliveryFeedbacks} where ${deliveryFeedbacks.deliveryId} = ${deliveryRecords.id})`,
    })
    .from(deliveryRecords)
    .where(and(eq(deliveryRecords.userId, userId), targetWhere, isNull(deliveryRecords.canceledAt)))
    .limit(1);
  return row ? { delivery: row.delivery, feedbackCount: Number(row.feedbackCount) } : null;
};
