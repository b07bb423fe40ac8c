import { MSG, type SessionRefresh, toRole, type VerifyResult } from '@uplus/shared';
import { AppError } from '../../core/errors';
import type { Db } from '../../db/client';
import { type Actor, collegeCodeOf } from './actor';
import { type SessionCache, sessionCacheKey } from './session-cache';
import { publishSessionInvalidation } from './session-invalidation';
import * as repo from './sessions.repo';
import { hashToken, looksLikeToken, newToken } from './tokens';

/** last_seen_at is written at most once a minute per session, so reads stay reads. */
const TOUCH_INTERVAL_MS = 60_000;

/** Issues a token of `kind` for a user; only its hash is stored. */
export const issueSession = async (opts: {
  db: Db;
  kind: repo.SessionKind;
  userId: number;
  membershipId: number | null;
  ttlHours: number;
  now: Date;
  /** the identity provider's session issuing an access token: ending it ends the token too */
  idpSessionId?: number | null;
}) => {
  const token = newToken();
  const expiresAt = new Date(opts.now.getTime() + opts.ttlHours * 3_600_000);
  const id = await repo.insertSession(opts.db, {
    kind: opts.kind,
    tokenHash: hashToken(token),
    userId: opts.userId,
    membershipId: opts.membershipId,
    expiresAt,
    idpSessionId: opts.idpSessionId ?? null,
  });
  return { id, token, expiresAt };
};

type ActorRow = NonNullable<Awaited<ReturnType<typeof repo.findSessionActor>>>;

const toActor = (row: ActorRow): Actor => {
  const hasMembership =
    row.membershipId !== null &&
    row.organisationId !== null &&
    row.leafId !== null &&
    row.identityType !== null;
  return {
    userId: row.userId,
    username: row.username,
    name: row.name,
    avatar: row.avatar,
    sex: row.sex,
    sessionId: row.sessionId,
    idpSessionId: row.issuerId,
    expiresAt: row.expiresAt,
    membership: hasMembership
      ? {
          id: row.membershipId!,
          organisationId: row.organisationId!,
          organisationName: row.organisationName ?? '',
          organisationCode: row.organisationCode ?? '',
          leafId: row.leafId!,
          leafName: row.leafName ?? '',
          leafCode: row.leafCode ?? '',
          role: toRole(row.identityType),
          majorName: row.majorName ?? '',
        }
      : null,
    masks: { course: row.courseMask ?? 0n, qom: row.qomMask ?? 0n },
  };
};

/**
 * Resolves a token to the actor, or null when it is missing, malformed, unknown, of another kind, expired
 * or revoked. With a `cache` a live session is read from the database once per TTL (decision 0006); its
 * expiry is still checked on every call, and every change to it drops it (`invalidate*` below).
 */
export const resolveSession = async (opts: {
  db: Db;
  token: unknown;
  kind: repo.SessionKind;
  now: Date;
  cache?: SessionCache | null;
}): Promise<Actor | null> => {
  if (!looksLikeToken(opts.token)) return null;
  const nowMs = opts.now.getTime();
  const tokenHash = hashToken(opts.token);
  const key = sessionCacheKey(opts.kind, tokenHash);
  let session = opts.cache?.get(key, nowMs);
  if (!session) {
    const generation = opts.cache?.generation() ?? 0;
    const row = await repo.findSessionActor(opts.db, tokenHash, opts.kind);
    if (!row || row.revokedAt || row.expiresAt.getTime() <= nowMs) return null;
    // Signed out at the identity provider: every token its session issued ends with it, also one issued
    // while the sign-out was on its way (a second tab's silent sign-in).
    if (row.issuerRevokedAt) return null;
    session = { actor: toActor(row), lastSeenAt: row.lastSeenAt.getTime() };
    if (opts.cache) session = opts.cache.set(key, session, generation, nowMs);
  }
  if (session.actor.expiresAt.getTime() <= nowMs) {
    opts.cache?.delete(key);
    return null;
  }
  if (nowMs - session.lastSeenAt > TOUCH_INTERVAL_MS) {
    // Marked before the write: the requests arriving meanwhile do not write it again.
    session.lastSeenAt = nowMs;
    await repo.touchSession(opts.db, session.actor.sessionId, opts.now);
  }
  return session.actor;
};

/** Masks go out as numbers: exact below 2^53, which every defined bit is. */
export const maskToNumber = (mask: bigint): number => {
  if (mask < 0n || mask > BigInt(Number.MAX_SAFE_INTEGER)) throw new AppError(500, MSG.internalError);
  return Number(mask);
};

/** `GET /api/login/verify`. */
export const verifySession = (opts: { actor: Actor }): VerifyResult => ({
  valid: true,
  userid: String(opts.actor.userId),
  memberId: opts.actor.membership ? String(opts.actor.membership.id) : '',
  username: opts.actor.username,
  role: opts.actor.membership?.role ?? toRole(undefined),
  expiresAt: opts.actor.expiresAt.getTime(),
});

/** `GET /api/base/session/refresh_token`: the current organisation and permission masks. */
export const refreshSession = (opts: { actor: Actor }): SessionRefresh => {
  const m = opts.actor.membership;
  return {
    organ: {
      id: m ? String(m.organisationId) : '',
      name: m?.organisationName ?? '',
      leafOrganCode: m?.leafCode ?? '',
      collegeCode: collegeCodeOf(opts.actor),
      identityType: m?.role ?? toRole(undefined),
      majorName: m?.majorName ?? '',
    },
    pms: { course: maskToNumber(opts.actor.masks.course), qom: maskToNumber(opts.actor.masks.qom) },
  };
};

/** Drops a user's cached sessions, on every instance: after any change to them or to the user's profile. */
export const invalidateUserSessions = (opts: { db: Db; userId: number }) =>
  publishSessionInvalidation(opts.db, { userId: opts.userId });

/** Drops the cached sessions acting in a membership, on every instance: after its masks change. */
export const invalidateMembershipSessions = (opts: { db: Db; membershipId: number }) =>
  publishSessionInvalidation(opts.db, { membershipId: opts.membershipId });

/** Drops every cached session, on every instance: after a change to many (an organisation's name). */
export const invalidateAllSessions = (opts: { db: Db }) => publishSessionInvalidation(opts.db, { all: true });

/**
 * `POST /api/base/logout`: revokes the token the call came with and, in the same statement, the identity
 * provider's session that issued it, so no tab can get a new ticket from that session once this answers
 * (and every other ticket it issued ends too).
 */
export const logout = async (opts: { db: Db; actor: Actor; now: Date }) => {
  await repo.revokeSessionAndIssuer(opts.db, opts.actor.sessionId, opts.actor.idpSessionId ?? null, opts.now);
  await invalidateUserSessions({ db: opts.db, userId: opts.actor.userId });
};

/** Revokes a session found by its token (the identity provider's sign-out). */
export const revokeByToken = async (opts: { db: Db; token: unknown; kind: repo.SessionKind; now: Date }) => {
  const actor = await resolveSession(opts);
  if (!actor) return;
  await repo.revokeSession(opts.db, actor.sessionId, opts.now);
  await invalidateUserSessions({ db: opts.db, userId: actor.userId });
};

/** Revokes one session by id (maintenance and tests). */
export const revokeSession = async (opts: { db: Db; sessionId: number; now: Date }) => {
  const userId = await repo.revokeSession(opts.db, opts.sessionId, opts.now);
  if (userId !== null) await invalidateUserSessions({ db: opts.db, userId });
};

/**
 * Moves a session to another membership of its user (organisation switch). Runs inside the caller's
 * transaction: call `invalidateUserSessions` once it has committed.
 */
export const moveSession = (opts: { db: Db; sessionId: number; membershipId: number }) =>
  repo.setSessionMembership(opts.db, opts.sessionId, opts.membershipId);

/** Revokes every live session of a user except one (after a password change). */
export const revokeOtherSessions = async (opts: {
  db: Db;
  userId: number;
  keepSessionId: number;
  now: Date;
}) => {
  await repo.revokeUserSessions(opts.db, opts.userId, opts.now, opts.keepSessionId);
  await invalidateUserSessions({ db: opts.db, userId: opts.userId });
};

/** Moves a session's expiry (maintenance and tests). */
export const setSessionExpiry = async (opts: { db: Db; sessionId: number; expiresAt: Date }) => {
  const userId = await repo.setSessionExpiry(opts.db, opts.sessionId, opts.expiresAt);
  if (userId !== null) await invalidateUserSessions({ db: opts.db, userId });
};
