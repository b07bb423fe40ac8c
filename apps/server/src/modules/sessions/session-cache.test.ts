import { describe, expect, it } from 'vitest';
import type { Actor } from './actor';
import { type CachedSession, createSessionCache, sessionCacheKey } from './session-cache';

const actor = (userId: number, membershipId: number | null = null): Actor => ({
  userId,
  username: `u${userId}`,
  name: '测试',
  avatar: '',
  sex: '1',
  sessionId: userId * 10,
  expiresAt: new Date(10_000_000),
  membership:
    membershipId === null
      ? null
      : {
          id: membershipId,
          organisationId: 1,
          organisationName: '大学',
          organisationCode: 'U',
          leafId: 2,
          leafName: '班',
          leafCode: 'C',
          role: 'Student',
          majorName: '',
        },
  masks: { course: 1n, qom: 0n },
});
const session = (userId: number, membershipId: number | null = null): CachedSession => ({
  actor: actor(userId, membershipId),
  lastSeenAt: 0,
});
const key = (n: number) => sessionCacheKey('access', `hash${n}`);

describe('session cache', () => {
  it('serves an entry until the TTL, not after, and not when the clock went back', () => {
    const cache = createSessionCache({ ttlMs: 1000, maxEntries: 10 });
    cache.set(key(1), session(1), cache.generation(), 5000);
    expect(cache.get(key(1), 5000)?.actor.userId).toBe(1);
    expect(cache.get(key(1), 5999)?.actor.userId).toBe(1);
    expect(cache.get(key(1), 6000)).toBeUndefined();
    expect(cache.stats().size).toBe(0);
    cache.set(key(1), session(1), cache.generation(), 5000);
    expect(cache.get(key(1), 4999)).toBeUndefined();
  });

  it('drops the least recently used entry beyond its size', () => {
    const cache = createSessionCache({ ttlMs: 60_000, maxEntries: 2 });
    cache.set(key(1), session(1), cache.generation(), 0);
    cache.set(key(2), session(2), cache.generation(), 0);
    expect(cache.get(key(1), 1)).toBeDefined(); // 2 is now the least recently used
    cache.set(key(3), session(3), cache.generation(), 2);
    expect(cache.get(key(2), 3)).toBeUndefined();
    expect(cache.get(key(1), 3)).toBeDefined();
    expect(cache.get(key(3), 3)).toBeDefined();
    expect(cache.stats().size).toBe(2);
  });

  it('drops every entry of a user, or of a membership, and nothing else', () => {
    const cache = createSessionCache({ ttlMs: 60_000, maxEntries: 10 });
    cache.set(key(1), session(1, 11), cache.generation(), 0);
    cache.set(key(2), session(1, 12), cache.generation(), 0);
    cache.set(key(3), session(2, 12), cache.generation(), 0);
    cache.set(key(4), session(3, 13), cache.generation(), 0);
    cache.invalidateUser(1);
    expect(cache.get(key(1), 1)).toBeUndefined();
    expect(cache.get(key(2), 1)).toBeUndefined();
    expect(cache.get(key(3), 1)).toBeDefined();
    cache.invalidateMembership(12);
    expect(cache.get(key(3), 1)).toBeUndefined();
    expect(cache.get(key(4), 1)).toBeDefined();
    cache.clear();
    expect(cache.get(key(4), 1)).toBeUndefined();
  });

  it('does not store a load that started before an invalidation', () => {
    const cache = createSessionCache({ ttlMs: 60_000, maxEntries: 10 });
    const before = cache.generation();
    cache.invalidateUser(99); // any user: the row read meanwhile may predate the write
    const value = session(1);
    expect(cache.set(key(1), value, before, 0)).toBe(value);
    expect(cache.get(key(1), 1)).toBeUndefined();
    cache.set(key(1), session(1), cache.generation(), 0);
    expect(cache.get(key(1), 1)).toBeDefined();
  });

  it('offline: holds and serves nothing until online again', () => {
    const cache = createSessionCache({ ttlMs: 60_000, maxEntries: 10, online: false });
    cache.set(key(1), session(1), cache.generation(), 0);
    expect(cache.get(key(1), 1)).toBeUndefined();
    cache.setOnline(true);
    cache.set(key(1), session(1), cache.generation(), 0);
    expect(cache.get(key(1), 1)).toBeDefined();
    const generation = cache.generation();
    cache.setOnline(false);
    expect(cache.generation()).not.toBe(generation);
    expect(cache.get(key(1), 1)).toBeUndefined();
    cache.setOnline(true);
    expect(cache.get(key(1), 1)).toBeUndefined();
  });

  it('keeps its actors frozen, and the entry it returns is the one later hits see', () => {
    const cache = createSessionCache({ ttlMs: 60_000, maxEntries: 10 });
    const stored = cache.set(key(1), session(1, 5), cache.generation(), 0);
    expect(Object.isFrozen(stored.actor)).toBe(true);
    expect(Object.isFrozen(stored.actor.membership)).toBe(true);
    expect(Object.isFrozen(stored.actor.masks)).toBe(true);
    stored.lastSeenAt = 42;
    expect(cache.get(key(1), 1)?.lastSeenAt).toBe(42);
  });
});
