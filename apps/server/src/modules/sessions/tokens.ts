import { createHash, randomBytes } from 'node:crypto';

/** A new token: 32 random bytes (256 bits), base64url. */
export const newToken = (): string => randomBytes(32).toString('base64url');

/** What the database keeps instead of the token. */
export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/** Tokens are exactly 43 base64url characters; anything else is rejected without a database query. */
export const looksLikeToken = (value: unknown): value is string =>
  typeof value === 'string' && /^[A-Za-z0-9_-]{43}$/.test(value);
