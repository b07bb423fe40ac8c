import { describe, expect, it } from 'vitest';
import { endpointOf } from './lib/http';
import { errorWindowAfter, percentile, Recorder, summarize } from './lib/stats';

describe('percentiles', () => {
  const oneToHundred = Array.from({ length: 100 }, (_, i) => i + 1);

  it('uses the nearest rank: the smallest value with at least p % at or below it', () => {
    expect(percentile(oneToHundred, 50)).toBe(50);
    expect(percentile(oneToHundred, 95)).toBe(95);
    expect(percentile(oneToHundred, 99)).toBe(99);
    expect(percentile(oneToHundred, 100)).toBe(100);
    expect(percentile(oneToHundred, 0.5)).toBe(1);
    expect(percentile([1, 2, 3, 4], 50)).toBe(2);
    expect(percentile([1, 2, 3, 4], 51)).toBe(3);
    expect(percentile([7], 99)).toBe(7);
    expect(percentile([], 50)).toBeNaN();
  });

  it('lets one slow request in a hundred set the p99 but not the p95', () => {
    const values = [...Array.from({ length: 98 }, () => 10), 500, 900];
    const s = summarize(values);
    expect(s.p95).toBe(10);
    expect(s.p99).toBe(500);
    expect(s.max).toBe(900);
    expect(s.count).toBe(100);
  });

  it('sorts unsorted input and rounds to 0.1 ms', () => {
    expect(summarize([3.25, 1.23, 2.5])).toMatchObject({ p50: 2.5, max: 3.3, mean: 2.3, count: 3 });
    expect(summarize([])).toEqual({ count: 0, p50: null, p95: null, p99: null, max: null, mean: null });
  });
});

describe('the recorder', () => {
  it('keeps failed requests out of the latencies and counts them as errors, per class and per second', () => {
    const r = new Recorder(0);
    r.begin(1_000);
    r.record({ cls: 'read', endpoint: 'GET /a', ms: 5, endMs: 1_500 });
    r.record({
      cls: 'read',
      endpoint: 'GET /a',
      ms: 0.3,
      endMs: 2_100,
      error: { status: 0, message: 'ECONNREFUSED' },
    });
    r.record({ cls: 'write', endpoint: 'PUT /b', ms: 40, endMs: 3_200 });
    expect(r.classSummary('read')).toMatchObject({ count: 1, p50: 5, errors: 1 });
    expect(r.classSummary('write')).toMatchObject({ count: 1, p99: 40, errors: 0 });
    expect(r.requests).toBe(3);
    expect(r.timeline.map((s) => s.errors)).toEqual([0, 1, 0]);
    expect(r.errors[0]).toMatchObject({ t: 1.1, endpoint: 'GET /a', status: 0 });
  });

  it('records nothing before it begins', () => {
    const r = new Recorder(0);
    r.record({ cls: 'read', endpoint: 'GET /a', ms: 5, endMs: 10 });
    expect(r.requests).toBe(0);
  });

  it('tells how long requests kept failing after a drill', () => {
    const errors = [5, 60.2, 61.5, 63.9, 200].map((t) => ({
      t,
      cls: 'read' as const,
      endpoint: 'x',
      status: 502,
      message: '',
    }));
    expect(errorWindowAfter(errors, 60, 30)).toEqual({ errors: 3, lastErrorAfterS: 3.9 });
    expect(errorWindowAfter(errors, 100, 30)).toEqual({ errors: 0, lastErrorAfterS: 0 });
  });

  it('names endpoints by their template', () => {
    expect(endpointOf('GET', '/api/course/courses/12/homeworks/3/paper?x=1')).toBe(
      'GET /api/course/courses/:id/homeworks/:id/paper',
    );
    expect(endpointOf('POST', '/api/course/ai/tasks/0b7a1d1e-8b4f-4a51-9d43-1f2a3b4c5d6e/stop')).toBe(
      'POST /api/course/ai/tasks/:uuid/stop',
    );
    expect(endpointOf('GET', '/get_appconfig?t=1')).toBe('GET /get_appconfig');
  });
});
