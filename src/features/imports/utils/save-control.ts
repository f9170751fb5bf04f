/**
 * Pause, resume and stop for a long serial save (10,000 mappings take ~3 h at GitHub's pace). The queue awaits
 * `gate()` before each write: it resolves at once while running, later when resumed, and reports a stop.
 */
export class SaveControl {
  #paused = false;
  #stopped = false;
  #waiters: (() => void)[] = [];

  get paused(): boolean {
    return this.#paused;
  }

  get stopped(): boolean {
    return this.#stopped;
  }

  pause(): void {
    if (!this.#stopped) this.#paused = true;
  }

  resume(): void {
    this.#paused = false;
    this.#release();
  }

  stop(): void {
    this.#stopped = true;
    this.#paused = false;
    this.#release();
  }

  /** Resolves `true` to go on, `false` once stopped; waits while paused. */
  async gate(): Promise<boolean> {
    while (this.#paused && !this.#stopped) await new Promise<void>((resolve) => this.#waiters.push(resolve));
    return !this.#stopped;
  }

  #release() {
    const waiters = this.#waiters;
    this.#waiters = [];
    for (const wake of waiters) wake();
  }
}
