import { vi } from 'vitest';

/**
 * A stand-in for IntersectionObserver (jsdom has none): tests say which elements are in view with `show`
 * and `hide`, and the observers watching them are told, as a browser would after a scroll.
 */
export class FakeIntersectionObserver {
  static instances = new Set<FakeIntersectionObserver>();
  readonly watched = new Set<Element>();
  constructor(private readonly callback: IntersectionObserverCallback) {
    FakeIntersectionObserver.instances.add(this);
  }
  observe(element: Element) {
    this.watched.add(element);
  }
  unobserve(element: Element) {
    this.watched.delete(element);
  }
  disconnect() {
    this.watched.clear();
    FakeIntersectionObserver.instances.delete(this);
  }
  takeRecords(): IntersectionObserverEntry[] {
    return [];
  }
  private tell(element: Element, ratio: number) {
    if (!this.watched.has(element)) return;
    const entry = { target: element, isIntersecting: ratio > 0, intersectionRatio: ratio };
    this.callback([entry as IntersectionObserverEntry], this as unknown as IntersectionObserver);
  }
  /** Brings elements into view (ratio 1 unless given). */
  static show(elements: Element | Element[], ratio = 1) {
    for (const element of [elements].flat())
      for (const o of FakeIntersectionObserver.instances) o.tell(element, ratio);
  }
  /** Takes elements out of view. */
  static hide(elements: Element | Element[]) {
    FakeIntersectionObserver.show(elements, 0);
  }
  /** Whether any observer still watches the element. */
  static watches(element: Element) {
    return [...FakeIntersectionObserver.instances].some((o) => o.watched.has(element));
  }
}

/** Installs the fake as the global IntersectionObserver (undo with vi.unstubAllGlobals). */
export const stubIntersectionObserver = () => {
  FakeIntersectionObserver.instances.clear();
  vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
  return FakeIntersectionObserver;
};
