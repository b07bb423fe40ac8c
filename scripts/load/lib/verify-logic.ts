import type { WriteRecord } from './acklog';

/*
 * What verify decides, apart from reading the database: whether a key's value in the database keeps every
 * acknowledged write, and whether code evaluations were left running or judged twice.
 */

/**
 * The values a key may hold after its writes: the value of every write not superseded by an acknowledged
 * write sent after it had ended. An acknowledged write that started after another write's answer came must
 * win over it (it happened later in real time); writes that overlapped may land in either order; a write
 * that was not acknowledged may have been applied or not, at any moment.
 */
export const allowedValues = (writes: readonly WriteRecord[]): Set<string> => {
  const acked = writes.filter((w) => w.ack);
  const allowed = new Set<string>();
  for (const w of writes) {
    // An unacknowledged write may have been applied at any moment up to now: never superseded for sure.
    const end = w.ack ? w.endedAt : Number.POSITIVE_INFINITY;
    const superseded = acked.some((a) => a !== w && a.startedAt > end);
    if (!superseded) allowed.add(w.value);
  }
  return allowed;
};

export type KeyVerdict = {
  key: string;
  ok: boolean;
  /** what the database holds (null: nothing) */
  actual: string | null;
  /** the newest acknowledged value (for the report) */
  expected: string | null;
  acknowledged: number;
};

/**
 * The verdict of one key: nothing to check without an acknowledged write; otherwise the database must hold
 * one of the allowed values. `actual` null means the row is missing.
 */
export const verdictOf = (key: string, writes: readonly WriteRecord[], actual: string | null): KeyVerdict => {
  const acked = writes.filter((w) => w.ack);
  const newest = [...acked].sort((a, b) => b.endedAt - a.endedAt)[0];
  if (acked.length === 0) return { key, ok: true, actual, expected: null, acknowledged: 0 };
  const ok = actual !== null && allowedValues(writes).has(actual);
  return { key, ok, actual, expected: newest?.value ?? null, acknowledged: acked.length };
};

/** Groups write records by key, in log order. */
export const groupByKey = (records: readonly WriteRecord[]): Map<string, WriteRecord[]> => {
  const byKey = new Map<string, WriteRecord[]>();
  for (const r of records) {
    const list = byKey.get(r.key);
    if (list) list.push(r);
    else byKey.set(r.key, [r]);
  }
  return byKey;
};

/** A code evaluation's rows as verify reads them. */
export type EvaluationFacts = {
  id: number;
  status: string;
  /** COMPLETE stage rows */
  completeStages: number;
  /** RUN rows per test case (a case run twice shows 2) */
  maxRunsPerCase: number;
};

/** Evaluations judged twice inside themselves: two COMPLETE rows, or a test case with two RUN rows. */
export const doublyJudged = (evaluations: readonly EvaluationFacts[]): EvaluationFacts[] =>
  evaluations.filter((e) => e.completeStages > 1 || e.maxRunsPerCase > 1);

/** Evaluations still queued or running. */
export const unfinished = (evaluations: readonly EvaluationFacts[]): EvaluationFacts[] =>
  evaluations.filter((e) => e.status === 'queued' || e.status === 'running');

/**
 * A code answer's evaluations (the same student and source code, which carries the load's unique marker):
 * run twice when more than one completed (a grading resumed after its process died runs it again).
 */
export const answerRanTwice = (statuses: readonly string[]): boolean =>
  statuses.filter((s) => s === 'complete').length > 1;
