import { idpLoginBody, idpPasswordBody, MSG } from '@uplus/shared';
import { AppError } from '../../core/errors';
import type { Db } from '../../db/client';
import type { Actor } from '../sessions/actor';
import {
  issueSession,
  resolveSession,
  revokeByToken,
  revokeOtherSessions,
} from '../sessions/sessions.service';
import { isDeploymentHost } from '../site/site.service';
import { verifyPassword } from '../users/passwords';
import * as users from '../users/users.service';
import {
  ACCOUNT_FAILURE_LIMIT,
  ADDRESS_FAILURE_LIMIT,
  ATTEMPT_RETENTION_MS,
  FAILURE_WINDOW_MS,
  type OriginCheck,
} from './idp.policy';
import * as repo from './idp.repo';

/** A form field error: which field (or none for the whole form) and the message. */
export class FieldError extends AppError {
  readonly field: string | undefined;

  constructor(code: number, message: string, field?: string) {
    super(code, message);
    this.field = field;
  }
}

const firstIssue = (issues: readonly { message: string; path: readonly PropertyKey[] }[]) => {
  const issue = issues[0];
  return new FieldError(
    400,
    issue?.message ?? MSG.badRequest,
    issue ? String(issue.path[0] ?? '') : undefined,
  );
};

/** 429 when the account or the address has used up its failed attempts in the window. */
const assertNotLimited = async (opts: { db: Db; username: string; address: string; now: Date }) => {
  const windowStart = new Date(opts.now.getTime() - FAILURE_WINDOW_MS);
  const lastSuccess = await repo.lastAccountSuccess(opts.db, opts.username);
  const accountSince = lastSuccess && lastSuccess > windowStart ? lastSuccess : windowStart;
  const [account, address] = await Promise.all([
    repo.countAccountFailures(opts.db, opts.username, accountSince),
    repo.countAddressFailures(opts.db, opts.address, windowStart),
  ]);
  if (account >= ACCOUNT_FAILURE_LIMIT || address >= ADDRESS_FAILURE_LIMIT) {
    throw new FieldError(429, MSG.tooManyAttempts);
  }
};

const recordAttempt = async (opts: {
  db: Db;
  username: string;
  address: string;
  success: boolean;
  now: Date;
}) => {
  await repo.insertAttempt(opts.db, { ...opts, at: opts.now });
  if (!opts.success)
    await repo.deleteAttemptsBefore(opts.db, new Date(opts.now.getTime() - ATTEMPT_RETENTION_MS));
};

/**
 * Checks a user name and password, rate-limited per account and per address. Wrong credentials give 400
 * 用户名或密码错误 (not 401: to the app 401 means "go and sign in").
 */
export const authenticate = async (opts: {
  db: Db;
  username: unknown;
  password: unknown;
  address: string;
  now: Date;
}) => {
  const parsed = idpLoginBody.safeParse({ username: opts.username ?? '', password: opts.password ?? '' });
  if (!parsed.success) throw firstIssue(parsed.error.issues);
  const key = parsed.data.username.toLowerCase();
  await assertNotLimited({ db: opts.db, username: key, address: opts.address, now: opts.now });
  const user = await users.findUserByUsername({ db: opts.db, username: parsed.data.username });
  const valid = await verifyPassword(user?.passwordHash ?? null, parsed.data.password);
  await recordAttempt({ db: opts.db, username: key, address: opts.address, success: valid, now: opts.now });
  if (!user || !valid) throw new FieldError(400, MSG.badCredentials);
  return user;
};

/**
 * Whether an absolute redirect target belongs to the platform: one of the public origins (PUBLIC_ORIGINS,
 * by default loopback on PORT), or a deployment's host name on the default port or the server's own port.
 * The request's Host header plays no part: a client can send any.
 */
export const platformOrigins = (opts: {
  db: Db;
  publicOrigins: readonly string[];
  port: number;
}): OriginCheck => {
  const origins = new Set(opts.publicOrigins);
  return async (url) =>
    origins.has(url.origin) ||
    ((url.port === '' || url.port === String(opts.port)) &&
      (await isDeploymentHost({ db: opts.db, host: url.hostname })));
};

/**
 * Issues the sign-in ticket (an access token) starting in the user's default organisation. A ticket issued
 * from the provider's session (`idpSessionId`) ends when that session ends (sign-out anywhere).
 */
export const issueTicket = async (opts: {
  db: Db;
  userId: number;
  ttlHours: number;
  now: Date;
  idpSessionId?: number | null;
}) => {
  const membership = await users.getStartMembership({ db: opts.db, userId: opts.userId });
  const session = await issueSession({
    db: opts.db,
    kind: 'access',
    userId: opts.userId,
    membershipId: membership?.id ?? null,
    ttlHours: opts.ttlHours,
    now: opts.now,
    idpSessionId: opts.idpSessionId ?? null,
  });
  return { ticket: session.token, expiresAt: session.expiresAt.getTime() };
};

/** Starts the identity provider's own cookie session. */
export const startIdpSession = async (opts: { db: Db; userId: number; ttlHours: number; now: Date }) =>
  issueSession({
    db: opts.db,
    kind: 'idp',
    userId: opts.userId,
    membershipId: null,
    ttlHours: opts.ttlHours,
    now: opts.now,
  });

/** The user behind the identity provider's cookie, or null. */
export const resolveIdpSession = (opts: { db: Db; token: unknown; now: Date }) =>
  resolveSession({ db: opts.db, token: opts.token, kind: 'idp', now: opts.now });

/** Ends the identity provider's cookie session. */
export const endIdpSession = (opts: { db: Db; token: unknown; now: Date }) =>
  revokeByToken({ db: opts.db, token: opts.token, kind: 'idp', now: opts.now });

/** Profile: change the display name. */
export const changeName = async (opts: { db: Db; actor: Actor; name: unknown; now: Date }) => {
  try {
    return await users.changeName({
      db: opts.db,
      userId: opts.actor.userId,
      name: String(opts.name ?? ''),
      now: opts.now,
    });
  } catch (error) {
    if (error instanceof AppError) throw new FieldError(error.code, error.message, 'name');
    throw error;
  }
};

/**
 * Profile: change the password after checking the old one (failures count against the account's
 * sign-in limit). Every other session of the user, app tokens included, is revoked.
 */
export const changePassword = async (opts: {
  db: Db;
  actor: Actor;
  body: { oldPassword?: unknown; newPassword?: unknown; confirmPassword?: unknown };
  address: string;
  now: Date;
}) => {
  const parsed = idpPasswordBody.safeParse({
    oldPassword: opts.body.oldPassword ?? '',
    newPassword: opts.body.newPassword ?? '',
    confirmPassword: opts.body.confirmPassword ?? '',
  });
  if (!parsed.success) throw firstIssue(parsed.error.issues);
  const key = opts.actor.username.toLowerCase();
  await assertNotLimited({ db: opts.db, username: key, address: opts.address, now: opts.now });
  const user = await users.findUserById({ db: opts.db, userId: opts.actor.userId });
  const valid = await verifyPassword(user?.passwordHash ?? null, parsed.data.oldPassword);
  if (!valid) {
    await recordAttempt({ db: opts.db, username: key, address: opts.address, success: false, now: opts.now });
    throw new FieldError(400, MSG.oldPasswordWrong, 'oldPassword');
  }
  if (parsed.data.newPassword === parsed.data.oldPassword) {
    throw new FieldError(400, '新密码不能与原密码相同', 'newPassword');
  }
  await users.setPassword({
    db: opts.db,
    userId: opts.actor.userId,
    password: parsed.data.newPassword,
    now: opts.now,
  });
  await revokeOtherSessions({
    db: opts.db,
    userId: opts.actor.userId,
    keepSessionId: opts.actor.sessionId,
    now: opts.now,
  });
};
