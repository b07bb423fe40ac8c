// Timing list requests in-process (app.inject, as bench/jobs-lists.ts does) and explaining their SQL: the
// statements one request sends are captured at the `pg` client, then each is run again under
// EXPLAIN (ANALYZE, BUFFERS) in a transaction that is rolled back.
import pg from 'pg';
import type { App } from '../../../apps/server/src/http/context';
import { quantile } from '../../../bench/jobs-lists';

export type Request = { method: 'GET' | 'POST'; url: string; headers: Record<string, string> };

export type Timing = { medianMs: number; p95Ms: number; rows: number; total: number | null };

/** One request; fails on any answer but 200. Its data's rows and total. */
const send = async (app: App, r: Request) => {
  const res = await app.inject({ method: r.method, url: r.url, headers: r.headers });
  if (res.statusCode !== 200)
    throw new Error(`${r.method} ${r.url} answered ${res.statusCode}: ${res.body.slice(0, 300)}`);
  return res;
};

/** `repeat` timed requests after `warmup` untimed ones: median and p95 in ms, and the page's size. */
export const timeRequest = async (app: App, r: Request, repeat: number, warmup = 5): Promise<Timing> => {
  const samples: number[] = [];
  let rows = 0;
  let total: number | null = null;
  for (let i = 0; i < warmup + repeat; i++) {
    const started = performance.now();
    const res = await send(app, r);
    const ms = performance.now() - started;
    if (i >= warmup) samples.push(ms);
    if (i === 0) {
      const data = res.json().data as { rows?: unknown[]; total?: number };
      rows = Array.isArray(data?.rows) ? data.rows.length : 1;
      total = typeof data?.total === 'number' ? data.total : null;
    }
  }
  return { medianMs: quantile(samples, 0.5), p95Ms: quantile(samples, 0.95), rows, total };
};

type Captured = { text: string; values: unknown[] };

/**
 * The statements `run` sends through any `pg` client of this process (the app's pool included): the
 * client's query method is wrapped while it runs.
 */
export const captureQueries = async (run: () => Promise<unknown>): Promise<Captured[]> => {
  const captured: Captured[] = [];
  const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = proto.query;
  proto.query = function (this: unknown, ...args: unknown[]) {
    const [first, second] = args;
    if (typeof first === 'string')
      captured.push({ text: first, values: Array.isArray(second) ? second : [] });
    else if (first && typeof first === 'object' && 'text' in first) {
      const q = first as { text: string; values?: unknown[] };
      captured.push({ text: q.text, values: q.values ?? (Array.isArray(second) ? second : []) });
    }
    return original.apply(this, args);
  };
  try {
    await run();
  } finally {
    proto.query = original;
  }
  return captured.filter((q) => /^\s*(select|with)\b/i.test(q.text));
};

export type Plan = {
  sql: string;
  executionMs: number;
  text: string;
  /** tables read by a sequential scan that hold more than BIG_TABLE rows */
  bigSeqScans: string[];
};

/** A table this large read whole is worth an index (the issue: "EXPLAIN shows index use"). */
export const BIG_TABLE = 10_000;

/** Explains each captured SELECT (ANALYZE, BUFFERS) on its own connection, rolled back. */
export const explainAll = async (url: string, queries: Captured[]): Promise<Plan[]> => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const sizes = new Map(
      (
        await client.query<{ relname: string; n: string }>(
          `select relname, reltuples::bigint as n from pg_class where relkind = 'r' and relnamespace = 'public'::regnamespace`,
        )
      ).rows.map((r) => [r.relname, Number(r.n)]),
    );
    const plans: Plan[] = [];
    for (const q of queries) {
      await client.query('begin');
      try {
        const result = await client.query<{ 'QUERY PLAN': string }>({
          text: `explain (analyze, buffers) ${q.text}`,
          values: q.values,
        });
        const lines = result.rows.map((r) => r['QUERY PLAN']);
        const execution = lines.map((l) => /Execution Time: ([\d.]+) ms/.exec(l)?.[1]).find(Boolean);
        const bigSeqScans = [
          ...new Set(
            lines
              .map((l) => /Seq Scan on (\w+)/.exec(l)?.[1])
              .filter((t): t is string => t !== undefined && (sizes.get(t) ?? 0) > BIG_TABLE),
          ),
        ];
        plans.push({ sql: q.text, executionMs: Number(execution ?? 0), text: lines.join('\n'), bigSeqScans });
      } finally {
        await client.query('rollback');
      }
    }
    return plans;
  } finally {
    await client.end();
  }
};
