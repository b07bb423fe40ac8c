import { describe, expect, it } from 'vitest';
import { FairTurns } from './program-execution.turns';

/** Lets granted promises settle. */
const settle = () => new Promise((r) => setTimeout(r, 0));

/** A scheduler on a clock the test moves. */
const scheduler = (capacity: number) => {
  const clock = { ms: 0 };
  return { turns: new FairTurns(capacity, () => clock.ms), clock };
};

/** An evaluation of `user` with `steps` steps that records each step it starts in `log`; a step ends when
 * the test calls `finish(ms)`, having taken `ms` on the clock. */
const evaluation = (
  s: ReturnType<typeof scheduler>,
  user: number,
  name: string,
  steps: number,
  log: string[],
) => {
  const taker = s.turns.forUser(user);
  let release: (() => void) | null = null;
  const done = (async () => {
    for (let i = 1; i <= steps; i++) {
      await taker.next();
      log.push(`${name}${i}`);
      await new Promise<void>((resolve) => {
        release = resolve;
      });
    }
    taker.end();
  })();
  return {
    done,
    running: () => release !== null,
    finish: async (ms: number) => {
      const r = release;
      if (!r) throw new Error(`${name} is not running a step`);
      release = null;
      s.clock.ms += ms;
      r();
      await settle();
    },
  };
};

describe('FairTurns', () => {
  it("a light run goes ahead of a heavy user's next cases: it waits for one step of theirs, not their runs", async () => {
    const s = scheduler(1);
    const log: string[] = [];
    const a = evaluation(s, 1, 'a', 4, log); // heavy user: 1 s per case
    await settle();
    const c = evaluation(s, 1, 'c', 2, log); // the same user's second run, asking before b
    await settle();
    const b = evaluation(s, 2, 'b', 2, log); // light user: a compile and one case, 10 ms each
    await settle();
    expect(log).toEqual(['a1']);
    await a.finish(1000); // b goes next, before the heavy user's older request and a's next case
    expect(log).toEqual(['a1', 'b1']);
    await b.finish(10); // b has used far less: its case follows at once
    expect(log).toEqual(['a1', 'b1', 'b2']);
    await b.finish(10);
    expect(log).toEqual(['a1', 'b1', 'b2', 'c1']);
    await c.finish(1000);
    await a.finish(1000);
    await c.finish(1000);
    await a.finish(1000);
    await a.finish(1000);
    await Promise.all([a.done, b.done, c.done]);
    // the heavy user's own runs take turns in the order they asked
    expect(log).toEqual(['a1', 'b1', 'b2', 'c1', 'a2', 'c2', 'a3', 'a4']);
  });

  it('two heavy users alternate case by case; one arriving late starts level, with no banked time', async () => {
    const s = scheduler(1);
    const log: string[] = [];
    const a = evaluation(s, 1, 'a', 6, log);
    await settle();
    for (let i = 0; i < 3; i++) await a.finish(1000); // a alone: 3 s used
    const b = evaluation(s, 2, 'b', 3, log);
    await settle();
    for (let i = 0; i < 6; i++) {
      const running = log.at(-1)!.startsWith('a') ? a : b;
      await running.finish(1000);
    }
    await Promise.all([a.done, b.done]);
    // b does not get three turns in a row for the time a used alone before it came
    expect(log).toEqual(['a1', 'a2', 'a3', 'a4', 'b1', 'a5', 'b2', 'a6', 'b3']);
  });

  it('with every turn taken by one user, the next free turn goes to the other user', async () => {
    const s = scheduler(2);
    const log: string[] = [];
    const a = evaluation(s, 1, 'a', 3, log);
    const c = evaluation(s, 1, 'c', 3, log);
    const d = evaluation(s, 1, 'd', 3, log); // a third run of the same user, waiting
    await settle();
    expect(log).toEqual(['a1', 'c1']);
    const b = evaluation(s, 2, 'b', 1, log);
    await settle();
    await c.finish(1000);
    expect(log).toEqual(['a1', 'c1', 'b1']);
    expect(s.turns.load).toEqual({ running: 2, waiting: 2 });
    await b.finish(10);
    // b is done: its turn goes to the user's waiting runs, the one waiting longest first
    expect(log).toEqual(['a1', 'c1', 'b1', 'd1']);
    // the rest: whatever runs ends after a second, until everything is done
    for (let guard = 0; guard < 20 && [a, c, d].some((run) => run.running()); guard++) {
      for (const run of [a, c, d]) if (run.running()) await run.finish(1000);
    }
    await Promise.all([a.done, b.done, c.done, d.done]);
    expect(log).toHaveLength(10);
    for (const name of ['a', 'c', 'd']) {
      expect(log.filter((x) => x.startsWith(name))).toEqual([1, 2, 3].map((i) => `${name}${i}`));
    }
    expect(s.turns.load).toEqual({ running: 0, waiting: 0 });
    expect(log.filter((x) => x.startsWith('a'))).toEqual(['a1', 'a2', 'a3']);
  });

  it('one user alone uses every turn; end() gives a held turn back once', async () => {
    const { turns } = scheduler(2);
    const one = turns.forUser(1);
    const two = turns.forUser(1);
    const three = turns.forUser(3);
    await one.next();
    await two.next();
    expect(turns.load).toEqual({ running: 2, waiting: 0 });
    let third = false;
    void three.next().then(() => {
      third = true;
    });
    await settle();
    expect(third).toBe(false);
    one.end();
    one.end();
    await settle();
    expect(third).toBe(true);
    expect(turns.load).toEqual({ running: 2, waiting: 0 });
    two.end();
    three.end();
    expect(turns.load).toEqual({ running: 0, waiting: 0 });
  });
});
