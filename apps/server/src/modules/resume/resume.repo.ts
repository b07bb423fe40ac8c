import { count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  resumeAttached,
  resumeOnlineAwards,
  resumeOnlineEducations,
  resumeOnlineInternships,
  resumeOnlineLanguages,
  resumeOnlineSocieties,
  resumeOnlines,
} from '../../db/schema';

/*
 * The online resume (issue 13): the only SQL of the resume and its five sections. The resume is found by
 * its unique user_id; every section's list follows its (resume_id, …) index and is bounded by a limit.
 */

export type ResumeRow = typeof resumeOnlines.$inferSelect;

/** The member's resume, or null. */
export const findResumeOfUser = async (db: Db, userId: number): Promise<ResumeRow | null> => {
  const [row] = await db.select().from(resumeOnlines).where(eq(resumeOnlines.userId, userId)).limit(1);
  return row ?? null;
};

/** Makes the member's resume unless it exists (two first uses at once make one), and answers it. */
export const ensureResumeOfUser = async (db: Db, userId: number, now: Date): Promise<ResumeRow> => {
  const found = await findResumeOfUser(db, userId);
  if (found) return found;
  await db
    .insert(resumeOnlines)
    .values({ userId, createdAt: now, updatedAt: now })
    .onConflictDoNothing({ target: resumeOnlines.userId });
  const row = await findResumeOfUser(db, userId);
  if (!row) throw new Error('resume insert left no row');
  return row;
};

/** A resume by id, or null. */
export const findResume = async (db: Db, id: number): Promise<ResumeRow | null> => {
  const [row] = await db.select().from(resumeOnlines).where(eq(resumeOnlines.id, id)).limit(1);
  return row ?? null;
};

/** Sets the update time (and, when given, the strength and the self-evaluation). */
export const updateResume = async (
  db: Db,
  id: number,
  values: { updatedAt: Date; strength?: string; evaluation?: string },
): Promise<ResumeRow> => {
  const [row] = await db.update(resumeOnlines).set(values).where(eq(resumeOnlines.id, id)).returning();
  if (!row) throw new Error('resume update returned no row');
  return row;
};

// ---------------------------------------------------------------------------------------------------------
// The five sections

export const SECTION_TABLES = {
  education: resumeOnlineEducations,
  internship: resumeOnlineInternships,
  society: resumeOnlineSocieties,
  award: resumeOnlineAwards,
  language: resumeOnlineLanguages,
} as const;
export type SectionKey = keyof typeof SECTION_TABLES;
export type SectionRows = { [K in SectionKey]: (typeof SECTION_TABLES)[K]['$inferSelect'] };
export type SectionValues = { [K in SectionKey]: (typeof SECTION_TABLES)[K]['$inferInsert'] };

/** Newest first, by the time the section is sorted by (the second column of its index), then id. */
const ORDER = {
  education: [desc(resumeOnlineEducations.graduateAt), desc(resumeOnlineEducations.id)],
  internship: [desc(resumeOnlineInternships.inauguralAt), desc(resumeOnlineInternships.id)],
  society: [desc(resumeOnlineSocieties.startAt), desc(resumeOnlineSocieties.id)],
  award: [desc(resumeOnlineAwards.awardedAt), desc(resumeOnlineAwards.id)],
  language: [desc(resumeOnlineLanguages.id)],
} as const;

// The five tables share `id` and `resume_id`; drizzle cannot type a query over a union of tables, so the
// generic functions below see one of them (the answers are typed by section again).
type AnyTable = typeof resumeOnlineAwards;
const tableOf = (section: SectionKey) => SECTION_TABLES[section] as unknown as AnyTable;

/** A resume's rows of a section, newest first, at most `limit`. */
export const listSectionRows = async <K extends SectionKey>(
  db: Db,
  section: K,
  resumeId: number,
  limit: number,
): Promise<SectionRows[K][]> => {
  const table = tableOf(section);
  const rows = await db
    .select()
    .from(table)
    .where(eq(table.resumeId, resumeId))
    .orderBy(...(ORDER[section] as unknown as [ReturnType<typeof desc>]))
    .limit(limit);
  return rows as unknown as SectionRows[K][];
};

/** A section's row by id with the user owning its resume, or null. */
export const findSectionRow = async <K extends SectionKey>(
  db: Db,
  section: K,
  id: number,
): Promise<{ row: SectionRows[K]; userId: number } | null> => {
  const table = tableOf(section);
  const [found] = await db
    .select({ row: table, userId: resumeOnlines.userId })
    .from(table)
    .innerJoin(resumeOnlines, eq(resumeOnlines.id, table.resumeId))
    .where(eq(table.id, id))
    .limit(1);
  return found ? { row: found.row as unknown as SectionRows[K], userId: found.userId } : null;
};

/** How many rows a resume has in a section. */
export const countSectionRows = async (db: Db, section: SectionKey, resumeId: number) => {
  const table = tableOf(section);
  const [row] = await db.select({ value: count() }).from(table).where(eq(table.resumeId, resumeId));
  return Number(row?.value ?? 0);
};

export const insertSectionRow = async <K extends SectionKey>(
  db: Db,
  section: K,
  values: SectionValues[K],
): Promise<SectionRows[K]> => {
  const table = tableOf(section);
  const [row] = await db
    .insert(table)
    .values(values as unknown as AnyTable['$inferInsert'])
    .returning();
  if (!row) throw new Error(`${section} insert returned no row`);
  return row as unknown as SectionRows[K];
};

export const updateSectionRow = async <K extends SectionKey>(
  db: Db,
  section: K,
  id: number,
  values: Partial<SectionValues[K]>,
): Promise<SectionRows[K]> => {
  const table = tableOf(section);
  const [row] = await db
    .update(table)
    .set(values as unknown as Partial<AnyTable['$inferInsert']>)
    .where(eq(table.id, id))
    .returning();
  if (!row) throw new Error(`${section} update returned no row`);
  return row as unknown as SectionRows[K];
};

export const deleteSectionRow = async (db: Db, section: SectionKey, id: number) => {
  const table = tableOf(section);
  await db.delete(table).where(eq(table.id, id));
};

/** Whether a resume has at least one row in each of the four list sections (the completeness facts). */
export const sectionsFilled = async (db: Db, resumeId: number) => {
  const exists = (table: AnyTable) =>
    sql<boolean>`exists (select 1 from ${table} where ${table.resumeId} = ${resumeId})`;
  const [row] = await db
    .select({
      internship: exists(tableOf('internship')),
      society: exists(tableOf('society')),
      award: exists(tableOf('award')),
      language: exists(tableOf('language')),
    })
    .from(resumeOnlines)
    .where(eq(resumeOnlines.id, resumeId));
  return {
    internship: Boolean(row?.internship),
    society: Boolean(row?.society),
    award: Boolean(row?.award),
    language: Boolean(row?.language),
  };
};

/** How many attached resumes a member has (the completeness answer's attachedCount). */
export const countAttached = async (db: Db, userId: number) => {
  const [row] = await db
    .select({ value: count() })
    .from(resumeAttached)
    .where(eq(resumeAttached.userId, userId));
  return Number(row?.value ?? 0);
};
