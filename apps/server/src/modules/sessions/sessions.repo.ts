import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { membershipPermissions, memberships, organisations, sessions, users } from '../../db/schema';

export type SessionKind = 'access' | 'idp';

export const insertSession = async (
  db: Db,
  values: {
    kind: SessionKind;
    tokenHash: string;
    userId: number;
    membershipId: number | null;
    expiresAt: Date;
    /** the identity provider's session that issues this access token */
    idpSessionId?: number | null;
  },
) => {
  const [row] = await db.insert(sessions).values(values).returning({ id: sessions.id });
  return row!.id;
};

const leaf = alias(organisations, 'leaf');
const issuer = alias(sessions, 'issuer');
const coursePm = alias(membershipPermissions, 'course_pm');
const qomPm = alias(membershipPermissions, 'qom_pm');

const actorQuery = (db: Db) =>
  db
    .select({
      sessionId: sessions.id,
      expiresAt: sessions.expiresAt,
      revokedAt: sessions.revokedAt,
      lastSeenAt: sessions.lastSeenAt,
      issuerId: issuer.id,
      issuerRevokedAt: issuer.revokedAt,
      userId: users.id,
      username: users.username,
      name: users.name,
      avatar: users.avatar,
      sex: users.sex,
      membershipId: memberships.id,
      identityType: memberships.identityType,
      majorName: memberships.majorName,
      organisationId: organisations.id,
      organisationName: organisations.name,
      organisationCode: organisations.code,
      leafId: leaf.id,
      leafName: leaf.name,
      leafCode: leaf.code,
      courseMask: coursePm.mask,
      qomMask: qomPm.mask,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(issuer, eq(issuer.id, sessions.idpSessionId))
    .leftJoin(memberships, eq(memberships.id, sessions.membershipId))
    .leftJoin(organisations, eq(organisations.id, memberships.organisationId))
    .leftJoin(leaf, eq(leaf.id, memberships.leafOrganisationId))
    .leftJoin(coursePm, and(eq(coursePm.membershipId, memberships.id), eq(coursePm.module, 'course')))
    .leftJoin(qomPm, and(eq(qomPm.membershipId, memberships.id), eq(qomPm.module, 'qom')))
    .where(
      and(eq(sessions.tokenHash, sql.placeholder('tokenHash')), eq(sessions.kind, sql.placeholder('kind'))),
    )
    .limit(1)
    .prepare('session_actor');

// Every request runs this query: prepared once per database handle.
const prepared = new WeakMap<Db, ReturnType<typeof actorQuery>>();

/** The session with its user, current membership and masks, by token hash (revoked/expired included). */
export const findSessionActor = async (db: Db, tokenHash: string, kind: SessionKind) => {
  let query = prepared.get(db);
  if (!query) {
    query = actorQuery(db);
    prepared.set(db, query);
  }
  const [row] = await query.execute({ tokenHash, kind });
  return row ?? null;
};

export const touchSession = async (db: Db, id: number, at: Date) => {
  await db.update(sessions).set({ lastSeenAt: at }).where(eq(sessions.id, id));
};

/** Revokes a live session; its user's id, or null when there was no live session `id`. */
export const revokeSession = async (db: Db, id: number, at: Date) => {
  const [row] = await db
    .update(sessions)
    .set({ revokedAt: at })
    .where(and(eq(sessions.id, id), isNull(sessions.revokedAt)))
    .returning({ userId: sessions.userId });
  return row?.userId ?? null;
};

/**
 * Revokes a session and the identity provider's session that issued it, in one statement (sign-out).
 * Returns the user's id, or null when neither was live.
 */
export const revokeSessionAndIssuer = async (db: Db, id: number, issuerId: number | null, at: Date) => {
  const ids = issuerId === null ? [id] : [id, issuerId];
  const rows = await db
    .update(sessions)
    .set({ revokedAt: at })
    .where(and(inArray(sessions.id, ids), isNull(sessions.revokedAt)))
    .returning({ userId: sessions.userId });
  return rows[0]?.userId ?? null;
};

/** Revokes every live session of a user except `exceptId` (after a password change). */
export const revokeUserSessions = async (db: Db, userId: number, at: Date, exceptId?: number) => {
  await db
    .update(sessions)
    .set({ revokedAt: at })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        exceptId === undefined ? undefined : ne(sessions.id, exceptId),
      ),
    );
};

export const setSessionMembership = async (db: Db, id: number, membershipId: number) => {
  await db.update(sessions).set({ membershipId }).where(eq(sessions.id, id));
};

/** Test and maintenance helper: moves a session's expiry; its user's id, or null when there is no `id`. */
export const setSessionExpiry = async (db: Db, id: number, expiresAt: Date) => {
  const [row] = await db
    .update(sessions)
    .set({ expiresAt })
    .where(eq(sessions.id, id))
    .returning({ userId: sessions.userId });
  return row?.userId ?? null;
};
