import { and, count, eq, gt, lt, max } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { loginAttempts } from '../../db/schema';

export const insertAttempt = async (
  db: Db,
  values: { username: string; address: string; success: boolean; at: Date },
) => {
  await db.insert(loginAttempts).values({
    username: values.username,
    address: values.address,
    success: values.success,
    createdAt: values.at,
  });
};

/** Failed attempts whose `key` (account or address) is `value`, since `since`. */
const countFailuresSince = async (
  db: Db,
  key: typeof loginAttempts.username | typeof loginAttempts.address,
  value: string,
  since: Date,
) => {
  const [row] = await db
    .select({ n: count() })
    .from(loginAttempts)
    .where(and(eq(key, value), eq(loginAttempts.success, false), gt(loginAttempts.createdAt, since)));
  return row?.n ?? 0;
};

/** Failed attempts for an account since `since`. */
export const countAccountFailures = (db: Db, username: string, since: Date) =>
  countFailuresSince(db, loginAttempts.username, username, since);

/** Failed attempts from an address since `since`. */
export const countAddressFailures = (db: Db, address: string, since: Date) =>
  countFailuresSince(db, loginAttempts.address, address, since);

/** When the account last signed in successfully (null when never). */
export const lastAccountSuccess = async (db: Db, username: string) => {
  const [row] = await db
    .select({ at: max(loginAttempts.createdAt) })
    .from(loginAttempts)
    .where(and(eq(loginAttempts.username, username), eq(loginAttempts.success, true)));
  return row?.at ?? null;
};

export const deleteAttemptsBefore = async (db: Db, before: Date) => {
  await db.delete(loginAttempts).where(lt(loginAttempts.createdAt, before));
};
