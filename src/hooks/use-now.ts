import { useEffect, useState } from 'react';

/**
 * The current time, re-rendered every `intervalMs` (for countdowns and "updated N s ago"); `null` stops the
 * ticking. Tick in the smallest component that shows the time: each tick re-renders the caller and all below.
 */
export function useNow(intervalMs: number | null = 1_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (intervalMs === null) return;
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

// setTimeout's longest delay; a later moment is re-checked when this one fires.
const MAX_DELAY_MS = 2 ** 31 - 1;

/**
 * Whether the clock has reached `at` (epoch ms; undefined counts as passed). One timer for that moment
 * instead of a tick every second: the caller re-renders once, when the answer changes.
 */
export function useHasPassed(at: number | undefined): boolean {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (at === undefined || at <= now) return;
    // A moment already gone by the wall clock still goes through a (0 ms) timer.
    const wait = Math.max(0, at - Date.now());
    const tooFar = wait > MAX_DELAY_MS;
    // A timer may fire a little before the moment by the wall clock: never read it as not yet passed. One
    // that stopped short (setTimeout's limit) only updates the clock, and this effect waits again.
    const timer = setTimeout(
      () => setNow(tooFar ? Date.now() : Math.max(Date.now(), at)),
      Math.min(wait, MAX_DELAY_MS),
    );
    return () => clearTimeout(timer);
  }, [at, now]);
  return at === undefined || at <= now;
}
