/*
 * Which messages the user has actually seen: an element counts as seen once at least `threshold` of it has
 * stayed in the viewport for `dwellMs` (scrolling past does not count). Seen ids are sent in batches, at
 * most `maxBatch` at a time, `batchMs` after the first of a batch, so a screenful costs one call.
 */

export type SeenTrackerOptions = {
  /** how long an element must stay visible */
  dwellMs: number;
  /** how long seen ids wait for others before they are sent together */
  batchMs: number;
  /** the share of an element that must be visible (0 to 1) */
  threshold: number;
  /** most ids per call (the mark-read call takes at most 100) */
  maxBatch: number;
  /** receives each batch of newly seen ids */
  onSeen: (ids: string[]) => void;
};

export type SeenTracker = {
  /** Watches an element showing message `id`; returns what stops watching it. */
  observe: (id: string, element: Element) => () => void;
  /** Stops everything; ids already seen but not yet sent are sent now. */
  disconnect: () => void;
};

export const createSeenTracker = (opts: SeenTrackerOptions): SeenTracker => {
  const seen = new Set<string>();
  const pending: string[] = [];
  const dwell = new Map<Element, ReturnType<typeof setTimeout>>();
  const idOf = new Map<Element, string>();
  let flushTimer: ReturnType<typeof setTimeout> | undefined;

  const flush = () => {
    if (flushTimer !== undefined) clearTimeout(flushTimer);
    flushTimer = undefined;
    while (pending.length > 0) opts.onSeen(pending.splice(0, opts.maxBatch));
  };
  const stopDwell = (element: Element) => {
    const timer = dwell.get(element);
    if (timer !== undefined) clearTimeout(timer);
    dwell.delete(element);
  };

  // Without IntersectionObserver nothing is marked by being shown; opening a message still marks it.
  const Observer = typeof IntersectionObserver === 'function' ? IntersectionObserver : null;
  const observer = Observer
    ? new Observer(
        (entries) => {
          for (const entry of entries) {
            const id = idOf.get(entry.target);
            if (id === undefined || seen.has(id)) continue;
            const visible = entry.isIntersecting && entry.intersectionRatio >= opts.threshold;
            if (!visible) {
              stopDwell(entry.target);
              continue;
            }
            if (dwell.has(entry.target)) continue;
            const target = entry.target;
            dwell.set(
              target,
              setTimeout(() => {
                dwell.delete(target);
                observer?.unobserve(target);
                if (seen.has(id)) return;
                seen.add(id);
                pending.push(id);
                flushTimer ??= setTimeout(flush, opts.batchMs);
              }, opts.dwellMs),
            );
          }
        },
        { threshold: opts.threshold },
      )
    : null;

  return {
    observe(id, element) {
      if (!observer || seen.has(id)) return () => {};
      idOf.set(element, id);
      observer.observe(element);
      return () => {
        stopDwell(element);
        idOf.delete(element);
        observer.unobserve(element);
      };
    },
    disconnect() {
      observer?.disconnect();
      for (const element of [...dwell.keys()]) stopDwell(element);
      idOf.clear();
      flush();
    },
  };
};
