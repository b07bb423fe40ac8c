import { hostname } from 'node:os';
import pg from 'pg';
import { clusterNow, pollUntil, secondsSince, sleep, waitForNewPid } from './probes';

/*
 * kill -9 of a worker in the middle of an evaluation: the drill waits for a moment when a worker of the
 * cluster holds a running evaluation (code_evaluations.runner_id -> code_runners.pid), kills that process,
 * then follows the evaluation and, for a homework's code answer, the answer: the evaluation must not be
 * left running, the answer must end judged (by the other worker) and never be judged twice.
 */

export type KillWorkerResult = {
  worker: string | null;
  pid: number | null;
  killedAtS: number | null;
  /** why nothing was killed */
  skipped?: string;
  evaluationId: number | null;
  /** the killed evaluation's end: its status and after how long (null: still queued/running) */
  evaluationStatus: string | null;
  evaluationEndedAfterS: number | null;
  evaluationMessage: string | null;
  /** a homework's code answer behind it: its end state, after how long, and by which evaluations */
  answer: {
    gradeState: string;
    endedAfterS: number | null;
    message: string | null;
    /** evaluations of the same source: their statuses (one complete = judged once) */
    evaluations: { id: number; status: string; runner: string | null }[];
    /** judged by another evaluation than the killed one (taken over) */
    takenOver: boolean;
    judgedTwice: boolean;
  } | null;
  restartedAfterS: number | null;
};

type Running = { id: string; pid: number; host: string; user_id: string; source_code: string };

export const killWorkerDrill = async (opts: {
  clusterFile: string;
  databaseUrl: string;
  atS: () => number;
  log: (line: string) => void;
  /** how long to look for a running evaluation */
  findTimeoutMs?: number;
  /**
   * Submits a slow program (its cases take about 0.8 s each) and answers the marker in its source: the
   * drill kills the worker running that one, in the middle of its run. Without it (or null), any running
   * evaluation is taken (most last well under a second: the kill may come just after it ended).
   */
  prepare?: () => Promise<string | null>;
  /** how long to follow the evaluation and its answer */
  followTimeoutMs?: number;
}): Promise<KillWorkerResult> => {
  const db = new pg.Pool({ connectionString: opts.databaseUrl, max: 1 });
  db.on('error', () => {});
  const empty: KillWorkerResult = {
    worker: null,
    pid: null,
    killedAtS: null,
    evaluationId: null,
    evaluationStatus: null,
    evaluationEndedAfterS: null,
    evaluationMessage: null,
    answer: null,
    restartedAfterS: null,
  };
  try {
    const workers = clusterNow(opts.clusterFile).workers;
    const pids = new Map(workers.map((w) => [w.pid, w.name]));
    const mark = opts.prepare ? await opts.prepare().catch(() => null) : null;
    if (opts.prepare && !mark)
      opts.log('drill: the slow program could not be submitted; taking any running evaluation');
    const running = await pollUntil(
      async () => {
        const rows = await db.query<Running>(
          `select e.id, r.pid, r.host, e.user_id, e.source_code
             from code_evaluations e join code_runners r on r.id = e.runner_id
            where e.status = 'running' and ($1::text is null or strpos(e.source_code, $1) > 0)
              and not exists (select 1 from code_evaluation_stages s where s.evaluation_id = e.id and s.stage = 'COMPLETE')
            order by e.started_at desc`,
          [mark],
        );
        return rows.rows.find((r) => pids.has(r.pid) && r.host === hostname()) ?? null;
      },
      opts.findTimeoutMs ?? 60_000,
      50,
    );
    if (!running) {
      opts.log('drill: no worker of the cluster held a running evaluation; nothing killed');
      return { ...empty, skipped: 'no running evaluation held by a worker of the cluster within the wait' };
    }
    const worker = pids.get(running.pid)!;
    const killedAt = Date.now();
    const killedAtS = opts.atS();
    process.kill(running.pid, 'SIGKILL');
    const evaluationId = Number(running.id);
    opts.log(`drill: kill -9 ${worker} (pid ${running.pid}) while it ran evaluation ${evaluationId}`);

    const restarted = waitForNewPid(opts.clusterFile, worker, running.pid, 60_000).then((pid) =>
      pid ? secondsSince(killedAt) : null,
    );
    const followMs = opts.followTimeoutMs ?? 150_000;
    const ended = await pollUntil(
      async () => {
        const rows = await db.query<{ status: string; message: string | null }>(
          `select e.status,
                  (select s.message from code_evaluation_stages s where s.evaluation_id = e.id order by s.id desc limit 1) as message
             from code_evaluations e where e.id = $1`,
          [evaluationId],
        );
        const row = rows.rows[0];
        return row && row.status !== 'running' && row.status !== 'queued' ? row : null;
      },
      followMs,
      250,
    );
    const evaluationEndedAfterS = ended ? secondsSince(killedAt) : null;
    opts.log(
      `drill: evaluation ${evaluationId} ${ended ? `ended ${ended.status} after ${evaluationEndedAfterS} s (${ended.message ?? ''})` : 'still running'}`,
    );

    // The homework answer whose grading queued it (a system evaluation of the student's answer), if any.
    const answerOf = async () =>
      (
        await db.query<{ id: string; grade_state: string; message: string | null; graded_at: Date | null }>(
          `select a.id, a.grade_state, a.code_detail->>'message' as message, a.graded_at
             from homework_answers a join homework_submissions s on s.id = a.submission_id
            where s.student_id = $1 and a.answer = $2 limit 1`,
          [running.user_id, running.source_code],
        )
      ).rows[0];
    let answer: KillWorkerResult['answer'] = null;
    const first = await answerOf();
    if (first) {
      const done = await pollUntil(
        async () => {
          const a = await answerOf();
          return a && a.grade_state !== 'pending' ? a : null;
        },
        Math.max(0, followMs - (Date.now() - killedAt)),
        250,
      );
      const final = done ?? (await answerOf())!;
      // Give a second (duplicate) evaluation the chance to show before counting.
      await sleep(2000);
      const evaluations = (
        await db.query<{ id: string; status: string; runner_id: string | null }>(
          'select id, status, runner_id from code_evaluations where user_id = $1 and source_code = $2 order by id',
          [running.user_id, running.source_code],
        )
      ).rows.map((e) => ({ id: Number(e.id), status: e.status, runner: e.runner_id }));
      const completed = evaluations.filter((e) => e.status === 'complete');
      answer = {
        gradeState: final.grade_state,
        endedAfterS: done ? secondsSince(killedAt) : null,
        message: final.message,
        evaluations,
        takenOver: final.grade_state === 'graded' && completed.some((e) => e.id !== evaluationId),
        judgedTwice: completed.length > 1,
      };
      opts.log(
        `drill: its homework answer ended ${final.grade_state}${final.message ? ` (${final.message})` : ''}; ` +
          `evaluations of its source: ${evaluations.map((e) => `${e.id} ${e.status}`).join(', ')}`,
      );
    }
    return {
      worker,
      pid: running.pid,
      killedAtS,
      evaluationId,
      evaluationStatus: ended?.status ?? 'running',
      evaluationEndedAfterS,
      evaluationMessage: ended?.message ?? null,
      answer,
      restartedAfterS: await restarted,
    };
  } finally {
    await db.end();
  }
};
