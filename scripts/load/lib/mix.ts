/*
 * The school day's mix: which role each virtual user plays, and which step a user takes next. Pure and
 * seeded, so a run can be repeated and the weights have tests.
 */

export const ROLES = ['student', 'teacher', 'visitor'] as const;
export type Role = (typeof ROLES)[number];

/** The mix: 70 % students, 20 % teachers, 10 % visitors. */
export const DEFAULT_ROLE_WEIGHTS: Record<Role, number> = { student: 70, teacher: 20, visitor: 10 };

/** A small fast seeded generator (mulberry32): numbers in [0, 1). */
export const seededRandom = (seed: number): (() => number) => {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
};

/**
 * How many of `users` play each role: the weights' shares, rounded by the largest remainder so the counts
 * add up to `users` exactly (ties go to the role listed first). Weights need not add up to 100.
 */
export const allocateRoles = (users: number, weights: Record<Role, number> = DEFAULT_ROLE_WEIGHTS) => {
  const total = ROLES.reduce((sum, r) => sum + Math.max(0, weights[r]), 0);
  if (users < 0 || !Number.isInteger(users)) throw new Error('users must be a whole number >= 0');
  if (total <= 0) throw new Error('at least one role needs a positive weight');
  const exact = ROLES.map((r) => (users * Math.max(0, weights[r])) / total);
  const counts = exact.map(Math.floor);
  let left = users - counts.reduce((a, b) => a + b, 0);
  const order = ROLES.map((_, i) => i).sort(
    (a, b) => exact[b]! - counts[b]! - (exact[a]! - counts[a]!) || a - b,
  );
  for (const i of order) {
    if (left <= 0) break;
    counts[i]!++;
    left--;
  }
  return Object.fromEntries(ROLES.map((r, i) => [r, counts[i]!])) as Record<Role, number>;
};

/**
 * The roles of users 0..n-1, interleaved (not all students first) so that a ramp-up brings every role in
 * from the start: user i takes the role that is furthest behind its share so far.
 */
export const roleSequence = (users: number, weights: Record<Role, number> = DEFAULT_ROLE_WEIGHTS): Role[] => {
  const counts = allocateRoles(users, weights);
  const given: Record<Role, number> = { student: 0, teacher: 0, visitor: 0 };
  const out: Role[] = [];
  for (let i = 0; i < users; i++) {
    let best: Role | null = null;
    let bestLag = Number.NEGATIVE_INFINITY;
    for (const r of ROLES) {
      if (given[r] >= counts[r]) continue;
      const lag = ((i + 1) * counts[r]) / users - given[r];
      if (lag > bestLag) {
        best = r;
        bestLag = lag;
      }
    }
    given[best!]++;
    out.push(best!);
  }
  return out;
};

/** A step with its weight (relative; need not add up to anything). */
export type Weighted<T> = { item: T; weight: number };

/** Picks one item with probability weight / sum of weights; `random` gives [0, 1). */
export const pickWeighted = <T>(items: readonly Weighted<T>[], random: () => number): T => {
  const total = items.reduce((sum, i) => sum + Math.max(0, i.weight), 0);
  if (total <= 0) throw new Error('nothing to pick: every weight is 0');
  let r = random() * total;
  for (const i of items) {
    const w = Math.max(0, i.weight);
    if (r < w) return i.item;
    r -= w;
  }
  // Floating-point leftovers: the last item with a weight.
  return [...items].reverse().find((i) => i.weight > 0)!.item;
};

/** A think time in [minMs, maxMs), uniformly. */
export const thinkTime = (random: () => number, minMs: number, maxMs: number) =>
  minMs + random() * Math.max(0, maxMs - minMs);
