import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import { SlotCgroup } from './cgroup';
import type { IsolationPlan } from './host';

/** First uid/gid of the per-slot unprivileged users (no /etc/passwd entry is needed). */
export const SLOT_UID_BASE = 61000;
/** Slot ids are claimed host-wide from 0..MAX_SLOTS-1. */
export const MAX_SLOTS = 256;

/** A worker slot: one evaluation at a time runs in it, under its own uid and cgroups. */
export type Slot = {
  id: number;
  uid: number;
  gid: number;
  cgroup: SlotCgroup | null;
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Claims a slot id host-wide. An abstract UNIX socket name can be bound by one process only and is
 * released by the kernel when that process dies, so crashed servers never leave stale claims. */
function claim(id: number): Promise<Server | null> {
  return new Promise((resolve) => {
    const server = createServer((socket) => socket.destroy());
    server.once('error', () => resolve(null));
    server.listen({ path: `\0uplus-sandbox-slot-${id}` }, () => {
      server.unref();
      resolve(server);
    });
  });
}

function processUid(pid: number): number | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    if (/^State:\s+Z/m.test(status)) return null; // a zombie holds nothing but its pid
    const m = /^Uid:\s+(\d+)/m.exec(status);
    return m ? Number(m[1]) : null;
  } catch {
    return null;
  }
}

/** Kills whatever still runs in a slot: every process in its cgroups and, when the slot has its own uid
 * and no cgroup vouches for membership (or `thorough` is set), every process of that uid. Waits until none
 * is left (up to a few seconds). Returns how many it killed. */
export async function sweepSlot(slot: Slot, ownUid: boolean, thorough = false): Promise<number> {
  // Every sandbox process starts inside the slot's cgroup (the launcher joins it before forking) and cannot
  // leave it (no cgroup file system inside), so the cgroup alone is authoritative when there is one.
  const scanUid = ownUid && (thorough || slot.cgroup === null);
  let killed = 0;
  for (let round = 0; round < 50; round++) {
    const victims = new Set<number>();
    if (slot.cgroup) {
      for (const pid of slot.cgroup.members()) if (processUid(pid) !== null) victims.add(pid);
    }
    if (scanUid) {
      for (const entry of readdirSync('/proc')) {
        if (!/^\d+$/.test(entry)) continue;
        const pid = Number(entry);
        if (processUid(pid) === slot.uid) victims.add(pid);
      }
    }
    victims.delete(process.pid);
    if (victims.size === 0) return killed;
    slot.cgroup?.killAll();
    for (const pid of victims) {
      try {
        process.kill(pid, 'SIGKILL');
        killed++;
      } catch {
        // already gone
      }
    }
    await sleep(round < 5 ? 10 : 100);
  }
  return killed;
}

/** The slots one Sandbox may use: at most `size` at once, claimed host-wide on first need. */
export class SlotPool {
  private readonly free: Slot[] = [];
  private readonly claims = new Map<number, Server>();
  private readonly waiters: ((slot: Slot) => void)[] = [];
  private claimed = 0;
  private pending = 0;

  constructor(
    private readonly plan: IsolationPlan,
    private size: number,
  ) {}

  /** Allows `size` slots at once (never fewer than now); evaluations waiting for a slot get the new ones. */
  grow(size: number): void {
    if (size <= this.size) return;
    this.size = size;
    while (this.waiters.length > 0 && this.claimed + this.pending < this.size) {
      const waiter = this.waiters.shift()!;
      this.pending++;
      void this.claimNew()
        .then((slot) => (slot ? waiter(slot) : this.waiters.unshift(waiter)))
        .finally(() => {
          this.pending--;
        });
    }
  }

  get ownUids(): boolean {
    return this.plan.mode === 'root';
  }

  async acquire(): Promise<Slot> {
    const slot = this.free.pop();
    if (slot) return slot;
    if (this.claimed + this.pending < this.size) {
      this.pending++;
      try {
        const fresh = await this.claimNew();
        if (fresh) return fresh;
      } finally {
        this.pending--;
      }
    }
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  release(slot: Slot): void {
    const waiter = this.waiters.shift();
    if (waiter) waiter(slot);
    else this.free.push(slot);
  }

  private async claimNew(): Promise<Slot | null> {
    for (let attempt = 0; attempt < 600; attempt++) {
      for (let id = 0; id < MAX_SLOTS; id++) {
        if (this.claims.has(id)) continue;
        const server = await claim(id);
        if (!server) continue;
        this.claims.set(id, server);
        this.claimed++;
        const slot = await this.prepare(id);
        return slot;
      }
      await sleep(100); // every slot on this host is held by someone; wait for one
    }
    return null;
  }

  /** Makes a freshly claimed slot clean: kills leftovers of a crashed previous owner, removes its boxes. */
  private async prepare(id: number): Promise<Slot> {
    const uid = this.plan.mode === 'root' ? SLOT_UID_BASE + id : process.getuid!();
    const gid = this.plan.mode === 'root' ? SLOT_UID_BASE + id : process.getgid!();
    const cgroups = this.plan.cgroups;
    const cgroup = cgroups.memory || cgroups.pids ? new SlotCgroup(cgroups, id) : null;
    const slot: Slot = { id, uid, gid, cgroup };
    await sweepSlot(slot, this.ownUids, true);
    for (const entry of readdirSync(this.plan.boxesDir)) {
      if (entry.startsWith(`s${id}-`))
        rmSync(join(this.plan.boxesDir, entry), { recursive: true, force: true });
    }
    return slot;
  }

  claimedSlots(): { id: number; uid: number }[] {
    return [...this.claims.keys()].map((id) => ({
      id,
      uid: this.plan.mode === 'root' ? SLOT_UID_BASE + id : process.getuid!(),
    }));
  }

  /** Gives every claimed slot back to the host. */
  close(): void {
    for (const server of this.claims.values()) server.close();
    this.claims.clear();
    this.claimed = 0;
  }
}
