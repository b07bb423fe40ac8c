import { and, asc, desc, eq, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { membershipPermissions, memberships, organisations, users } from '../../db/schema';

export type UserRow = typeof users.$inferSelect;
export type MembershipRow = typeof memberships.$inferSelect;

export const insertUser = async (db: Db, values: typeof users.$inferInsert) => {
  const [row] = await db.insert(users).values(values).returning();
  return row!;
};

/** Case-insensitive lookup by user name. */
export const findUserByUsername = async (db: Db, username: string) => {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username})`)
    .limit(1);
  return row ?? null;
};

export const findUserById = async (db: Db, id: number) => {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
};

export const countUsers = async (db: Db) => {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(users);
  return row?.n ?? 0;
};

export const updateUserName = async (db: Db, id: number, name: string, at: Date) => {
  await db.update(users).set({ name, updatedAt: at }).where(eq(users.id, id));
};

export const updatePasswordHash = async (db: Db, id: number, passwordHash: string, at: Date) => {
  await db.update(users).set({ passwordHash, updatedAt: at }).where(eq(users.id, id));
};

export const insertMembership = async (db: Db, values: typeof memberships.$inferInsert) => {
  const [row] = await db.insert(memberships).values(values).returning();
  return row!;
};

export const findMembership = async (db: Db, userId: number, organisationId: number) => {
  const [row] = await db
    .select()
    .from(memberships)
    .where(and(eq(memberships.userId, userId), eq(memberships.organisationId, organisationId)))
    .limit(1);
  return row ?? null;
};

/** The membership a new sign-in starts in: the default one, else the oldest. */
export const findStartMembership = async (db: Db, userId: number) => {
  const [row] = await db
    .select()
    .from(memberships)
    .where(eq(memberships.userId, userId))
    .orderBy(desc(memberships.isDefault), asc(memberships.id))
    .limit(1);
  return row ?? null;
};

/** Makes `membershipId` the user's only default membership. */
export const setDefaultMembership = async (db: Db, userId: number, membershipId: number) => {
  await db
    .update(memberships)
    .set({ isDefault: sql`${memberships.id} = ${membershipId}` })
    .where(eq(memberships.userId, userId));
};

export const clearOtherDefaults = async (db: Db, userId: number, keepId: number) => {
  await db
    .update(memberships)
    .set({ isDefault: false })
    .where(and(eq(memberships.userId, userId), ne(memberships.id, keepId)));
};

export const upsertMask = async (db: Db, membershipId: number, module: string, mask: bigint) => {
  await db
    .insert(membershipPermissions)
    .values({ membershipId, module, mask })
    .onConflictDoUpdate({
      target: [membershipPermissions.membershipId, membershipPermissions.module],
      set: { mask },
    });
};

const leaf = alias(organisations, 'leaf');

/**
 * A user's memberships with organisation and leaf names; `nameFilter` keeps those whose organisation or
 * leaf name contains it (case-insensitive).
 */
export const listMembershipsOfUser = (db: Db, userId: number, nameFilter?: string) =>
  db
    .select({
      organisationId: organisations.id,
      organisationName: organisations.name,
      organisationCode: organisations.code,
      leafName: leaf.name,
      identityType: memberships.identityType,
      isDefault: memberships.isDefault,
    })
    .from(memberships)
    .innerJoin(organisations, eq(organisations.id, memberships.organisationId))
    .innerJoin(leaf, eq(leaf.id, memberships.leafOrganisationId))
    .where(
      and(
        eq(memberships.userId, userId),
        nameFilter
          ? sql`(strpos(lower(${organisations.name}), lower(${nameFilter})) > 0 or strpos(lower(${leaf.name}), lower(${nameFilter})) > 0)`
          : undefined,
      ),
    )
    .orderBy(desc(memberships.isDefault), asc(memberships.id));
