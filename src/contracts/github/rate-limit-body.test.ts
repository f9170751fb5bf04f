import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseRateLimitOverview } from '@/contracts/github/rate-limit';

const RESET = 1_700_003_600;
const core = { limit: 5000, used: 10, remaining: 4990, reset: RESET };

describe('parseRateLimitOverview', () => {
  it('keeps every category the API returns, in its order, including unknown ones', () => {
    const overview = parseRateLimitOverview({
      resources: {
        core,
        search: { limit: 30, used: 2, remaining: 28, reset: 1_700_000_060 },
        brand_new_bucket: { limit: 50, used: 50, remaining: 0, reset: RESET },
      },
    });
    expect(overview.categories).toEqual([
      { name: 'core', limit: 5000, used: 10, remaining: 4990, reset: RESET },
      { name: 'search', limit: 30, used: 2, remaining: 28, reset: 1_700_000_060 },
      { name: 'brand_new_bucket', limit: 50, used: 50, remaining: 0, reset: RESET },
    ]);
    expect(overview.rateMirrorsCore).toBe(false);
    expect(overview.rateDiffers).toBe(false);
  });

  it('skips malformed entries and keeps the rest', () => {
    const overview = parseRateLimitOverview({
      resources: {
        core,
        negative: { limit: 10, used: 0, remaining: -1, reset: RESET },
        fractional: { limit: 10.5, used: 0, remaining: 10, reset: RESET },
        stringy: { limit: '10', used: 0, remaining: 10, reset: RESET },
        missing_reset: { limit: 10, used: 0, remaining: 10 },
        not_an_object: 42,
        nothing: null,
        'Bad-Name': { limit: 10, used: 0, remaining: 10, reset: RESET },
        no_used: { limit: 10, remaining: 4, reset: RESET },
        odd_used: { limit: 10, used: -3, remaining: 12, reset: RESET },
      },
    });
    expect(overview.categories).toEqual([
      { name: 'core', limit: 5000, used: 10, remaining: 4990, reset: RESET },
      { name: 'no_used', limit: 10, used: 6, remaining: 4, reset: RESET },
      { name: 'odd_used', limit: 10, used: 0, remaining: 12, reset: RESET },
    ]);
  });

  it('notes a deprecated rate that mirrors core and does not show it twice', () => {
    const overview = parseRateLimitOverview({ resources: { core }, rate: { ...core } });
    expect(overview.categories.map((category) => category.name)).toEqual(['core']);
    expect(overview.rateMirrorsCore).toBe(true);
    expect(overview.rateDiffers).toBe(false);
  });

  it('says so when rate differs from core, and shows core', () => {
    const overview = parseRateLimitOverview({
      resources: { core },
      rate: { ...core, remaining: 4000, used: 1000 },
    });
    expect(overview.categories).toEqual([{ name: 'core', ...core }]);
    expect(overview.rateMirrorsCore).toBe(false);
    expect(overview.rateDiffers).toBe(true);
  });

  it('shows rate as core when only rate is present', () => {
    const overview = parseRateLimitOverview({ rate: { limit: 60, used: 1, remaining: 59, reset: RESET } });
    expect(overview.categories).toEqual([{ name: 'core', limit: 60, used: 1, remaining: 59, reset: RESET }]);
    expect(overview.rateMirrorsCore).toBe(false);
    expect(overview.rateDiffers).toBe(false);
  });

  it('ignores a malformed rate', () => {
    const overview = parseRateLimitOverview({ resources: { core }, rate: { limit: 'lots' } });
    expect(overview.categories).toEqual([{ name: 'core', ...core }]);
    expect(overview.rateMirrorsCore).toBe(false);
    expect(overview.rateDiffers).toBe(false);
  });

  it.each([undefined, null, 'text', 42, [], {}, { resources: null }, { resources: 'core' }])(
    'is empty for %j',
    (body) => {
      expect(parseRateLimitOverview(body)).toEqual({
        categories: [],
        rateMirrorsCore: false,
        rateDiffers: false,
      });
    },
  );

  describe('properties', () => {
    const countLike = fc.oneof(
      fc.nat(),
      fc.integer(),
      fc.double(),
      fc.string(),
      fc.constant(null),
      fc.constant(undefined),
    );
    const entry = fc.oneof(
      fc.record(
        { limit: countLike, used: countLike, remaining: countLike, reset: countLike },
        { requiredKeys: [] },
      ),
      fc.record({ limit: fc.nat(), used: fc.nat(), remaining: fc.nat(), reset: fc.nat() }),
      fc.jsonValue(),
    );
    const name = fc.oneof(
      fc.stringMatching(/^[a-z_]{1,12}$/),
      fc.string(),
      fc.constantFrom('core', 'rate', '__proto__', 'constructor'),
    );
    const shaped = fc.record(
      { resources: fc.oneof(fc.dictionary(name, entry), fc.jsonValue()), rate: entry },
      { requiredKeys: [] },
    );
    // What arrives is always the result of JSON.parse.
    const body = fc
      .oneof(fc.jsonValue(), shaped)
      .map((value) => JSON.parse(JSON.stringify(value) ?? 'null') as unknown);

    it('never throws, and every category has a valid name and non-negative integer counts', () => {
      fc.assert(
        fc.property(body, (input) => {
          const overview = parseRateLimitOverview(input);
          const names = overview.categories.map((category) => category.name);
          expect(new Set(names).size).toBe(names.length);
          for (const category of overview.categories) {
            expect(category.name).toMatch(/^[a-z0-9_]{1,64}$/);
            for (const value of [category.limit, category.remaining, category.used, category.reset]) {
              expect(Number.isInteger(value) && value >= 0).toBe(true);
            }
          }
          expect(overview.rateMirrorsCore && overview.rateDiffers).toBe(false);
        }),
      );
    });
  });
});
