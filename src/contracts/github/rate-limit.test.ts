import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseRateLimitHeaders } from '@/contracts/github/rate-limit';

const RECORDED = {
  'X-RateLimit-Limit': '5000',
  'X-RateLimit-Remaining': '4970',
  'X-RateLimit-Reset': '1658208999',
  'X-RateLimit-Used': '30',
  'X-RateLimit-Resource': 'core',
};

describe('parseRateLimitHeaders', () => {
  it('reads a recorded GitHub response', () => {
    expect(parseRateLimitHeaders(new Headers(RECORDED))).toEqual({
      resource: 'core',
      limit: 5000,
      remaining: 4970,
      used: 30,
      reset: 1658208999,
    });
  });

  it('reads other resources', () => {
    const reading = parseRateLimitHeaders(
      new Headers({ ...RECORDED, 'X-RateLimit-Resource': 'search', 'X-RateLimit-Limit': '30' }),
    );
    expect(reading?.resource).toBe('search');
    expect(reading?.limit).toBe(30);
  });

  it('derives used and assumes core when those headers are missing', () => {
    expect(
      parseRateLimitHeaders(
        new Headers({
          'x-ratelimit-limit': '60',
          'x-ratelimit-remaining': '58',
          'x-ratelimit-reset': '1700000000',
        }),
      ),
    ).toEqual({ resource: 'core', limit: 60, remaining: 58, used: 2, reset: 1700000000 });
    expect(
      parseRateLimitHeaders(
        new Headers({
          'x-ratelimit-limit': '60',
          'x-ratelimit-remaining': '70',
          'x-ratelimit-reset': '1',
          'x-ratelimit-used': 'n/a',
        }),
      )?.used,
    ).toBe(0);
  });

  it('is null without rate-limit headers (GHES with rate limiting off)', () => {
    expect(parseRateLimitHeaders(new Headers())).toBeNull();
    expect(parseRateLimitHeaders(new Headers({ 'content-type': 'application/json' }))).toBeNull();
  });

  it.each([
    ['x-ratelimit-limit', undefined],
    ['x-ratelimit-remaining', undefined],
    ['x-ratelimit-reset', undefined],
    ['x-ratelimit-limit', '-1'],
    ['x-ratelimit-remaining', '4.5'],
    ['x-ratelimit-reset', '1e9'],
    ['x-ratelimit-limit', ''],
    ['x-ratelimit-remaining', '0x10'],
    ['x-ratelimit-reset', '1234567890123456'],
    ['x-ratelimit-resource', 'Core!'],
    ['x-ratelimit-resource', 'a'.repeat(65)],
  ])('is null when %s is %j', (name, value) => {
    const headers = new Headers(RECORDED);
    if (value === undefined) headers.delete(name);
    else headers.set(name, value);
    expect(parseRateLimitHeaders(headers)).toBeNull();
  });

  it('accepts surrounding whitespace', () => {
    const headers = new Headers(RECORDED);
    headers.set('x-ratelimit-remaining', ' 0 ');
    expect(parseRateLimitHeaders(headers)?.remaining).toBe(0);
  });

  describe('properties', () => {
    const NAMES = [
      'x-ratelimit-limit',
      'x-ratelimit-remaining',
      'x-ratelimit-reset',
      'x-ratelimit-used',
      'x-ratelimit-resource',
    ];
    const REQUIRED = NAMES.slice(0, 3);
    const headerValue = fc.oneof(
      fc.string(),
      fc.nat().map(String),
      fc.integer().map(String),
      fc.double().map(String),
      fc.constantFrom('core', 'search', '', ' 12 ', '007', '1e3', 'NaN', '-0'),
    );
    const headerSet = fc.dictionary(fc.constantFrom(...NAMES), headerValue);

    function toHeaders(values: Record<string, string>): Headers {
      const headers = new Headers();
      for (const [name, value] of Object.entries(values)) {
        try {
          headers.set(name, value);
        } catch {
          // not a legal header value: a browser would never receive it
        }
      }
      return headers;
    }

    it('never throws, and returns null unless limit, remaining and reset are non-negative integers', () => {
      fc.assert(
        fc.property(headerSet, (values) => {
          const headers = toHeaders(values);
          const reading = parseRateLimitHeaders(headers);
          if (reading === null) return;
          for (const name of REQUIRED) expect(headers.get(name)?.trim()).toMatch(/^\d+$/);
          expect(reading.limit).toBe(Number(headers.get('x-ratelimit-limit')));
          expect(reading.remaining).toBe(Number(headers.get('x-ratelimit-remaining')));
          expect(reading.reset).toBe(Number(headers.get('x-ratelimit-reset')));
          for (const value of [reading.limit, reading.remaining, reading.reset, reading.used]) {
            expect(Number.isSafeInteger(value) && value >= 0).toBe(true);
          }
          expect(reading.resource).toMatch(/^[a-z0-9_]{1,64}$/);
        }),
      );
    });

    it('always reads well-formed headers', () => {
      fc.assert(
        fc.property(fc.nat(), fc.nat(), fc.nat({ max: 4_102_444_800 }), (limit, remaining, reset) => {
          const reading = parseRateLimitHeaders(
            new Headers({
              'x-ratelimit-limit': String(limit),
              'x-ratelimit-remaining': String(remaining),
              'x-ratelimit-reset': String(reset),
            }),
          );
          expect(reading).toEqual({
            resource: 'core',
            limit,
            remaining,
            reset,
            used: Math.max(0, limit - remaining),
          });
        }),
      );
    });
  });
});
