import type { EvaluationTurns } from '@uplus/sandbox';

/**
 * The CPU of a runner shared between users one step at a time (a compile or one test case): `capacity`
 * steps run at once. When a turn comes free it goes to the waiting user who holds the fewest turns now,
 * then to the one who has used the least time on this runner, then to the earliest request. A user who
 * arrives (or comes back after a pause) starts at the lowest usage of the users present, so nobody banks
 * idle time, and a light run goes ahead of a heavy one's next case. A user with many long runs thus delays
 * another user's run by at most one step of theirs (one case's time limit), never by their whole runs.
 */
export class FairTurns {
  private readonly holding = new Map<number, number>();
  /** Milliseconds of turns each user present (or recently present) has used. */
  private readonly usage = new Map<number, number>();
  private readonly waiting: { userId: number; order: number; grant: () => void }[] = [];
  private inUse = 0;
  private counter = 0;

  /** `now`: the clock that measures a step's use of its turn (tests pass their own). */
  constructor(
    readonly capacity: number,
    private readonly now: () => number = () => performance.now(),
  ) {
    if (!Number.isInteger(capacity) || capacity < 1) throw new Error('FairTurns: capacity must be >= 1');
  }

  /** Steps running now, and requests waiting (for monitoring and tests). */
  get load() {
    return { running: this.inUse, waiting: this.waiting.length };
  }

  /** The turns of one evaluation of `userId` (hand it to the sandbox's `evaluate`). */
  forUser(userId: number): EvaluationTurns {
    /** When the turn held was granted (null: none held). */
    let since: number | null = null;
    return {
      next: () => {
        // A new arrival (not a step after a step) starts no lower than the users present.
        const arriving = since === null && !this.isPresent(userId);
        // The turn of the previous step goes back in the same breath as the new request, so the choice
        // below sees this evaluation waiting beside the others and can hand its turn over.
        if (since !== null) this.giveBack(userId, since);
        since = null;
        if (arriving) this.usage.set(userId, Math.max(this.usage.get(userId) ?? 0, this.floor()));
        const granted = new Promise<void>((resolve) => {
          this.waiting.push({
            userId,
            order: ++this.counter,
            grant: () => {
              since = this.now();
              resolve();
            },
          });
        });
        this.dispatch();
        return granted;
      },
      end: () => {
        if (since === null) return;
        this.giveBack(userId, since);
        since = null;
        this.dispatch();
      },
    };
  }

  private isPresent(userId: number) {
    return this.holding.has(userId) || this.waiting.some((w) => w.userId === userId);
  }

  /** The lowest usage among the users holding or waiting for a turn (0 when nobody is). */
  private floor() {
    let floor = Number.POSITIVE_INFINITY;
    for (const userId of [...this.holding.keys(), ...this.waiting.map((w) => w.userId)]) {
      floor = Math.min(floor, this.usage.get(userId) ?? 0);
    }
    return Number.isFinite(floor) ? floor : 0;
  }

  private giveBack(userId: number, since: number) {
    this.inUse--;
    this.usage.set(userId, (this.usage.get(userId) ?? 0) + Math.max(0, this.now() - since));
    const n = (this.holding.get(userId) ?? 1) - 1;
    if (n > 0) this.holding.set(userId, n);
    else this.holding.delete(userId);
  }

  private dispatch() {
    while (this.inUse < this.capacity && this.waiting.length > 0) {
      let best = 0;
      for (let i = 1; i < this.waiting.length; i++) {
        if (this.before(this.waiting[i]!, this.waiting[best]!)) best = i;
      }
      const [chosen] = this.waiting.splice(best, 1);
      this.inUse++;
      this.holding.set(chosen!.userId, (this.holding.get(chosen!.userId) ?? 0) + 1);
      chosen!.grant();
    }
    // Forget users with nothing running or waiting (the map would otherwise grow with every user ever seen);
    // one who comes back starts at the floor again.
    if (this.usage.size > 4 * (this.capacity + this.waiting.length) + 64) {
      for (const userId of this.usage.keys()) if (!this.isPresent(userId)) this.usage.delete(userId);
    }
  }

  /** Whether request `a` goes before `b`. */
  private before(a: { userId: number; order: number }, b: { userId: number; order: number }) {
    const heldA = this.holding.get(a.userId) ?? 0;
    const heldB = this.holding.get(b.userId) ?? 0;
    if (heldA !== heldB) return heldA < heldB;
    const usedA = this.usage.get(a.userId) ?? 0;
    const usedB = this.usage.get(b.userId) ?? 0;
    if (usedA !== usedB) return usedA < usedB;
    return a.order < b.order;
  }
}
