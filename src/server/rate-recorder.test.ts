import { describe, expect, it } from 'vitest';
import { createRateRecorder, readingFromHeaders, readingsFromRateLimitBody } from './rate-recorder';
import type { RateHistory, RateReading } from './store/rate-history';

const AT = new Date('2026-11-23T10:00:00Z');

describe('readings', () => {
  it('come from x-ratelimit-* headers, core when no resource is named', () => {
    const headers = new Headers({
      'x-ratelimit-limit': '5000',
      'x-ratelimit-remaining': '4990',
      'x-ratelimit-reset': '1795000000',
    });
    expect(readingFromHeaders(headers, AT)).toEqual({
      at: AT,
      resource: 'core',
      limit: 5000,
      remaining: 4990,
      used: 10,
      reset: new Date(1_795_000_000_000),
      source: 'header',
      credential: 'default',
    });
    expect(readingFromHeaders(new Headers({ 'x-ratelimit-remaining': '1' }), AT)).toBeUndefined();
  });

  it('come from every category of a /rate_limit body, skipping malformed ones', () => {
    const body = {
      resources: {
        core: { limit: 5000, remaining: 4000, reset: 1_795_000_000, used: 1000 },
        search: { limit: 30, remaining: 30, reset: 1_795_000_060 },
        broken: { limit: 'x' },
      },
    };
    expect(
      readingsFromRateLimitBody(body, AT).map((reading) => `${reading.resource}:${reading.used}`),
    ).toEqual(['core:1000', 'search:0']);
    expect(readingsFromRateLimitBody({}, AT)).toEqual([]);
  });
});

describe('the recorder', () => {
  it('records a changed reading, skips an unchanged one, and learns the upstream clock from Date', async () => {
    const recorded: RateReading[] = [];
    const history = {
      record: (readings: readonly RateReading[]) => {
        recorded.push(...readings);
        return Promise.resolve();
      },
    } as RateHistory;
    const recorder = createRateRecorder(history);
    const hourAhead = new Date(Date.now() + 3_600_000).toUTCString();
    const headers = (remaining: number) =>
      new Headers({
        date: hourAhead,
        'x-ratelimit-limit': '5000',
        'x-ratelimit-remaining': String(remaining),
        'x-ratelimit-reset': '1795000000',
      });
    recorder.observe(headers(4999));
    recorder.observe(headers(4999));
    recorder.observe(headers(4998));
    await recorder.flush();
    expect(recorded.map((reading) => reading.remaining)).toEqual([4999, 4998]);
    expect(recorder.upstreamNow().getTime() - Date.now()).toBeGreaterThan(3_590_000);
    expect(recorder.latestHeaders()).toContainEqual(['x-ratelimit-remaining', '4998']);
  });

  it('logs a failed write instead of throwing', async () => {
    const lines: string[] = [];
    const history = { record: () => Promise.reject(new Error('disk full')) } as unknown as RateHistory;
    const recorder = createRateRecorder(history, (line) => lines.push(line));
    recorder.observe(
      new Headers({ 'x-ratelimit-limit': '60', 'x-ratelimit-remaining': '59', 'x-ratelimit-reset': '1' }),
    );
    await recorder.flush();
    expect(lines).toEqual([expect.stringContaining('disk full')]);
  });
});
