import type { RateLimitReading } from '@/contracts/github/rate-limit';

/**
 * App-wide store of the latest rate-limit reading per resource, fed by the headers of every GitHub
 * response, plus the time a primary/secondary limit lifts. Framework-free; React reads it through
 * `useSyncExternalStore`.
 */
export interface RateLimitSnapshot {
  readings: Readonly<Record<string, RateLimitReading>>;
  /** Epoch ms until which requests should pause (a primary or secondary limit is in force). */
  blockedUntil?: number;
  /** Server clock minus local clock, in ms, from the `Date` header (keeps countdowns honest). */
  clockOffsetMs: number;
  /** The credential the readings are of, when the gateway has several (its `x-ferry-credential`). */
  credential?: string;
}

type Listener = () => void;

export function createRateLimitStore() {
  let snapshot: RateLimitSnapshot = { readings: {}, clockOffsetMs: 0 };
  const listeners = new Set<Listener>();
  const emit = () => listeners.forEach((listener) => listener());

  return {
    getSnapshot: (): RateLimitSnapshot => snapshot,
    subscribe(listener: Listener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    record(reading: RateLimitReading, credential?: string): void {
      const previous = snapshot.readings[reading.resource];
      if (
        snapshot.credential === credential &&
        previous &&
        previous.remaining === reading.remaining &&
        previous.reset === reading.reset &&
        previous.limit === reading.limit
      ) {
        return;
      }
      snapshot = { ...snapshot, credential, readings: { ...snapshot.readings, [reading.resource]: reading } };
      emit();
    },
    block(untilMs: number): void {
      if (snapshot.blockedUntil !== undefined && snapshot.blockedUntil >= untilMs) return;
      snapshot = { ...snapshot, blockedUntil: untilMs };
      emit();
    },
    unblock(): void {
      if (snapshot.blockedUntil === undefined) return;
      snapshot = { ...snapshot, blockedUntil: undefined };
      emit();
    },
    setClockOffset(offsetMs: number): void {
      // Date headers have 1 s resolution: ignore jitter below 2 s.
      if (Math.abs(offsetMs - snapshot.clockOffsetMs) < 2_000) return;
      snapshot = { ...snapshot, clockOffsetMs: offsetMs };
      emit();
    },
    reset(): void {
      snapshot = { readings: {}, clockOffsetMs: 0 };
      emit();
    },
  };
}

export type RateLimitStore = ReturnType<typeof createRateLimitStore>;

/** The one store the app uses. Tests reset it between cases. */
export const rateLimitStore = createRateLimitStore();
