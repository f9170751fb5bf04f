import { vi } from 'vitest';

/**
 * The browser's two "start now" signals for `useWhenSeen`, driven by the test: an IntersectionObserver whose
 * `report(seen)` tells every observed box whether it is near, and a requestIdleCallback whose `idle.run()`
 * runs what waits. Install with `installFakeWhenSeen()` in a `beforeEach`; `vi.unstubAllGlobals()` removes it.
 */
export class FakeObserver {
  static all: FakeObserver[] = [];
  observed: Element[] = [];
  disconnected = false;
  constructor(
    private readonly callback: IntersectionObserverCallback,
    readonly options: IntersectionObserverInit = {},
  ) {
    FakeObserver.all.push(this);
  }
  observe(target: Element) {
    this.observed.push(target);
  }
  unobserve() {}
  disconnect() {
    this.disconnected = true;
  }
  takeRecords() {
    return [];
  }
  report(isIntersecting: boolean) {
    const entries = this.observed.map((target) => ({ target, isIntersecting }) as IntersectionObserverEntry);
    this.callback(entries, this as unknown as IntersectionObserver);
  }
}

export const idle = {
  waiting: new Map<number, { run: IdleRequestCallback; timeout?: number }>(),
  next: 1,
  run() {
    const all = [...idle.waiting.values()];
    idle.waiting.clear();
    for (const { run } of all) run({ didTimeout: false, timeRemaining: () => 50 });
  },
};

/** Observers still watching. */
export const liveObservers = () => FakeObserver.all.filter((observer) => !observer.disconnected);

export function installFakeWhenSeen() {
  FakeObserver.all = [];
  idle.waiting.clear();
  vi.stubGlobal('IntersectionObserver', FakeObserver);
  vi.stubGlobal('requestIdleCallback', (run: IdleRequestCallback, options?: IdleRequestOptions) => {
    idle.next += 1;
    idle.waiting.set(idle.next, { run, timeout: options?.timeout });
    return idle.next;
  });
  vi.stubGlobal('cancelIdleCallback', (handle: number) => idle.waiting.delete(handle));
}
