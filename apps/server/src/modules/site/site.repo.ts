import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { areaWebsiteConfigs, collegeConfigPairs, colleges, deployments, schools } from '../../db/schema';

export type DeploymentRow = typeof deployments.$inferSelect;
export type NewDeployment = typeof deployments.$inferInsert;
export type SchoolRow = typeof schools.$inferSelect;
export type CollegeRow = typeof colleges.$inferSelect;
export type AreaWebsiteConfigRow = typeof areaWebsiteConfigs.$inferSelect;

export const insertDeployment = async (db: Db, values: NewDeployment) => {
  const [row] = await db.insert(deployments).values(values).returning();
  return row!;
};

export const findDeploymentByHost = async (db: Db, host: string) => {
  const [row] = await db
    .select()
    .from(deployments)
    .where(sql`${host} = any(${deployments.hosts})`)
    .orderBy(asc(deployments.id))
    .limit(1);
  return row ?? null;
};

export const findDeploymentByCode = async (db: Db, code: string) => {
  const [row] = await db.select().from(deployments).where(eq(deployments.code, code)).limit(1);
  return row ?? null;
};

export const findDefaultDeployment = async (db: Db) => {
  const [row] = await db.select().from(deployments).where(eq(deployments.isDefault, true)).limit(1);
  return row ?? null;
};

export const markDefaultDeployment = async (db: Db, id: number) => {
  await db.update(deployments).set({ isDefault: true }).where(eq(deployments.id, id));
};

/** Replaces the values of the given keys for `code`, keeping the order given. */
export const upsertCollegeConfigPairs = async (
  db: Db,
  code: string,
  pairs: readonly { configKey: string; configValue: string }[],
) => {
  if (pairs.length === 0) return;
  await db
    .insert(collegeConfigPairs)
    .values(pairs.map((p, i) => ({ code, configKey: p.configKey, configValue: p.configValue, sort: i })))
    .onConflictDoUpdate({
      target: [collegeConfigPairs.code, collegeConfigPairs.configKey],
      set: { configValue: sql`excluded.config_value`, sort: sql`excluded.sort` },
    });
};

/** Removes the given keys of `code` (issue 15: a setting cleared in the console). */
export const deleteCollegeConfigKeys = async (db: Db, code: string, keys: readonly string[]) => {
  if (keys.length === 0) return;
  await db
    .delete(collegeConfigPairs)
    .where(and(eq(collegeConfigPairs.code, code), inArray(collegeConfigPairs.configKey, [...keys])));
};

export const listCollegeConfigPairs = (db: Db, code: string) =>
  db
    .select({ configKey: collegeConfigPairs.configKey, configValue: collegeConfigPairs.configValue })
    .from(collegeConfigPairs)
    .where(eq(collegeConfigPairs.code, code))
    .orderBy(asc(collegeConfigPairs.sort), asc(collegeConfigPairs.configKey));

export const findCollegeConfigValue = async (db: Db, code: string, key: string) => {
  const [row] = await db
    .select({ value: collegeConfigPairs.configValue })
    .from(collegeConfigPairs)
    .where(and(eq(collegeConfigPairs.code, code), eq(collegeConfigPairs.configKey, key)))
    .limit(1);
  return row?.value ?? null;
};

export const insertSchool = async (db: Db, values: typeof schools.$inferInsert) => {
  const [row] = await db.insert(schools).values(values).returning();
  return row!;
};

export const findSchoolByCode = async (db: Db, code: string) => {
  const [row] = await db.select().from(schools).where(eq(schools.code, code)).limit(1);
  return row ?? null;
};

export const insertCollege = async (db: Db, values: typeof colleges.$inferInsert) => {
  const [row] = await db.insert(colleges).values(values).returning();
  return row!;
};

export const findCollegeByCode = async (db: Db, code: string) => {
  const [row] = await db.select().from(colleges).where(eq(colleges.code, code)).limit(1);
  return row ?? null;
};

export const findCollegeByOrganisationId = async (db: Db, organisationId: number) => {
  const [row] = await db.select().from(colleges).where(eq(colleges.organisationId, organisationId)).limit(1);
  return row ?? null;
};

export const upsertAreaWebsiteConfig = async (db: Db, values: typeof areaWebsiteConfigs.$inferInsert) => {
  const { code: _code, ...rest } = values;
  const [row] = await db
    .insert(areaWebsiteConfigs)
    .values(values)
    .onConflictDoUpdate({ target: areaWebsiteConfigs.code, set: rest })
    .returning();
  return row!;
};

export const findAreaWebsiteConfig = async (db: Db, code: string) => {
  const [row] = await db.select().from(areaWebsiteConfigs).where(eq(areaWebsiteConfigs.code, code)).limit(1);
  return row ?? null;
};

/** A school record by id, or null (issue 15: section 7 calls name a school by id). */
export const findSchoolById = async (db: Db, id: number) => {
  const [row] = await db.select().from(schools).where(eq(schools.id, id)).limit(1);
  return row ?? null;
};

/** The deployment whose SCHOOL_CODE is `schoolCode` (the school's site), or null. */
export const findDeploymentBySchoolCode = async (db: Db, schoolCode: string) => {
  const [row] = await db
    .select()
    .from(deployments)
    .where(eq(deployments.schoolCode, schoolCode))
    .orderBy(asc(deployments.id))
    .limit(1);
  return row ?? null;
};
