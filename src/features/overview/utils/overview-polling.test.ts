import { describe, expect, it } from 'vitest';
import { IDLE_REFRESH_MS, overviewPollInterval } from './overview-polling';

const isTerminal = (state: string) => state === 'exported' || state === 'failed';

describe('overviewPollInterval', () => {
  it('does not poll before the first answer', () => {
    expect(overviewPollInterval({ states: undefined, isTerminal, unchangedMs: 0, rateLimitedForMs: 0 })).toBe(
      false,
    );
  });

  it('polls fast while something runs, backing off while nothing changes', () => {
    expect(
      overviewPollInterval({
        states: ['exported', 'exporting'],
        isTerminal,
        unchangedMs: 0,
        rateLimitedForMs: 0,
      }),
    ).toBe(2_000);
    expect(
      overviewPollInterval({ states: ['pending'], isTerminal, unchangedMs: 40_000, rateLimitedForMs: 0 }),
    ).toBe(20_000);
  });

  it('looks now and then for new exports when everything has ended, or nothing is listed', () => {
    expect(
      overviewPollInterval({ states: ['exported'], isTerminal, unchangedMs: 0, rateLimitedForMs: 0 }),
    ).toBe(IDLE_REFRESH_MS);
    expect(overviewPollInterval({ states: [], isTerminal, unchangedMs: 0, rateLimitedForMs: 0 })).toBe(
      IDLE_REFRESH_MS,
    );
  });

  it('waits for a rate limit to lift', () => {
    expect(
      overviewPollInterval({ states: ['exporting'], isTerminal, unchangedMs: 0, rateLimitedForMs: 90_000 }),
    ).toBe(90_000);
    expect(overviewPollInterval({ states: [], isTerminal, unchangedMs: 0, rateLimitedForMs: 90_000 })).toBe(
      90_000,
    );
  });
});
