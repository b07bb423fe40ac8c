import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { appSecrets } from '../../db/schema';

/** Stores `value` under `name` unless one exists, then returns the stored one (race-safe across instances). */
export const getOrInsertSecret = async (db: Db, name: string, value: string): Promise<string> => {
  await db.insert(appSecrets).values({ name, value }).onConflictDoNothing({ target: appSecrets.name });
  const [row] = await db
    .select({ value: appSecrets.value })
    .from(appSecrets)
    .where(eq(appSecrets.name, name));
  return row!.value;
};
