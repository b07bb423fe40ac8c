import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { divisionCatalog, occupationCatalog } from '../../db/schema';

/*
 * The division (GB/T 2260 provinces and prefecture-level cities) and occupation (职业分类大典 2022)
 * catalogues: the only SQL on these two tables.
 */

export type DivisionRow = typeof divisionCatalog.$inferSelect;
export type OccupationRow = typeof occupationCatalog.$inferSelect;

/** The rows of these division codes (unknown codes are left out). */
export const divisionsByCodes = async (db: Db, codes: readonly string[]): Promise<DivisionRow[]> =>
  codes.length === 0
    ? []
    : db
        .select()
        .from(divisionCatalog)
        .where(inArray(divisionCatalog.code, [...new Set(codes)]));

/** The rows of these occupation codes (unknown codes are left out). */
export const occupationsByCodes = async (db: Db, codes: readonly string[]): Promise<OccupationRow[]> =>
  codes.length === 0
    ? []
    : db
        .select()
        .from(occupationCatalog)
        .where(inArray(occupationCatalog.code, [...new Set(codes)]));

/** Divisions by parent ('' = the provinces), optionally only the hot ones, in catalogue order. */
export const listDivisions = async (
  db: Db,
  opts: {
    parentCode?: string;
    level?: number;
    hot?: boolean;
    order: 'asc' | 'desc';
    sort: 'sequence' | 'code' | 'letter';
  },
): Promise<DivisionRow[]> => {
  const column =
    opts.sort === 'code'
      ? divisionCatalog.code
      : opts.sort === 'letter'
        ? divisionCatalog.letter
        : divisionCatalog.sequence;
  const direction = opts.order === 'desc' ? sql`desc` : sql`asc`;
  return db
    .select()
    .from(divisionCatalog)
    .where(
      and(
        opts.parentCode === undefined ? undefined : eq(divisionCatalog.parentCode, opts.parentCode),
        opts.level === undefined ? undefined : eq(divisionCatalog.level, opts.level),
        opts.hot ? eq(divisionCatalog.hot, true) : undefined,
      ),
    )
    .orderBy(sql`${column} ${direction}`, asc(divisionCatalog.sequence), asc(divisionCatalog.code));
};

/** Every city (level 2) by letter, then catalogue order. */
export const listCitiesByLetter = async (db: Db): Promise<DivisionRow[]> =>
  db
    .select()
    .from(divisionCatalog)
    .where(eq(divisionCatalog.level, 2))
    .orderBy(asc(divisionCatalog.letter), asc(divisionCatalog.sequence), asc(divisionCatalog.code));

/** The occupations under a parent ('0' = the 8 大类), in catalogue order. */
export const listOccupations = async (db: Db, parentCode: string): Promise<OccupationRow[]> =>
  db
    .select()
    .from(occupationCatalog)
    .where(eq(occupationCatalog.parentCode, parentCode))
    .orderBy(asc(occupationCatalog.sequence), asc(occupationCatalog.code));

/** How many divisions and occupations the catalogues hold (one query). */
export const countLookups = async (db: Db) => {
  const [row] = await db
    .select({
      divisions: sql<number>`(select count(*) from ${divisionCatalog})::int`,
      occupations: sql<number>`(select count(*) from ${occupationCatalog})::int`,
    })
    .from(sql`(select 1) as one`);
  return { divisions: Number(row?.divisions ?? 0), occupations: Number(row?.occupations ?? 0) };
};

const CHUNK = 500;

export const upsertDivisions = async (db: Db, rows: (typeof divisionCatalog.$inferInsert)[]) => {
  for (let i = 0; i < rows.length; i += CHUNK) {
    await db
      .insert(divisionCatalog)
      .values(rows.slice(i, i + CHUNK))
      .onConflictDoUpdate({
        target: divisionCatalog.code,
        set: {
          name: sql`excluded.name`,
          parentCode: sql`excluded.parent_code`,
          level: sql`excluded.level`,
          letter: sql`excluded.letter`,
          hot: sql`excluded.hot`,
          sequence: sql`excluded.sequence`,
        },
      });
  }
};

export const upsertOccupations = async (db: Db, rows: (typeof occupationCatalog.$inferInsert)[]) => {
  for (let i = 0; i < rows.length; i += CHUNK) {
    await db
      .insert(occupationCatalog)
      .values(rows.slice(i, i + CHUNK))
      .onConflictDoUpdate({
        target: occupationCatalog.code,
        set: {
          name: sql`excluded.name`,
          parentCode: sql`excluded.parent_code`,
          level: sql`excluded.level`,
          sequence: sql`excluded.sequence`,
        },
      });
  }
};
