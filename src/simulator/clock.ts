/**
 * The simulator's clock. Simulated time runs at `speed` × real time (0 freezes it, for deterministic
 * tests) and can be moved forward through the control interface.
 */
export interface SimClock {
  now(): number;
  advance(seconds: number): void;
  reset(startMs?: number): void;
  readonly speed: number;
}

export function createClock(options: { speed?: number; startMs?: number } = {}): SimClock {
  const speed = options.speed ?? 1;
  let anchorReal = Date.now();
  let anchorSim = options.startMs ?? anchorReal;
  return {
    speed,
    now: () => Math.floor(anchorSim + (Date.now() - anchorReal) * speed),
    advance(seconds: number) {
      anchorSim += seconds * 1000;
    },
    reset(startMs?: number) {
      anchorReal = Date.now();
      anchorSim = startMs ?? options.startMs ?? anchorReal;
    },
  };
}
