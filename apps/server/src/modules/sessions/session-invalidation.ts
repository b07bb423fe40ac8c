import { PgTransaction } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { type NotificationBus, notify } from '../../db/notify';
import type { SessionCache } from './session-cache';

/** Channel of session-cache invalidations between server instances on one database. */
export const SESSION_INVALIDATE_CHANNEL = 'uplus_session_invalidate';

const id = z.number().int().positive();
/** What changed: one user's sessions or profile, one membership's masks, or anything (`all`). */
export const sessionInvalidation = z.union([
  z.object({ userId: id }).strict(),
  z.object({ membershipId: id }).strict(),
  z.object({ all: z.literal(true) }).strict(),
]);
export type SessionInvalidation = z.infer<typeof sessionInvalidation>;

const apply = (cache: SessionCache, message: SessionInvalidation) => {
  if ('userId' in message) cache.invalidateUser(message.userId);
  else if ('membershipId' in message) cache.invalidateMembership(message.membershipId);
  else cache.clear();
};

/** The caches of this process reading `db`: a write through `db` drops their entries at once. */
const cachesByDb = new WeakMap<Db, Set<SessionCache>>();

/**
 * Connects a cache to the writes on its database: writes through `db` in this process drop entries
 * before they return; writes by other instances arrive as notifications. While the bus is disconnected
 * the cache is offline (cleared and bypassed), so it never serves a session whose change it missed.
 * Returns the function that detaches it.
 */
export const attachSessionCache = async (opts: {
  db: Db;
  cache: SessionCache;
  bus: NotificationBus;
  log: { warn: (obj: object, msg: string) => void };
}): Promise<() => Promise<void>> => {
  let set = cachesByDb.get(opts.db);
  if (!set) {
    set = new Set();
    cachesByDb.set(opts.db, set);
  }
  set.add(opts.cache);
  const stopWatching = opts.bus.onConnectionChange((connected) => opts.cache.setOnline(connected));
  const unsubscribe = await opts.bus.subscribe(SESSION_INVALIDATE_CHANNEL, (payload) => {
    let message: SessionInvalidation;
    try {
      message = sessionInvalidation.parse(JSON.parse(payload));
    } catch {
      // Someone speaks another version on this channel: dropping everything is always safe.
      opts.log.warn(
        { channel: SESSION_INVALIDATE_CHANNEL },
        'unreadable session invalidation; cache cleared',
      );
      opts.cache.clear();
      return;
    }
    apply(opts.cache, message);
  });
  opts.cache.setOnline(opts.bus.isConnected());
  return async () => {
    stopWatching();
    cachesByDb.get(opts.db)?.delete(opts.cache);
    opts.cache.setOnline(false);
    await unsubscribe();
  };
};

/**
 * Drops the cached sessions `message` names in this process, then tells the other instances. Call it
 * after the write has committed, with the database handle: dropped before the commit, an entry could be
 * loaded again from the old row. Inside a transaction (the seed) only the notification goes out, at
 * commit; this process then drops its entries when the notification arrives, like every other.
 */
export const publishSessionInvalidation = async (db: Db, message: SessionInvalidation): Promise<void> => {
  if (!(db instanceof PgTransaction)) {
    for (const cache of cachesByDb.get(db) ?? []) apply(cache, message);
  }
  await notify(db, SESSION_INVALIDATE_CHANNEL, JSON.stringify(message));
};
