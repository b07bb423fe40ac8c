// Small helpers of the generator: batches, a repeatable pseudo-random number, names, step timings.
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../../apps/server/src/db/client';

/** Rows per INSERT: well below PostgreSQL's 65,535 parameters for the widest table generated. */
export const BATCH = 1_000;

/** `items` in slices of `size`. */
export function* chunks<T>(items: readonly T[], size = BATCH): Generator<T[]> {
  for (let i = 0; i < items.length; i += size) yield items.slice(i, i + size);
}

/** Inserts rows in batches of BATCH (one statement a batch); no rows returned. */
export const insertAll = async <T extends PgTable>(db: Db, table: T, rows: T['$inferInsert'][]) => {
  for (const batch of chunks(rows)) await db.insert(table).values(batch);
};

/**
 * A repeatable number in [0, 1) for a pair of integers (a hash, not a generator: the same university
 * comes out of every run, whatever order the steps take).
 */
export const rand = (a: number, b = 0): number => {
  let h = Math.imul(a ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(b + 0x7f4a7c15, 0xc2b2ae35);
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return ((h ^ (h >>> 16)) >>> 0) / 4_294_967_296;
};

/** One of `items`, picked by `rand(a, b)`. */
export const pick = <T>(items: readonly T[], a: number, b = 0): T =>
  items[Math.floor(rand(a, b) * items.length)] as T;

const SURNAMES = '王李张刘陈杨黄赵吴周徐孙马朱胡郭何林罗高郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘蒋蔡余杜叶程';
const GIVEN = '伟芳娜敏静丽强磊军洋勇艳杰娟涛明超秀兰霞平刚桂英华玉萍红宇浩然欣怡子涵梓轩雨晨思远嘉博文';

/** A Chinese personal name for person n (two or three characters). */
export const personName = (n: number, salt = 0) => {
  const given = rand(n, salt + 1) < 0.6 ? 2 : 1;
  let name = pick([...SURNAMES], n, salt);
  for (let i = 0; i < given; i++) name += pick([...GIVEN], n, salt + 10 + i);
  return name;
};

/** The day `days` before `now` (fractions allowed). */
export const daysBefore = (now: Date, days: number) => new Date(now.getTime() - days * 86_400_000);

/** Each step's name, rows and milliseconds, printed as it ends. */
export class Steps {
  readonly done: { name: string; rows: number; ms: number }[] = [];
  private readonly started = performance.now();
  constructor(private readonly log: (line: string) => void) {}

  async run<T>(name: string, step: () => Promise<T>, rowsOf: (result: T) => number): Promise<T> {
    const started = performance.now();
    const result = await step();
    const ms = performance.now() - started;
    const rows = rowsOf(result);
    this.done.push({ name, rows, ms });
    this.log(
      `${name.padEnd(34)} ${String(rows).padStart(8)} rows ${(ms / 1000).toFixed(1).padStart(7)} s` +
        `   (total ${((performance.now() - this.started) / 1000).toFixed(1)} s)`,
    );
    return result;
  }
}
