import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { organisationModules, organisationPermissions, organisations } from '../../db/schema';

export type OrganisationRow = typeof organisations.$inferSelect;

export const insertOrganisation = async (db: Db, values: typeof organisations.$inferInsert) => {
  const [row] = await db.insert(organisations).values(values).returning();
  return row!;
};

export const findOrganisationById = async (db: Db, id: number) => {
  const [row] = await db.select().from(organisations).where(eq(organisations.id, id)).limit(1);
  return row ?? null;
};

export const findOrganisationByCode = async (db: Db, code: string) => {
  const [row] = await db.select().from(organisations).where(eq(organisations.code, code)).limit(1);
  return row ?? null;
};

export type ChainNode = { id: number; code: string; name: string; type: string; parentId: number | null };

/** The organisation and its ancestors, nearest first (the tree is a few levels deep). */
export const findAncestorChain = async (db: Db, id: number): Promise<ChainNode[]> => {
  const result = (await db.execute(sql`
    with recursive chain as (
      select id, parent_id, code, name, type, 0 as depth from ${organisations} where id = ${id}
      union all
      select o.id, o.parent_id, o.code, o.name, o.type, chain.depth + 1
      from ${organisations} o join chain on o.id = chain.parent_id
      where chain.depth < 16
    )
    select id::text as id, parent_id::text as parent_id, code, name, type from chain order by depth
  `)) as unknown as {
    rows: { id: string; parent_id: string | null; code: string; name: string; type: string }[];
  };
  return result.rows.map((r) => ({
    id: Number(r.id),
    parentId: r.parent_id === null ? null : Number(r.parent_id),
    code: r.code,
    name: r.name,
    type: r.type,
  }));
};

/** Replaces an organisation's module list. */
export const replaceModules = async (
  db: Db,
  organisationId: number,
  modules: readonly { code: string; name: string }[],
) => {
  await db.transaction(async (tx) => {
    await tx.delete(organisationModules).where(eq(organisationModules.organisationId, organisationId));
    if (modules.length > 0) {
      await tx
        .insert(organisationModules)
        .values(modules.map((m, i) => ({ organisationId, code: m.code, name: m.name, sort: i })));
    }
  });
};

export const upsertPermissions = async (
  db: Db,
  organisationId: number,
  entries: readonly [string, number][],
) => {
  if (entries.length === 0) return;
  await db
    .insert(organisationPermissions)
    .values(entries.map(([key, value]) => ({ organisationId, key, value })))
    .onConflictDoUpdate({
      target: [organisationPermissions.organisationId, organisationPermissions.key],
      set: { value: sql`excluded.value` },
    });
};

export const listModules = (db: Db, organisationIds: number[]) =>
  organisationIds.length === 0
    ? Promise.resolve([])
    : db
        .select({
          organisationId: organisationModules.organisationId,
          code: organisationModules.code,
          name: organisationModules.name,
          sort: organisationModules.sort,
        })
        .from(organisationModules)
        .where(inArray(organisationModules.organisationId, organisationIds));

export const listPermissions = (db: Db, organisationIds: number[]) =>
  organisationIds.length === 0
    ? Promise.resolve([])
    : db
        .select({
          organisationId: organisationPermissions.organisationId,
          key: organisationPermissions.key,
          value: organisationPermissions.value,
        })
        .from(organisationPermissions)
        .where(inArray(organisationPermissions.organisationId, organisationIds));
