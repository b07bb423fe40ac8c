/*
 * The load's measurements: latencies per request class and per endpoint, errors with their time, and a
 * per-second timeline (for the drills). Pure, apart from reading the clock through the caller.
 */

/** Request classes the report keeps apart. */
export const REQUEST_CLASSES = ['read', 'write', 'signin', 'file', 'ai'] as const;
export type RequestClass = (typeof REQUEST_CLASSES)[number];

/**
 * The p-th percentile (0 < p <= 100) of the values by the nearest-rank method: the smallest value such that
 * at least p % of the values are at or below it. NaN for no values.
 */
export const percentile = (sorted: readonly number[], p: number): number => {
  if (sorted.length === 0) return Number.NaN;
  if (p <= 0) return sorted[0]!;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
};

/** p50, p95, p99, max and mean of some latencies (ms), rounded to 0.1 ms; count 0 gives nulls. */
export type Summary = {
  count: number;
  p50: number | null;
  p95: number | null;
  p99: number | null;
  max: number | null;
  mean: number | null;
};

const round1 = (value: number) => Math.round(value * 10) / 10;

export const summarize = (values: readonly number[]): Summary => {
  if (values.length === 0) return { count: 0, p50: null, p95: null, p99: null, max: null, mean: null };
  const sorted = [...values].sort((a, b) => a - b);
  const sum = sorted.reduce((a, b) => a + b, 0);
  return {
    count: sorted.length,
    p50: round1(percentile(sorted, 50)),
    p95: round1(percentile(sorted, 95)),
    p99: round1(percentile(sorted, 99)),
    max: round1(sorted[sorted.length - 1]!),
    mean: round1(sum / sorted.length),
  };
};

/** One failed request: a status >= 500, an unexpected 4xx, or no answer at all (status 0). */
export type ErrorRecord = {
  /** seconds since the load started */
  t: number;
  cls: RequestClass;
  endpoint: string;
  status: number;
  message: string;
};

/** Collects every request's outcome during the measured part of the run. */
export class Recorder {
  private readonly byClass = new Map<RequestClass, number[]>();
  private readonly byEndpoint = new Map<string, { cls: RequestClass; ms: number[]; errors: number }>();
  readonly errors: ErrorRecord[] = [];
  /** requests and errors per whole second since the start */
  readonly timeline: { requests: number; errors: number }[] = [];
  /** submit of a homework with code to its code answer graded, ms */
  readonly codeRuns: number[] = [];
  requests = 0;
  /** false during set-up and the drain at the end: nothing is recorded */
  recording = false;

  constructor(private startMs: number) {}

  /** Starts recording now: times count from here. */
  begin(nowMs: number): void {
    this.startMs = nowMs;
    this.recording = true;
  }

  /** Seconds since the load started. */
  at(nowMs: number): number {
    return (nowMs - this.startMs) / 1000;
  }

  private second(nowMs: number) {
    const s = Math.max(0, Math.floor(this.at(nowMs)));
    while (this.timeline.length <= s) this.timeline.push({ requests: 0, errors: 0 });
    return this.timeline[s]!;
  }

  /** Records a request that ended at `endMs` after `ms`; `error` when it failed (see ErrorRecord). */
  record(opts: {
    cls: RequestClass;
    endpoint: string;
    ms: number;
    endMs: number;
    error?: { status: number; message: string };
  }): void {
    if (!this.recording) return;
    this.requests++;
    const slot = this.second(opts.endMs);
    slot.requests++;
    const list = this.byClass.get(opts.cls) ?? [];
    this.byClass.set(opts.cls, list);
    const endpoint = this.byEndpoint.get(opts.endpoint) ?? { cls: opts.cls, ms: [], errors: 0 };
    this.byEndpoint.set(opts.endpoint, endpoint);
    if (opts.error) {
      slot.errors++;
      endpoint.errors++;
      this.errors.push({ t: this.at(opts.endMs), cls: opts.cls, endpoint: opts.endpoint, ...opts.error });
      return;
    }
    // Latencies of successful requests only: a refused connection answers in 0 ms and would flatter them.
    list.push(opts.ms);
    endpoint.ms.push(opts.ms);
  }

  classSummary(cls: RequestClass): Summary & { errors: number } {
    return {
      ...summarize(this.byClass.get(cls) ?? []),
      errors: this.errors.filter((e) => e.cls === cls).length,
    };
  }

  endpoints(): { endpoint: string; cls: RequestClass; errors: number; summary: Summary }[] {
    return [...this.byEndpoint.entries()]
      .map(([endpoint, e]) => ({ endpoint, cls: e.cls, errors: e.errors, summary: summarize(e.ms) }))
      .sort((a, b) => (b.summary.p95 ?? 0) - (a.summary.p95 ?? 0));
  }

  /** Errors whose time lies in [fromS, toS). */
  errorsBetween(fromS: number, toS: number): ErrorRecord[] {
    return this.errors.filter((e) => e.t >= fromS && e.t < toS);
  }
}

/**
 * How long after an event (a kill, a restart) requests kept failing: the time of the last error within
 * `windowS` seconds after it, relative to the event (0 when none failed), and how many failed.
 */
export const errorWindowAfter = (
  errors: readonly ErrorRecord[],
  eventS: number,
  windowS: number,
): { errors: number; lastErrorAfterS: number } => {
  const inWindow = errors.filter((e) => e.t >= eventS && e.t < eventS + windowS);
  const last = inWindow.reduce((m, e) => Math.max(m, e.t - eventS), 0);
  return { errors: inWindow.length, lastErrorAfterS: Math.round(last * 100) / 100 };
};
