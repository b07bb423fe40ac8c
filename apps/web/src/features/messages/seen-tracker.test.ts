import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubIntersectionObserver } from '../../test/fake-intersection-observer';
import { createSeenTracker } from './seen-tracker';

const item = () => document.createElement('li');

describe('createSeenTracker', () => {
  let io: ReturnType<typeof stubIntersectionObserver>;
  let onSeen: ReturnType<typeof vi.fn<(ids: string[]) => void>>;
  const tracker = (maxBatch = 100) =>
    createSeenTracker({ dwellMs: 800, batchMs: 400, threshold: 0.5, maxBatch, onSeen });

  beforeEach(() => {
    vi.useFakeTimers();
    io = stubIntersectionObserver();
    onSeen = vi.fn<(ids: string[]) => void>();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('marks nothing that is only watched, scrolled past, or barely visible', () => {
    const t = tracker();
    const [a, b, c] = [item(), item(), item()];
    t.observe('a', a);
    t.observe('b', b);
    t.observe('c', c);
    vi.advanceTimersByTime(5000);
    io.show(a);
    vi.advanceTimersByTime(500);
    io.hide(a); // scrolled past before the dwell
    io.show(b, 0.2); // a sliver at the bottom edge
    vi.advanceTimersByTime(5000);
    expect(onSeen).not.toHaveBeenCalled();
  });

  it('marks what stayed in view for the dwell, a screenful in one batch, each id once', () => {
    const t = tracker();
    const [a, b, c] = [item(), item(), item()];
    t.observe('a', a);
    t.observe('b', b);
    t.observe('c', c);
    io.show([a, b]);
    vi.advanceTimersByTime(799);
    expect(onSeen).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1 + 400);
    expect(onSeen.mock.calls).toEqual([[['a', 'b']]]);
    // seen elements are no longer watched; showing them again sends nothing
    expect(io.watches(a)).toBe(false);
    io.show([a, b]);
    vi.advanceTimersByTime(5000);
    expect(onSeen).toHaveBeenCalledTimes(1);
    // c, below the fold until now
    io.show(c);
    vi.advanceTimersByTime(1200);
    expect(onSeen.mock.calls[1]).toEqual([['c']]);
  });

  it('splits a batch at maxBatch, sends what is pending on disconnect, and stops watching removed items', () => {
    const t = tracker(2);
    const items = [item(), item(), item()];
    const stops = items.map((el, i) => t.observe(String(i), el));
    io.show(items);
    vi.advanceTimersByTime(800);
    t.disconnect();
    expect(onSeen.mock.calls).toEqual([[['0', '1']], [['2']]]);

    const other = tracker();
    const gone = item();
    other.observe('x', gone)();
    io.show(gone);
    vi.advanceTimersByTime(5000);
    expect(onSeen).toHaveBeenCalledTimes(2);
    expect(stops).toHaveLength(3);
  });

  it('without IntersectionObserver marks nothing by being shown', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    const t = tracker();
    t.observe('a', item());
    vi.advanceTimersByTime(5000);
    t.disconnect();
    expect(onSeen).not.toHaveBeenCalled();
  });
});
