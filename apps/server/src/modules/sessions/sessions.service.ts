import { MSG, type SessionRefresh, toRole, type VerifyResult } from '@uplus/shared';
import type { Db } from '../../db/client';
import { AppError } from '../../http/errors';
import type { Actor } from './actor';
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
}) => {
  const token = newToken();
  const expiresAt = new Date(opts.now.getTime() + opts.ttlHours * 3_600_000);
  const id = await repo.insertSession(opts.db, {
    kind: opts.kind,
    tokenHash: hashToken(token),
    userId: opts.userId,
    membershipId: opts.membershipId,
    expiresAt,
  });
  return { id, token, expiresAt };
};

/**
 * Resolves a token to the actor, or null when it is missing, malformed, unknown, of another kind, expired
 * or revoked.
 */
export const resolveSession = async (opts: {
  db: Db;
  token: unknown;
  kind: repo.SessionKind;
  now: Date;
}): Promise<Actor | null> => {
  if (!looksLikeToken(opts.token)) return null;
  const row = await repo.findSessionActor(opts.db, hashToken(opts.token), opts.kind);
  if (!row || row.revokedAt || row.expiresAt.getTime() <= opts.now.getTime()) return null;
  if (opts.now.getTime() - row.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
    await repo.touchSession(opts.db, row.sessionId, opts.now);
  }
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
      identityType: m?.role ?? toRole(undefined),
      majorName: m?.majorName ?? '',
    },
    pms: { course: maskToNumber(opts.actor.masks.course), qom: maskToNumber(opts.actor.masks.qom) },
  };
};

/** `POST /api/base/logout`: revokes the token the call came with. */
export const logout = async (opts: { db: Db; actor: Actor; now: Date }) => {
  await repo.revokeSession(opts.db, opts.actor.sessionId, opts.now);
};

/** Revokes a session found by its token (the identity provider's sign-out). */
export const revokeByToken = async (opts: { db: Db; token: unknown; kind: repo.SessionKind; now: Date }) => {
  const actor = await resolveSession(opts);
  if (actor) await repo.revokeSession(opts.db, actor.sessionId, opts.now);
};

/** Moves a session to another membership of its user (organisation switch). */
export const moveSession = (opts: { db: Db; sessionId: number; membershipId: number }) =>
  repo.setSessionMembership(opts.db, opts.sessionId, opts.membershipId);

/** Revokes every live session of a user except one (after a password change). */
export const revokeOtherSessions = (opts: { db: Db; userId: number; keepSessionId: number; now: Date }) =>
  repo.revokeUserSessions(opts.db, opts.userId, opts.now, opts.keepSessionId);
