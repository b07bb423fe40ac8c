import { asc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  divisionCatalog,
  majorCatalog,
  memberCities,
  memberIntentions,
  memberProfiles,
  occupationCatalog,
  schoolCatalog,
  users,
} from '../../db/schema';

/** A user's profile row joined with the user's name and the catalogue names (null fields until filled in). */
export type ProfileRow = {
  userId: number;
  userName: string;
  avatar: string;
  userSex: string;
  name: string | null;
  sex: string | null;
  birthday: Date | null;
  degree: string | null;
  schoolCode: string | null;
  schoolName: string | null;
  majorCode: string | null;
  majorName: string | null;
  enrolmentAt: Date | null;
  graduateAt: Date | null;
};

/** The user with their profile (profile fields null when they have none); null when no such user. */
const profileColumns = {
  userId: users.id,
  userName: users.name,
  avatar: users.avatar,
  userSex: users.sex,
  name: memberProfiles.name,
  sex: memberProfiles.sex,
  birthday: memberProfiles.birthday,
  degree: memberProfiles.degree,
  schoolCode: memberProfiles.schoolCode,
  schoolName: schoolCatalog.name,
  majorCode: memberProfiles.majorCode,
  majorName: majorCatalog.name,
  enrolmentAt: memberProfiles.enrolmentAt,
  graduateAt: memberProfiles.graduateAt,
};

const profilesOf = (db: Db, columns: typeof profileColumns & { visible?: typeof memberProfiles.visible }) =>
  db
    .select(columns)
    .from(users)
    .leftJoin(memberProfiles, eq(memberProfiles.userId, users.id))
    .leftJoin(schoolCatalog, eq(schoolCatalog.code, memberProfiles.schoolCode))
    .leftJoin(majorCatalog, eq(majorCatalog.code, memberProfiles.majorCode));

export const findProfile = async (db: Db, userId: number): Promise<ProfileRow | null> =>
  (await profilesOf(db, profileColumns).where(eq(users.id, userId)).limit(1))[0] ?? null;

/** The profiles of several users at once, with whether their resume is visible (null: no profile yet). */
export const findProfiles = async (
  db: Db,
  userIds: readonly number[],
): Promise<(ProfileRow & { visible: boolean | null })[]> =>
  userIds.length
    ? ((await profilesOf(db, { ...profileColumns, visible: memberProfiles.visible }).where(
        inArray(users.id, [...userIds]),
      )) as (ProfileRow & { visible: boolean | null })[])
    : [];

/** Writes a user's profile (one row per user). */
export const upsertProfile = async (
  db: Db,
  row: Omit<typeof memberProfiles.$inferInsert, 'updatedAt'> & { updatedAt: Date },
) => {
  const { userId: _userId, ...set } = row;
  await db.insert(memberProfiles).values(row).onConflictDoUpdate({ target: memberProfiles.userId, set });
};

export const schoolExists = async (db: Db, code: string) =>
  (await db.select({ code: schoolCatalog.code }).from(schoolCatalog).where(eq(schoolCatalog.code, code)))
    .length > 0;

export const majorExists = async (db: Db, code: string) =>
  (await db.select({ code: majorCatalog.code }).from(majorCatalog).where(eq(majorCatalog.code, code)))
    .length > 0;

/** How many schools and majors the catalogues hold (one query). */
export const countCatalogues = async (db: Db) => {
  const [row] = await db
    .select({
      schools: sql<number>`(select count(*) from ${schoolCatalog})::int`,
      majors: sql<number>`(select count(*) from ${majorCatalog})::int`,
    })
    .from(sql`(select 1) as one`);
  return { schools: Number(row?.schools ?? 0), majors: Number(row?.majors ?? 0) };
};

const CHUNK = 500;

export const upsertSchools = async (db: Db, rows: (typeof schoolCatalog.$inferInsert)[]) => {
  for (let i = 0; i < rows.length; i += CHUNK) {
    await db
      .insert(schoolCatalog)
      .values(rows.slice(i, i + CHUNK))
      .onConflictDoUpdate({
        target: schoolCatalog.code,
        set: { name: sql`excluded.name`, province: sql`excluded.province` },
      });
  }
};

export const upsertMajors = async (db: Db, rows: (typeof majorCatalog.$inferInsert)[]) => {
  for (let i = 0; i < rows.length; i += CHUNK) {
    await db
      .insert(majorCatalog)
      .values(rows.slice(i, i + CHUNK))
      .onConflictDoUpdate({
        target: majorCatalog.code,
        set: { name: sql`excluded.name`, category: sql`excluded.category` },
      });
  }
};

/** `like` pattern text with its wildcards escaped. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * A page of a catalogue by name (or code) substring, case-insensitive; names starting with the search
 * come first, then shorter names, then by name.
 */
const pageCatalog = async <T extends typeof schoolCatalog | typeof majorCatalog>(
  db: Db,
  table: T,
  opts: { search: string; offset: number; limit: number },
) => {
  const search = opts.search.trim();
  const contains = `%${escapeLike(search)}%`;
  const prefix = `${escapeLike(search)}%`;
  const where = search ? or(ilike(table.name, contains), ilike(table.code, prefix)) : undefined;
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(table as typeof schoolCatalog)
      .where(where)
      .orderBy(
        ...(search ? [sql`case when ${table.name} ilike ${prefix} then 0 else 1 end`] : []),
        sql`char_length(${table.name})`,
        asc(table.name),
        asc(table.code),
      )
      .offset(opts.offset)
      .limit(opts.limit),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(table as typeof schoolCatalog)
      .where(where),
  ]);
  return { rows: rows as unknown as T['$inferSelect'][], total: Number(count?.total ?? 0) };
};

export const pageSchools = (db: Db, opts: { search: string; offset: number; limit: number }) =>
  pageCatalog(db, schoolCatalog, opts);

export const pageMajors = (db: Db, opts: { search: string; offset: number; limit: number }) =>
  pageCatalog(db, majorCatalog, opts);

/** The career fields of a member's profile (issue 13), with the intention's codes and names in order. */
export const findCareerProfile = async (db: Db, userId: number) => {
  const [row] = await db.select().from(memberProfiles).where(eq(memberProfiles.userId, userId)).limit(1);
  const intentions = await db
    .select({ code: memberIntentions.standardOccupationCode, name: occupationCatalog.name })
    .from(memberIntentions)
    .innerJoin(occupationCatalog, eq(occupationCatalog.code, memberIntentions.standardOccupationCode))
    .where(eq(memberIntentions.userId, userId))
    .orderBy(asc(memberIntentions.position));
  const cities = await db
    .select({ code: memberCities.cityCode, name: divisionCatalog.name })
    .from(memberCities)
    .leftJoin(divisionCatalog, eq(divisionCatalog.code, memberCities.cityCode))
    .where(eq(memberCities.userId, userId))
    .orderBy(asc(memberCities.position));
  return { row: row ?? null, intentions, cities };
};

/** The career columns of a profile a call may write (issue 13). */
export type CareerSet = Partial<
  Pick<
    typeof memberProfiles.$inferInsert,
    | 'name'
    | 'sex'
    | 'birthday'
    | 'email'
    | 'mobile'
    | 'portraitFileId'
    | 'domicileProvinceCode'
    | 'domicileCityCode'
    | 'schoolCode'
    | 'majorCode'
    | 'degree'
    | 'enrolmentAt'
    | 'graduateAt'
    | 'gradingRank'
    | 'status'
    | 'companyName'
    | 'companyId'
    | 'occupationName'
    | 'occupationId'
    | 'politicalStatus'
    | 'visible'
    | 'minSalary'
    | 'maxSalary'
  >
>;

/** Writes some columns of a user's profile (made when missing), with its update time. */
export const updateCareerFields = async (db: Db, userId: number, set: CareerSet, now: Date) => {
  const values = { ...set, updatedAt: now };
  await db
    .insert(memberProfiles)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: memberProfiles.userId, set: values });
};

/**
 * Replaces a user's job intention in one transaction: the positions and cities (in the order given) and
 * the salary range.
 */
export const replaceIntention = (
  db: Db,
  userId: number,
  intention: {
    occupationCodes: string[];
    cityCodes: string[];
    minSalary: number | null;
    maxSalary: number | null;
  },
  now: Date,
) =>
  db.transaction(async (tx) => {
    const values = { minSalary: intention.minSalary, maxSalary: intention.maxSalary, updatedAt: now };
    await tx
      .insert(memberProfiles)
      .values({ userId, ...values })
      .onConflictDoUpdate({ target: memberProfiles.userId, set: values });
    await tx.delete(memberIntentions).where(eq(memberIntentions.userId, userId));
    await tx.delete(memberCities).where(eq(memberCities.userId, userId));
    if (intention.occupationCodes.length > 0)
      await tx.insert(memberIntentions).values(
        intention.occupationCodes.map((code, position) => ({
          userId,
          standardOccupationCode: code,
          position,
        })),
      );
    if (intention.cityCodes.length > 0)
      await tx
        .insert(memberCities)
        .values(intention.cityCodes.map((cityCode, position) => ({ userId, cityCode, position })));
  });
