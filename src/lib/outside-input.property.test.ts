import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { errorFromResponse } from './api-error';
import { pageOf, parseLinkHeader } from './link-header';
import { parseRateLimitHeaders } from '@/contracts/github/rate-limit';

/** Property-based tests for the browser-side parsers of outside input: Link, rate-limit headers, errors. */

const anyText = fc.oneof(fc.string({ maxLength: 300 }), fc.string({ unit: 'grapheme', maxLength: 100 }));
/** Characters that matter to the Link grammar, so generated headers are often almost valid. */
const linkish = fc
  .array(fc.constantFrom('<', '>', ';', ',', '"', '=', ' ', 'rel', 'next', 'http://a/?page=2', '\\', '\t'), {
    maxLength: 40,
  })
  .map((parts) => parts.join(''));

const urlText = fc.webUrl({ withQueryParameters: true }).filter((url) => !/[<>,;"\s]/.test(url));
const relName = fc.stringMatching(/^[a-z][a-z-]{0,11}$/);

describe('parseLinkHeader', () => {
  it('never throws, and returns lower-case rels mapped to strings', () => {
    fc.assert(
      fc.property(fc.oneof(anyText, linkish), (header) => {
        const links = parseLinkHeader(header);
        for (const [rel, url] of Object.entries(links)) {
          expect(rel).toBe(rel.toLowerCase());
          expect(rel).not.toMatch(/\s/);
          expect(typeof url).toBe('string');
          expect(url).not.toMatch(/[<>]/);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('reads back every well-formed link it is given (the last one wins for a repeated rel)', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(relName, urlText), { minLength: 1, maxLength: 6 }), (links) => {
        const header = links.map(([rel, url]) => `<${url}>; rel="${rel}"`).join(', ');
        expect(parseLinkHeader(header)).toEqual(Object.fromEntries(links));
      }),
    );
  });

  it('finishes on long adversarial input (no catastrophic backtracking)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('<', ';', ';a', '"', ' ', ','),
        fc.integer({ min: 1_000, max: 20_000 }),
        (unit, n) => {
          expect(typeof parseLinkHeader(`<a>${unit.repeat(n)}`)).toBe('object');
        },
      ),
      { numRuns: 20 },
    );
  });
});

describe('pageOf', () => {
  it('is a positive integer or undefined for any URL text, and never throws', () => {
    fc.assert(
      fc.property(fc.oneof(anyText, urlText, fc.constant('http://[')), (url) => {
        const page = pageOf(url);
        if (page !== undefined) expect(Number.isInteger(page) && page > 0).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it('reads the page a URL names', () => {
    fc.assert(
      fc.property(urlText, fc.integer({ min: 1, max: 1_000_000 }), (url, page) => {
        const target = new URL(url);
        target.searchParams.set('page', String(page));
        expect(pageOf(target.toString())).toBe(page);
      }),
    );
  });
});

const headerValue = fc.oneof(
  fc.nat().map(String),
  fc.constantFrom('', ' ', '-1', '1e3', '0x10', '1.5', 'NaN', 'Infinity', '9'.repeat(20), ' 42 '),
  anyText,
);

describe('parseRateLimitHeaders', () => {
  it('never throws; a reading has non-negative safe integers and a plain resource name', () => {
    fc.assert(
      fc.property(
        fc.record(
          {
            'x-ratelimit-limit': headerValue,
            'x-ratelimit-remaining': headerValue,
            'x-ratelimit-used': headerValue,
            'x-ratelimit-reset': headerValue,
            'x-ratelimit-resource': fc.oneof(fc.constantFrom('core', 'search', 'graphql'), anyText),
          },
          { requiredKeys: [] },
        ),
        (values) => {
          let headers: Headers;
          try {
            headers = new Headers(values);
          } catch {
            return; // not even a valid header value: a browser could not have received it
          }
          const reading = parseRateLimitHeaders(headers);
          if (reading === null) return;
          for (const value of [reading.limit, reading.remaining, reading.used, reading.reset]) {
            expect(Number.isSafeInteger(value) && value >= 0).toBe(true);
          }
          expect(reading.resource).toMatch(/^[a-z0-9_]{1,64}$/);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('reads back what GitHub sends', () => {
    fc.assert(
      fc.property(
        fc.nat({ max: 1e9 }),
        fc.nat({ max: 1e9 }),
        fc.nat({ max: 1e9 }),
        fc.integer({ min: 1_600_000_000, max: 4_102_444_800 }),
        fc.constantFrom('core', 'search', 'code_search', 'graphql'),
        (limit, remaining, used, reset, resource) => {
          const headers = new Headers({
            'x-ratelimit-limit': String(limit),
            'x-ratelimit-remaining': String(remaining),
            'x-ratelimit-used': String(used),
            'x-ratelimit-reset': String(reset),
            'x-ratelimit-resource': resource,
          });
          expect(parseRateLimitHeaders(headers)).toEqual({ limit, remaining, used, reset, resource });
        },
      ),
    );
  });

  it('gives no reading when a required header is missing or not a plain number', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset'),
        fc.oneof(fc.constant(undefined), fc.stringMatching(/^[^0-9\s]{1,10}$/)),
        (name, value) => {
          const headers = new Headers({
            'x-ratelimit-limit': '5000',
            'x-ratelimit-remaining': '4999',
            'x-ratelimit-reset': '1700000000',
          });
          if (value === undefined) headers.delete(name);
          else headers.set(name, value);
          expect(parseRateLimitHeaders(headers)).toBeNull();
        },
      ),
    );
  });
});

describe('errorFromResponse', () => {
  it('turns any status, headers and body into one well-formed ApiError', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<'github' | 'registrar' | 'gateway'>('github', 'registrar', 'gateway'),
        fc.integer({ min: 400, max: 599 }),
        fc.record(
          {
            'retry-after': headerValue,
            'x-ratelimit-remaining': headerValue,
            'x-ratelimit-reset': headerValue,
          },
          { requiredKeys: [] },
        ),
        fc.oneof(
          fc.jsonValue(),
          fc.record({
            message: fc.oneof(anyText, fc.constant('You have exceeded a secondary rate limit')),
            status: fc.constantFrom('ERROR', 'SUCCESS', 403),
            errors: fc.oneof(fc.jsonValue(), fc.array(fc.jsonValue())),
            ttlRemaining: fc.oneof(fc.integer(), fc.double(), anyText),
            code: fc.jsonValue(),
          }),
        ),
        (upstream, status, values, body) => {
          let headers: Headers;
          try {
            headers = new Headers(values);
          } catch {
            return;
          }
          const error = errorFromResponse(upstream, status, headers, body, 1_700_000_000_000);
          expect(error.message.length).toBeGreaterThan(0);
          expect(['http', 'rate-limited', 'secondary-rate-limited', 'registrar', 'malformed']).toContain(
            error.kind,
          );
          if (error.retryAt !== undefined) {
            // A garbled retry-after or reset never means "wait forever" or "an invalid date".
            expect(error.retryAt).toBeGreaterThanOrEqual(1_700_000_000_000);
            expect(error.retryAt).toBeLessThanOrEqual(1_700_000_000_000 + 86_400_000);
          }
          for (const field of error.fieldErrors) expect(typeof field.code).toBe('string');
        },
      ),
      { numRuns: 500 },
    );
  });
});
