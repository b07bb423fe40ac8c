import {
  type AdminCertificateClaims,
  IDENTITY_TITLES,
  type IdentityType,
  idpNameBody,
  MSG,
  newPasswordSchema,
  type OrganMembership,
  toRole,
  type UserBasicInfo,
} from '@uplus/shared';
import { AppError } from '../../core/errors';
import type { Db } from '../../db/client';
import { getAncestorChain } from '../organisations/organisations.service';
import { type Actor, collegeCodeOf } from '../sessions/actor';
import {
  invalidateMembershipSessions,
  invalidateUserSessions,
  moveSession,
} from '../sessions/sessions.service';
import type { Secrets } from '../system/secrets';
import { hashPassword } from './passwords';
import { assertCollegeAdmin, assertSelf } from './users.policy';
import * as repo from './users.repo';

const USERNAME_RE = /^[A-Za-z0-9][A-Za-z0-9_.@-]{2,63}$/;
/** Lifetime of a college-admin certificate. */
export const ADMIN_CERTIFICATE_TTL_MS = 5 * 60_000;
const CERT_PURPOSE = 'admin-certificate';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message ?? MSG.badRequest;

/** Creates a user with an Argon2id password hash. */
export const createUser = async (opts: {
  db: Db;
  username: string;
  name: string;
  password: string;
  avatar?: string;
  sex?: '1' | '2';
}) => {
  const username = opts.username.trim();
  if (!USERNAME_RE.test(username)) throw AppError.badRequest('用户名须为3至64位字母、数字或 _ . @ -');
  const name = idpNameBody.safeParse({ name: opts.name });
  if (!name.success) throw AppError.badRequest(firstMessage(name));
  const password = newPasswordSchema.safeParse(opts.password);
  if (!password.success) throw AppError.badRequest(firstMessage(password));
  if (await repo.findUserByUsername(opts.db, username)) throw AppError.badRequest('用户名已存在');
  return repo.insertUser(opts.db, {
    username,
    name: name.data.name,
    passwordHash: await hashPassword(password.data),
    avatar: opts.avatar ?? '',
    sex: opts.sex ?? '1',
  });
};

/**
 * Makes a user a member of an organisation (school, area or college) acting in `leafOrganisationId`
 * (a college or class inside it; the organisation itself when omitted), with permission masks.
 */
export const addMembership = async (opts: {
  db: Db;
  userId: number;
  organisationId: number;
  leafOrganisationId?: number;
  identityType: IdentityType;
  isDefault?: boolean;
  majorName?: string;
  masks?: { course?: bigint | number; qom?: bigint | number };
}) => {
  const leafId = opts.leafOrganisationId ?? opts.organisationId;
  const chain = await getAncestorChain({ db: opts.db, organisationId: leafId });
  if (chain.length === 0) throw AppError.badRequest('机构不存在');
  if (!chain.some((n) => n.id === opts.organisationId))
    throw AppError.badRequest('所在班级或院系不属于该机构');
  if (await repo.findMembership(opts.db, opts.userId, opts.organisationId))
    throw AppError.badRequest('已是该机构成员');
  const first = !(await repo.findStartMembership(opts.db, opts.userId));
  const membership = await opts.db.transaction(async (tx) => {
    const row = await repo.insertMembership(tx, {
      userId: opts.userId,
      organisationId: opts.organisationId,
      leafOrganisationId: leafId,
      identityType: opts.identityType,
      isDefault: opts.isDefault ?? first,
      majorName: opts.majorName ?? '',
    });
    if (row.isDefault) await repo.clearOtherDefaults(tx, opts.userId, row.id);
    for (const [module, mask] of Object.entries(opts.masks ?? {})) {
      if (mask !== undefined) await repo.upsertMask(tx, row.id, module, BigInt(mask));
    }
    return row;
  });
  // No session acts in the new membership yet, but the user's memberships changed: cheap to be exact.
  await invalidateUserSessions({ db: opts.db, userId: opts.userId });
  return membership;
};

/** The membership a new sign-in starts in (null when the user belongs to no organisation). */
export const getStartMembership = (opts: { db: Db; userId: number }) =>
  repo.findStartMembership(opts.db, opts.userId);

/** `GET {portal}/users/basic_info` (spec 000 section 3.2). */
export const getBasicInfo = (opts: { actor: Actor }): UserBasicInfo => {
  const { actor } = opts;
  const m = actor.membership;
  return {
    name: actor.name,
    avatar: actor.avatar,
    sex: actor.sex || '1',
    userid: String(actor.userId),
    organId: m ? String(m.organisationId) : '',
    organName: m?.organisationName ?? '',
    organLeafOrganId: m ? String(m.leafId) : '',
    organLeafOrganName: m?.leafName ?? '',
    organCode: m?.organisationCode ?? '',
    username: actor.username,
    organIdentityType: m?.role ?? toRole(undefined),
  };
};

/** `GET {portal}/users/{id}?organName=`: the caller's own organisations, optionally filtered by name. */
export const listMyOrganisations = async (opts: {
  db: Db;
  actor: Actor;
  userId: string;
  organName?: string;
}): Promise<OrganMembership[]> => {
  assertSelf(opts.actor, opts.userId);
  const filter = opts.organName?.trim() || undefined;
  const rows = await repo.listMembershipsOfUser(opts.db, opts.actor.userId, filter);
  return rows.map((r) => {
    const role = toRole(r.identityType);
    return {
      id: String(r.organisationId),
      name: r.organisationName,
      leafOrganName: r.leafName,
      identityTypeTitle: IDENTITY_TITLES[role],
      identityType: role,
      organizedCode: r.organisationCode,
      defaultOrgan: r.isDefault,
    };
  });
};

/**
 * `POST {portal}/users/switch`: moves the session to another organisation of the user's, and makes it the
 * default for the next sign-in. 403 for an organisation the user does not belong to.
 */
export const switchOrganisation = async (opts: { db: Db; actor: Actor; switchToOrganId: string }) => {
  const id = /^[0-9]{1,15}$/.test(opts.switchToOrganId) ? Number(opts.switchToOrganId) : null;
  const membership = id === null ? null : await repo.findMembership(opts.db, opts.actor.userId, id);
  if (!membership) throw AppError.forbidden(MSG.notMemberOfOrgan);
  await opts.db.transaction(async (tx) => {
    await moveSession({ db: tx, sessionId: opts.actor.sessionId, membershipId: membership.id });
    await repo.setDefaultMembership(tx, opts.actor.userId, membership.id);
  });
  await invalidateUserSessions({ db: opts.db, userId: opts.actor.userId });
  const [organisation] = await getAncestorChain({ db: opts.db, organisationId: membership.organisationId });
  return {
    organId: String(membership.organisationId),
    organName: organisation?.name ?? '',
    role: toRole(membership.identityType),
  };
};

/**
 * `GET /api/base/users/admin_certificate`: a certificate (valid 5 minutes, HMAC-signed) naming the user,
 * the college they administer and the expiry, and the admin site address carrying it.
 */
export const issueAdminCertificate = async (opts: {
  actor: Actor;
  secrets: Secrets;
  now: Date;
  adminUrl: string;
}) => {
  const membership = assertCollegeAdmin(opts.actor);
  const expiresAt = opts.now.getTime() + ADMIN_CERTIFICATE_TTL_MS;
  const claims: AdminCertificateClaims = {
    userid: String(opts.actor.userId),
    username: opts.actor.username,
    name: opts.actor.name,
    collegeId: String(membership.organisationId),
    collegeCode: collegeCodeOf(opts.actor),
    collegeName: membership.organisationName,
    expiresAt,
  };
  const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
  const certificate = `${payload}.${opts.secrets.sign(CERT_PURPOSE, payload)}`;
  const separator = opts.adminUrl.includes('?') ? '&' : '?';
  return {
    certificate,
    expiresAt,
    url: `${opts.adminUrl}${separator}certificate=${encodeURIComponent(certificate)}`,
  };
};

/** `POST /api/base/users/admin_certificate/verify`: the claims of a genuine, unexpired certificate. */
export const verifyAdminCertificate = (opts: {
  certificate: string;
  secrets: Secrets;
  now: Date;
}): AdminCertificateClaims => {
  const [payload, signature, ...rest] = opts.certificate.split('.');
  if (!payload || !signature || rest.length > 0 || !opts.secrets.verify(CERT_PURPOSE, payload, signature)) {
    throw AppError.badRequest(MSG.certificateInvalid);
  }
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as AdminCertificateClaims;
  if (!(claims.expiresAt > opts.now.getTime())) throw AppError.badRequest(MSG.certificateInvalid);
  return claims;
};

/** Changes the display name (identity provider profile). */
export const changeName = async (opts: { db: Db; userId: number; name: string; now: Date }) => {
  const parsed = idpNameBody.safeParse({ name: opts.name });
  if (!parsed.success) throw AppError.badRequest(firstMessage(parsed));
  await repo.updateUserName(opts.db, opts.userId, parsed.data.name, opts.now);
  await invalidateUserSessions({ db: opts.db, userId: opts.userId });
  return parsed.data.name;
};

export const findUserByUsername = (opts: { db: Db; username: string }) =>
  repo.findUserByUsername(opts.db, opts.username);
export const findUserById = (opts: { db: Db; userId: number }) => repo.findUserById(opts.db, opts.userId);
export const countUsers = (opts: { db: Db }) => repo.countUsers(opts.db);

/** Stores a new password hash (the caller has checked the old password and the rule). */
export const setPassword = async (opts: { db: Db; userId: number; password: string; now: Date }) => {
  const parsed = newPasswordSchema.safeParse(opts.password);
  if (!parsed.success) throw AppError.badRequest(firstMessage(parsed));
  await repo.updatePasswordHash(opts.db, opts.userId, await hashPassword(parsed.data), opts.now);
};

/** Sets a permission mask of a membership (course, qom). */
export const setMembershipMask = async (opts: {
  db: Db;
  membershipId: number;
  module: 'course' | 'qom';
  mask: bigint;
}) => {
  await repo.upsertMask(opts.db, opts.membershipId, opts.module, opts.mask);
  await invalidateMembershipSessions({ db: opts.db, membershipId: opts.membershipId });
};
