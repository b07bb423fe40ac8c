import pg from 'pg';

/*
 * Students do not see their code answer's grade before the teacher releases it, so the load watches the
 * database for it: from the submit (its request sent) to the code answer graded (graded_at) is the
 * code-run latency. One query every 250 ms for all submissions still waiting.
 */

type Waiting = { homeworkId: number; username: string; questionId: number; sentAt: number };

export class GradingObserver {
  private readonly waiting = new Map<string, Waiting>();
  private readonly db: pg.Pool;
  private timer: NodeJS.Timeout | null = null;
  private busy = false;
  /** ms from submit to graded, of the answers graded so far */
  readonly latencies: number[] = [];
  /** answers that ended failed (the sandbox could not judge them), with the reason */
  readonly failures: string[] = [];
  recording = true;
  lastError: string | null = null;

  constructor(databaseUrl: string) {
    this.db = new pg.Pool({ connectionString: databaseUrl, max: 1 });
    // A restart of PostgreSQL closes the connection: the pool makes a new one at the next query.
    this.db.on('error', () => {});
  }

  /** Watches a submitted submission's code answer from `sentAt` (epoch ms). */
  track(w: Waiting): void {
    this.waiting.set(`${w.homeworkId}:${w.username}`, w);
  }

  get pending(): number {
    return this.waiting.size;
  }

  start(): void {
    this.timer = setInterval(() => void this.poll(), 250);
  }

  private async poll() {
    if (this.busy || this.waiting.size === 0) return;
    this.busy = true;
    try {
      const list = [...this.waiting.values()];
      const rows = await this.db.query<{
        homework_id: string;
        username: string;
        grade_state: string;
        graded_ms: string | null;
        message: string | null;
      }>(
        `select x.homework_id, x.username, a.grade_state,
                (extract(epoch from a.graded_at) * 1000)::bigint as graded_ms,
                a.code_detail->>'message' as message
           from unnest($1::bigint[], $2::text[], $3::bigint[]) as x(homework_id, username, question_id)
           join users u on lower(u.username) = lower(x.username)
           join homework_submissions s on s.homework_id = x.homework_id and s.student_id = u.id
           join homework_answers a on a.submission_id = s.id and a.question_id = x.question_id
          where a.grade_state <> 'pending'`,
        [list.map((w) => w.homeworkId), list.map((w) => w.username), list.map((w) => w.questionId)],
      );
      for (const row of rows.rows) {
        const key = `${row.homework_id}:${row.username}`;
        const w = this.waiting.get(key);
        if (!w) continue;
        this.waiting.delete(key);
        if (!this.recording) continue;
        if (row.grade_state === 'graded' && row.graded_ms)
          this.latencies.push(Number(row.graded_ms) - w.sentAt);
        else this.failures.push(row.message ?? row.grade_state);
      }
    } catch (error) {
      this.lastError = (error as Error).message;
    } finally {
      this.busy = false;
    }
  }

  /** Waits up to `ms` for the submissions still waiting. */
  async drain(ms: number): Promise<void> {
    const until = Date.now() + ms;
    while (this.waiting.size > 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 250));
  }

  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.db.end();
  }
}
