import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  index,
  pgTable,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { createdAt, identityId, ownerRef } from './columns';
import { memberships, users } from './users';

/**
 * Sessions: `access` ones are the app's tokens (the sign-in ticket), `idp` ones are the identity provider's
 * own cookie sessions. Only the SHA-256 of a token is stored.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: identityId(),
    tokenHash: text('token_hash').notNull().unique(),
    kind: text('kind').notNull(),
    userId: ownerRef('user_id', () => users.id),
    /** the organisation membership the session currently acts in */
    membershipId: bigint('membership_id', { mode: 'number' }).references(() => memberships.id, {
      onDelete: 'set null',
    }),
    /**
     * for an access token: the identity provider's session that issued it. Ending that session (sign-out)
     * ends every token it issued, also one issued a moment before in another tab.
     */
    idpSessionId: bigint('idp_session_id', { mode: 'number' }).references((): AnyPgColumn => sessions.id, {
      onDelete: 'cascade',
    }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('sessions_user_idx').on(t.userId),
    // Finding the tokens of an identity-provider session (its sign-out, the cascade when it is deleted).
    index('sessions_idp_session_idx').on(t.idpSessionId),
    check('sessions_kind_check', sql`${t.kind} in ('access', 'idp')`),
  ],
);

/** Sign-in attempts, kept so that every instance applies the same rate limits. */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: identityId(),
    /** lower-case user name as typed */
    username: text('username').notNull(),
    address: text('address').notNull(),
    success: boolean('success').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('login_attempts_username_idx').on(t.username, t.createdAt),
    index('login_attempts_address_idx').on(t.address, t.createdAt),
    index('login_attempts_created_idx').on(t.createdAt),
  ],
);
