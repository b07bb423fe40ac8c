import { and, asc, count, desc, eq, exists, inArray, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  deliveryFeedbacks,
  deliveryOccupations,
  deliveryRecords,
  feedbackInternOccupations,
  feedbackMaterials,
  internOccupations,
  internshipGroups,
  recruitmentOccupations,
} from '../../db/schema';

/*
 * The employer's applications inbox (issue 14): the only SQL of it. Every read is scoped by the company id
 * the service resolved for the asker; lists use delivery_records_company_idx (company, mode, created_at).
 */

export type DeliveryRow = typeof deliveryRecords.$inferSelect;
export type FeedbackRow = typeof deliveryFeedbacks.$inferSelect;

/** A delivery with the names of what it was delivered to. */
export type DeliveryListRow = {
  delivery: DeliveryRow;
  occupationName: string | null;
  programName: string | null;
};

export type DeliveryFilter = {
  companyId: number;
  mode: 'Recruitment' | 'InternProgram';
  occupationId?: number;
  internGroupId?: number;
  status: string;
};

const hasFeedback = (type: string) =>
  exists(
    sql`(select 1 from ${deliveryFeedbacks} where ${deliveryFeedbacks.deliveryId} = ${deliveryRecords.id} and ${deliveryFeedbacks.type} = ${type})`,
  );

const whereOf = (f: DeliveryFilter): SQL | undefined => {
  const parts: (SQL | undefined)[] = [
    eq(deliveryRecords.companyId, f.companyId),
    eq(deliveryRecords.campusRecruitMode, f.mode),
  ];
  if (f.occupationId !== undefined) parts.push(eq(deliveryRecords.occupationId, f.occupationId));
  if (f.internGroupId !== undefined) parts.push(eq(deliveryRecords.internGroupId, f.internGroupId));
  if (f.status === 'unviewed') parts.push(isNull(deliveryRecords.viewedAt));
  else if (f.status === 'viewed') parts.push(isNotNull(deliveryRecords.viewedAt));
  else if (f.status === 'Inappropriate') parts.push(isNotNull(deliveryRecords.inappropriateAt));
  else if (f.status === 'Written' || f.status === 'Interview' || f.status === 'Offer')
    parts.push(hasFeedback(f.status));
  return and(...parts);
};

const listColumns = {
  delivery: deliveryRecords,
  occupationName: recruitmentOccupations.name,
  programName: internshipGroups.name,
};

/** A page of a company's deliveries, newest first. */
export const pageCompanyDeliveries = async (
  db: Db,
  filter: DeliveryFilter,
  page: { offset: number; limit: number },
): Promise<{ rows: DeliveryListRow[]; total: number }> => {
  const where = whereOf(filter);
  const [rows, [totalRow]] = await Promise.all([
    db
      .select(listColumns)
      .from(deliveryRecords)
      .leftJoin(recruitmentOccupations, eq(recruitmentOccupations.id, deliveryRecords.occupationId))
      .leftJoin(internshipGroups, eq(internshipGroups.id, deliveryRecords.internGroupId))
      .where(where)
      .orderBy(desc(deliveryRecords.createdAt), desc(deliveryRecords.id))
      .offset(page.offset)
      .limit(page.limit),
    db.select({ n: count() }).from(deliveryRecords).where(where),
  ]);
  return { rows, total: Number(totalRow?.n ?? 0) };
};

/** One delivery of a company (null: unknown, or another company's). */
export const findCompanyDelivery = async (
  db: Db,
  companyId: number,
  id: number,
): Promise<DeliveryListRow | null> =>
  (
    await db
      .select(listColumns)
      .from(deliveryRecords)
      .leftJoin(recruitmentOccupations, eq(recruitmentOccupations.id, deliveryRecords.occupationId))
      .leftJoin(internshipGroups, eq(internshipGroups.id, deliveryRecords.internGroupId))
      .where(and(eq(deliveryRecords.id, id), eq(deliveryRecords.companyId, companyId)))
      .limit(1)
  )[0] ?? null;

/** Every feedback of the deliveries, oldest first. */
export const findFeedbacks = async (db: Db, deliveryIds: readonly number[]): Promise<FeedbackRow[]> =>
  deliveryIds.length
    ? db
        .select()
        .from(deliveryFeedbacks)
        .where(inArray(deliveryFeedbacks.deliveryId, [...deliveryIds]))
        .orderBy(asc(deliveryFeedbacks.createdAt), asc(deliveryFeedbacks.id))
    : [];

/** The programme positions each delivery applies for. */
export const findDeliveryOccupations = async (db: Db, deliveryIds: readonly number[]) =>
  deliveryIds.length
    ? db
        .select({
          deliveryId: deliveryOccupations.deliveryId,
          id: internOccupations.id,
          name: internOccupations.name,
        })
        .from(deliveryOccupations)
        .innerJoin(internOccupations, eq(internOccupations.id, deliveryOccupations.internOccupationId))
        .where(inArray(deliveryOccupations.deliveryId, [...deliveryIds]))
        .orderBy(asc(internOccupations.sort), asc(internOccupations.id))
    : [];

/** The positions of a programme. */
export const findProgramOccupations = (db: Db, groupId: number) =>
  db
    .select({ id: internOccupations.id, name: internOccupations.name })
    .from(internOccupations)
    .where(eq(internOccupations.groupId, groupId))
    .orderBy(asc(internOccupations.sort), asc(internOccupations.id));

/** The materials and programme positions of feedbacks. */
export const findFeedbackExtras = async (db: Db, feedbackIds: readonly number[]) => {
  if (!feedbackIds.length) return { materials: [], occupations: [] };
  const [materials, occupations] = await Promise.all([
    db
      .select()
      .from(feedbackMaterials)
      .where(inArray(feedbackMaterials.feedbackId, [...feedbackIds]))
      .orderBy(asc(feedbackMaterials.sort)),
    db
      .select({
        feedbackId: feedbackInternOccupations.feedbackId,
        id: internOccupations.id,
        name: internOccupations.name,
      })
      .from(feedbackInternOccupations)
      .innerJoin(internOccupations, eq(internOccupations.id, feedbackInternOccupations.internOccupationId))
      .where(inArray(feedbackInternOccupations.feedbackId, [...feedbackIds])),
  ]);
  return { materials, occupations };
};

/** Marks a delivery 被查看 the first time only; answers its viewed time. */
export const markViewed = async (db: Db, id: number, now: Date): Promise<Date> => {
  const [updated] = await db
    .update(deliveryRecords)
    .set({ viewedAt: now, updatedAt: now })
    .where(and(eq(deliveryRecords.id, id), isNull(deliveryRecords.viewedAt)))
    .returning({ viewedAt: deliveryRecords.viewedAt });
  if (updated?.viewedAt) return updated.viewedAt;
  const [row] = await db
    .select({ viewedAt: deliveryRecords.viewedAt })
    .from(deliveryRecords)
    .where(eq(deliveryRecords.id, id));
  return row?.viewedAt ?? now;
};

/** The delivery locked for a change (inside a transaction). */
export const lockDelivery = async (db: Db, id: number): Promise<DeliveryRow | null> =>
  (await db.select().from(deliveryRecords).where(eq(deliveryRecords.id, id)).for('update').limit(1))[0] ??
  null;

/** Stores a feedback with its programme positions and materials, and touches the delivery. */
export const insertFeedback = async (
  db: Db,
  values: typeof deliveryFeedbacks.$inferInsert,
  extras: { internOccupationIds: number[]; materialFileIds: number[] },
): Promise<FeedbackRow> => {
  const [row] = await db.insert(deliveryFeedbacks).values(values).returning();
  const feedback = row as FeedbackRow;
  if (extras.internOccupationIds.length)
    await db.insert(feedbackInternOccupations).values(
      extras.internOccupationIds.map((internOccupationId) => ({
        feedbackId: feedback.id,
        internOccupationId,
      })),
    );
  if (extras.materialFileIds.length)
    await db
      .insert(feedbackMaterials)
      .values(extras.materialFileIds.map((fileId, sort) => ({ feedbackId: feedback.id, fileId, sort })));
  await db
    .update(deliveryRecords)
    .set({ updatedAt: values.createdAt ?? new Date() })
    .where(eq(deliveryRecords.id, feedback.deliveryId));
  return feedback;
};

/** Sets a delivery's 不合适 time. */
export const setInappropriate = (db: Db, id: number, now: Date) =>
  db.update(deliveryRecords).set({ inappropriateAt: now, updatedAt: now }).where(eq(deliveryRecords.id, id));
