import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Db } from '../../db/client';
import { codeEvaluations } from '../../db/schema';
import { openTestDatabase, testDrivers } from '../../test/database';
import { buildMember } from '../../test/factories';
import * as repo from './program-execution.repo';

const HOUR = 3600_000;

/** Queues an evaluation of `userId` created `secondsAgo` ago (the order of arrival is the test's). */
const queue = async (db: Db, userId: number, secondsAgo: number) =>
  db.transaction(async (tx) => {
    const id = await repo.insertEvaluation(tx, {
      userId,
      languageId: 'c',
      timeLimitMs: 1000,
      sourceCode: 'int main(void){return 0;}',
    });
    await tx
      .update(codeEvaluations)
      .set({ createdAt: sql`now() - (${secondsAgo}::int * interval '1 second')` })
      .where(eq(codeEvaluations.id, id));
    return id;
  });

// No code runner here: the claim query alone, as several runner processes would call it.
describe.each(testDrivers())('claiming evaluations fairly on %s', (driver) => {
  let database: Database;
  let db: Db;
  beforeAll(async () => {
    database = await openTestDatabase(driver);
    db = database.db;
  }, 60_000);
  afterAll(async () => {
    await database?.close();
  });

  it('the user with the fewest running evaluations goes first, then the oldest; a runner holds at most its per-user limit', async () => {
    const [a, b, c] = await Promise.all([1, 2, 3].map(() => buildMember(db, { identityType: 'Teacher' })));
    const userOf = new Map<number, string>();
    // User a queued three runs first, then b and c one each.
    for (const [who, user, ago] of [
      ['a', a!, 50],
      ['a', a!, 40],
      ['a', a!, 30],
      ['b', b!, 20],
      ['c', c!, 10],
    ] as const) {
      userOf.set(await queue(db, user.user.id, ago), who);
    }
    const claim = async (runnerId: string) => {
      const row = await repo.claimNextEvaluation(db, { runnerId, perUserLimit: 2, maxWaitMs: HOUR });
      return row ? userOf.get(row.id) : null;
    };
    // FIFO would give a, a, a, b, c.
    expect(await claim('runner-1')).toBe('a');
    expect(await claim('runner-1')).toBe('b');
    expect(await claim('runner-1')).toBe('c');
    expect(await claim('runner-1')).toBe('a');
    // a's third run: runner-1 holds two of a's already; another runner takes it.
    expect(await claim('runner-1')).toBeNull();
    expect(await claim('runner-2')).toBe('a');
    expect(await claim('runner-2')).toBeNull();
  });

  it('runners claiming at once never take one evaluation twice nor pass their per-user limit', async () => {
    const users = await Promise.all([1, 2, 3].map(() => buildMember(db, { identityType: 'Teacher' })));
    const ids = new Set<number>();
    for (let i = 0; i < 12; i++) ids.add(await queue(db, users[i % 3]!.user.id, 100 - i));
    const claims = await Promise.all(
      Array.from({ length: 16 }, (_, i) =>
        repo.claimNextEvaluation(db, { runnerId: `runner-${i % 4}`, perUserLimit: 1, maxWaitMs: HOUR }),
      ),
    );
    const claimed = claims.filter((r) => r !== null);
    // 4 runners x 3 users x 1 each = all 12, each once.
    expect(claimed.map((r) => r.id).sort((x, y) => x - y)).toEqual([...ids].sort((x, y) => x - y));
    const perRunnerUser = new Map<string, number>();
    for (const r of claimed) {
      const key = `${r.runnerId}/${r.userId}`;
      perRunnerUser.set(key, (perRunnerUser.get(key) ?? 0) + 1);
    }
    expect(Math.max(...perRunnerUser.values())).toBe(1);
  });

  it('leaves an evaluation that waited longer than the queue timeout to the sweep', async () => {
    const { user } = await buildMember(db, { identityType: 'Teacher' });
    const id = await queue(db, user.id, 7200);
    expect(
      await repo.claimNextEvaluation(db, { runnerId: 'runner-x', perUserLimit: 9, maxWaitMs: HOUR }),
    ).toBeNull();
    expect((await repo.findEvaluation(db, id))?.status).toBe('queued');
  });
});
