import { and, asc, count, desc, eq, ilike, inArray, ne, notInArray, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  applyRecordMembers,
  applyRecords,
  competitionAreas,
  competitions,
  competitionTracks,
  users,
} from '../../db/schema';

/* SQL of the competitions area. */

export type CompetitionRow = typeof competitions.$inferSelect;
export type TrackRow = typeof competitionTracks.$inferSelect;
export type AreaRow = typeof competitionAreas.$inferSelect;
export type RecordRow = typeof applyRecords.$inferSelect;
export type MemberRow = typeof applyRecordMembers.$inferSelect;
type Page = { offset: number; limit: number };

// ----- Competitions

export const insertCompetition = async (db: Db, values: typeof competitions.$inferInsert) => {
  const [row] = await db.insert(competitions).values(values).returning();
  if (!row) throw new Error('competition not written');
  return row;
};

export const updateCompetition = async (
  db: Db,
  id: number,
  values: Partial<Omit<typeof competitions.$inferInsert, 'id' | 'createdBy' | 'createdAt'>>,
) => {
  const [row] = await db.update(competitions).set(values).where(eq(competitions.id, id)).returning();
  return row ?? null;
};

export const findCompetition = async (db: Db, id: number) => {
  const [row] = await db.select().from(competitions).where(eq(competitions.id, id)).limit(1);
  return row ?? null;
};

/** A competition locked for the rest of the transaction (edits against registrations). */
export const lockCompetition = async (db: Db, id: number) => {
  const [row] = await db.select().from(competitions).where(eq(competitions.id, id)).for('update').limit(1);
  return row ?? null;
};

/** A page of competitions, newest apply start first; `createdBy`: one organiser's. */
export const pageCompetitions = async (
  db: Db,
  filter: { search?: string; createdBy?: number },
  page: Page,
) => {
  const conditions: SQL[] = [];
  if (filter.search)
    conditions.push(ilike(competitions.name, `%${filter.search.replace(/[\\%_]/g, '\\$&')}%`));
  if (filter.createdBy != null) conditions.push(eq(competitions.createdBy, filter.createdBy));
  const where = conditions.length ? and(...conditions) : undefined;
  const order =
    filter.createdBy != null
      ? [desc(competitions.id)]
      : [desc(competitions.applyStartAt), desc(competitions.id)];
  const rows = await db
    .select()
    .from(competitions)
    .where(where)
    .orderBy(...order)
    .offset(page.offset)
    .limit(page.limit);
  const [total] = await db.select({ n: count() }).from(competitions).where(where);
  return { rows, total: total?.n ?? 0 };
};

export const tracksOf = (db: Db, competitionIds: readonly number[]) =>
  competitionIds.length === 0
    ? Promise.resolve([] as TrackRow[])
    : db
        .select()
        .from(competitionTracks)
        .where(inArray(competitionTracks.competitionId, [...competitionIds]))
        .orderBy(asc(competitionTracks.sort), asc(competitionTracks.id));

export const areasOf = (db: Db, competitionIds: readonly number[]) =>
  competitionIds.length === 0
    ? Promise.resolve([] as AreaRow[])
    : db
        .select()
        .from(competitionAreas)
        .where(inArray(competitionAreas.competitionId, [...competitionIds]))
        .orderBy(asc(competitionAreas.sort), asc(competitionAreas.id));

/** Registrations (records) per competition. */
export const recordCounts = async (db: Db, competitionIds: readonly number[]) => {
  if (competitionIds.length === 0) return new Map<number, number>();
  const rows = await db
    .select({ id: applyRecords.competitionId, n: count() })
    .from(applyRecords)
    .where(inArray(applyRecords.competitionId, [...competitionIds]))
    .groupBy(applyRecords.competitionId);
  return new Map(rows.map((r) => [r.id, r.n]));
};

type Named = { id?: number; name: string };

/**
 * Makes a competition's tracks (or areas) the given list, in order: items with an id of this competition are
 * renamed, the rest inserted, those left out deleted (records pointing at them keep no track / area).
 */
const replaceItems = async <T extends Named>(
  db: Db,
  table: typeof competitionTracks | typeof competitionAreas,
  competitionId: number,
  items: readonly T[],
  extra: (item: T) => Record<string, unknown>,
) => {
  const existing = await db
    .select({ id: table.id })
    .from(table)
    .where(eq(table.competitionId, competitionId));
  const known = new Set(existing.map((r) => r.id));
  const kept = items.filter((i) => i.id != null && known.has(i.id)).map((i) => i.id as number);
  await db
    .delete(table)
    .where(
      kept.length
        ? and(eq(table.competitionId, competitionId), notInArray(table.id, kept))
        : eq(table.competitionId, competitionId),
    );
  for (const [sort, item] of items.entries()) {
    const values = { name: item.name, sort, ...extra(item) };
    if (item.id != null && known.has(item.id)) {
      await db.update(table).set(values).where(eq(table.id, item.id));
    } else {
      await db.insert(table).values({ competitionId, ...values });
    }
  }
};

export const replaceTracks = (db: Db, competitionId: number, items: readonly Named[]) =>
  replaceItems(db, competitionTracks, competitionId, items, () => ({}));

export const replaceAreas = (
  db: Db,
  competitionId: number,
  items: readonly (Named & { divisionCode?: string })[],
) =>
  replaceItems(db, competitionAreas, competitionId, items, (i) => ({ divisionCode: i.divisionCode || null }));

// ----- Records

export const insertRecord = async (db: Db, values: typeof applyRecords.$inferInsert) => {
  const [row] = await db.insert(applyRecords).values(values).returning();
  if (!row) throw new Error('apply record not written');
  return row;
};

export const updateRecord = async (
  db: Db,
  id: number,
  values: Partial<
    Pick<RecordRow, 'teamName' | 'trackId' | 'areaId' | 'status' | 'appliedAt' | 'applyInfo' | 'updatedAt'>
  >,
) => {
  const [row] = await db.update(applyRecords).set(values).where(eq(applyRecords.id, id)).returning();
  return row ?? null;
};

export const findRecord = async (db: Db, id: number) => {
  const [row] = await db.select().from(applyRecords).where(eq(applyRecords.id, id)).limit(1);
  return row ?? null;
};

/** A record locked for the rest of the transaction (joining counts its members). */
export const lockRecord = async (db: Db, id: number) => {
  const [row] = await db.select().from(applyRecords).where(eq(applyRecords.id, id)).for('update').limit(1);
  return row ?? null;
};

/** Whether another record of the competition has this team name. */
export const teamNameTaken = async (db: Db, competitionId: number, teamName: string, exceptId?: number) => {
  const [row] = await db
    .select({ id: applyRecords.id })
    .from(applyRecords)
    .where(
      and(
        eq(applyRecords.competitionId, competitionId),
        eq(applyRecords.teamName, teamName),
        exceptId == null ? undefined : ne(applyRecords.id, exceptId),
      ),
    )
    .limit(1);
  return !!row;
};

export const trackOf = async (db: Db, competitionId: number, id: number) => {
  const [row] = await db
    .select()
    .from(competitionTracks)
    .where(and(eq(competitionTracks.id, id), eq(competitionTracks.competitionId, competitionId)))
    .limit(1);
  return row ?? null;
};

export const areaOf = async (db: Db, competitionId: number, id: number) => {
  const [row] = await db
    .select()
    .from(competitionAreas)
    .where(and(eq(competitionAreas.id, id), eq(competitionAreas.competitionId, competitionId)))
    .limit(1);
  return row ?? null;
};

// ----- Members

export const insertMember = async (db: Db, values: typeof applyRecordMembers.$inferInsert) => {
  const [row] = await db.insert(applyRecordMembers).values(values).returning();
  if (!row) throw new Error('apply record member not written');
  return row;
};

/** The user's member row in a competition (their one registration), with its record. */
export const membershipInCompetition = async (db: Db, competitionId: number, userId: number) => {
  const [row] = await db
    .select({ member: applyRecordMembers, record: applyRecords })
    .from(applyRecordMembers)
    .innerJoin(applyRecords, eq(applyRecords.id, applyRecordMembers.recordId))
    .where(and(eq(applyRecordMembers.competitionId, competitionId), eq(applyRecordMembers.userId, userId)))
    .limit(1);
  return row ?? null;
};

/** The user's member row in a record; null: not in it. */
export const membershipInRecord = async (db: Db, recordId: number, userId: number) => {
  const [row] = await db
    .select()
    .from(applyRecordMembers)
    .where(and(eq(applyRecordMembers.recordId, recordId), eq(applyRecordMembers.userId, userId)))
    .limit(1);
  return row ?? null;
};

export const membersOf = (db: Db, recordId: number) =>
  db
    .select({ member: applyRecordMembers, name: users.name })
    .from(applyRecordMembers)
    .innerJoin(users, eq(users.id, applyRecordMembers.userId))
    .where(eq(applyRecordMembers.recordId, recordId))
    .orderBy(asc(applyRecordMembers.joinedAt), asc(applyRecordMembers.id));

export const memberCount = async (db: Db, recordId: number) => {
  const [row] = await db
    .select({ n: count() })
    .from(applyRecordMembers)
    .where(eq(applyRecordMembers.recordId, recordId));
  return row?.n ?? 0;
};

export const userName = async (db: Db, userId: number) => {
  const [row] = await db.select({ name: users.name }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.name ?? '';
};

/**
 * A page of the user's registrations, newest first: `expired` true for 已失效 (the competition ended, or a
 * Draft after the apply period closed), false for 已报名 (the rest). Served by apply_record_members_user_idx.
 */
export const pageRegistrations = async (
  db: Db,
  opts: { userId: number; expired: boolean; now: Date },
  page: Page,
) => {
  const now = opts.now.toISOString();
  const expired = or(
    sql`${competitions.endAt} < ${now}`,
    and(eq(applyRecords.status, 'Draft'), sql`${competitions.applyEndAt} < ${now}`),
  ) as SQL;
  const where = and(
    eq(applyRecordMembers.userId, opts.userId),
    opts.expired ? expired : sql`not (${expired})`,
  );
  const base = () =>
    db
      .select({
        member: applyRecordMembers,
        record: applyRecords,
        competition: competitions,
        trackName: competitionTracks.name,
        areaName: competitionAreas.name,
      })
      .from(applyRecordMembers)
      .innerJoin(applyRecords, eq(applyRecords.id, applyRecordMembers.recordId))
      .innerJoin(competitions, eq(competitions.id, applyRecordMembers.competitionId))
      .leftJoin(competitionTracks, eq(competitionTracks.id, applyRecords.trackId))
      .leftJoin(competitionAreas, eq(competitionAreas.id, applyRecords.areaId));
  const rows = await base()
    .where(where)
    .orderBy(desc(applyRecordMembers.joinedAt), desc(applyRecordMembers.id))
    .offset(page.offset)
    .limit(page.limit);
  const [total] = await db
    .select({ n: count() })
    .from(applyRecordMembers)
    .innerJoin(applyRecords, eq(applyRecords.id, applyRecordMembers.recordId))
    .innerJoin(competitions, eq(competitions.id, applyRecordMembers.competitionId))
    .where(where);
  return { rows, total: total?.n ?? 0 };
};
