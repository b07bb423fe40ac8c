import type { Actor } from './actor';

/** A resolved session as the cache keeps it. */
export type CachedSession = {
  /** frozen: shared by every request that carries the token */
  actor: Actor;
  /** when the session was last marked as used (ms), to write last_seen_at at most once a minute */
  lastSeenAt: number;
};

type Entry = CachedSession & { key: string; cachedAt: number };

/** Counters for tests and diagnostics. */
export type SessionCacheStats = { hits: number; misses: number; size: number };

/**
 * Resolved access tokens of this process, least recently used first out. An entry is served for at most
 * `ttlMs`; before that it goes when its user's sessions change (`invalidateUser`), when its membership's
 * masks change (`invalidateMembership`), or when everything is dropped (`clear`). While `setOnline(false)`
 * (the notifications from other instances may be missed) it holds nothing and serves nothing.
 *
 * A load that started before an invalidation is not stored (`generation`): its row may predate the write.
 */
export type SessionCache = {
  /** The entry of `key`, or undefined (unknown, older than the TTL, or the cache is offline). */
  get: (key: string, nowMs: number) => CachedSession | undefined;
  /** Call before reading a session from the database; pass the value to `set`. */
  generation: () => number;
  /**
   * Stores a session read from the database, unless anything was invalidated since `generation`.
   * Returns what later hits will see (`value` itself when it was not stored).
   */
  set: (key: string, value: CachedSession, generation: number, nowMs: number) => CachedSession;
  delete: (key: string) => void;
  invalidateUser: (userId: number) => void;
  invalidateMembership: (membershipId: number) => void;
  clear: () => void;
  /** Offline: cleared and bypassed until online again. */
  setOnline: (online: boolean) => void;
  isOnline: () => boolean;
  stats: () => SessionCacheStats;
};

/** The cache key of a token: its hash and the session kind (never the token itself). */
export const sessionCacheKey = (kind: string, tokenHash: string) => `${kind}:${tokenHash}`;

/** Deep-freezes an actor: cached actors are shared, no request may change one. */
export const freezeActor = (actor: Actor): Actor => {
  if (actor.membership) Object.freeze(actor.membership);
  Object.freeze(actor.masks);
  return Object.freeze(actor);
};

export const createSessionCache = (options: {
  ttlMs: number;
  maxEntries: number;
  /** starts offline when the invalidation notifications are not flowing yet */
  online?: boolean;
}): SessionCache => {
  // A Map iterates in insertion order: re-inserting on every hit keeps the least recently used first.
  const entries = new Map<string, Entry>();
  const byUser = new Map<number, Set<string>>();
  const byMembership = new Map<number, Set<string>>();
  let online = options.online ?? true;
  let generation = 0;
  let hits = 0;
  let misses = 0;

  const index = (map: Map<number, Set<string>>, id: number, key: string) => {
    let keys = map.get(id);
    if (!keys) {
      keys = new Set();
      map.set(id, keys);
    }
    keys.add(key);
  };
  const unindex = (map: Map<number, Set<string>>, id: number, key: string) => {
    const keys = map.get(id);
    if (!keys) return;
    keys.delete(key);
    if (keys.size === 0) map.delete(id);
  };
  const remove = (entry: Entry) => {
    entries.delete(entry.key);
    unindex(byUser, entry.actor.userId, entry.key);
    if (entry.actor.membership) unindex(byMembership, entry.actor.membership.id, entry.key);
  };
  const dropAll = (keys: Set<string> | undefined) => {
    generation++;
    for (const key of [...(keys ?? [])]) {
      const entry = entries.get(key);
      if (entry) remove(entry);
    }
  };
  const clear = () => {
    generation++;
    entries.clear();
    byUser.clear();
    byMembership.clear();
  };

  return {
    get: (key, nowMs) => {
      if (!online) return undefined;
      const entry = entries.get(key);
      if (!entry) {
        misses++;
        return undefined;
      }
      const age = nowMs - entry.cachedAt;
      // A clock that went back counts as expired too: an entry is never served longer than the TTL.
      if (age >= options.ttlMs || age < 0) {
        remove(entry);
        misses++;
        return undefined;
      }
      entries.delete(key);
      entries.set(key, entry);
      hits++;
      return entry;
    },
    generation: () => generation,
    set: (key, value, loadGeneration, nowMs) => {
      if (!online || loadGeneration !== generation) return value;
      const previous = entries.get(key);
      if (previous) remove(previous);
      const entry: Entry = { ...value, actor: freezeActor(value.actor), key, cachedAt: nowMs };
      entries.set(key, entry);
      index(byUser, entry.actor.userId, key);
      if (entry.actor.membership) index(byMembership, entry.actor.membership.id, key);
      while (entries.size > options.maxEntries) {
        const oldest = entries.values().next().value;
        if (!oldest) break;
        remove(oldest);
      }
      return entry;
    },
    delete: (key) => {
      const entry = entries.get(key);
      if (entry) remove(entry);
    },
    invalidateUser: (userId) => dropAll(byUser.get(userId)),
    invalidateMembership: (membershipId) => dropAll(byMembership.get(membershipId)),
    clear,
    setOnline: (value) => {
      online = value;
      clear();
    },
    isOnline: () => online,
    stats: () => ({ hits, misses, size: entries.size }),
  };
};
