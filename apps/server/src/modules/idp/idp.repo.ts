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

/** Failed attempts for an account since `since`. */
export const countAccountFailures = async (db: Db, username: string, since: Date) => {
  const [row] = await db
    .select({ n: count() })
    .from(loginAttempts)
    .where(
      and(
        eq(loginAttempts.username, username),
        eq(loginAttempts.success, false),
        gt(loginAttempts.createdAt, since),
      ),
    );
  return row?.n ?? 0;
};

/** Failed attempts from an address since `since`. */
export const countAddressFailures = async (db: Db, address: string, since: Date) => {
  const [row] = await db
    .select({ n: count() })
    .from(loginAttempts)
    .where(
      and(
        eq(loginAttempts.address, address),
        eq(loginAttempts.success, false),
        gt(loginAttempts.createdAt, since),
      ),
    );
  return row?.n ?? 0;
};

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
