import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normalizeTld, normalizeTldList } from './normalize-tld';

/** The gateway's allow-list rule for a TLD (src/server/allow-list.ts). */
const GATEWAY_TLD =
  /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;

const label = fc.stringMatching(/^[a-z][a-z0-9]{0,10}$/);

describe('normalizeTld', () => {
  it.each([
    ['com', 'com'],
    ['.CA', 'ca'],
    ['  Co.UK ', 'co.uk'],
    ['..org', 'org'],
    ['みんな', 'xn--q9jyb4c'],
    ['.рф', 'xn--p1ai'],
    ['ＣＯＭ', 'com'],
    ['xn--q9jyb4c', 'xn--q9jyb4c'],
  ])('%s → %s', (input, tld) => {
    expect(normalizeTld(input)).toMatchObject({ ok: true, tld });
  });

  it('keeps the Unicode form of an IDN for display', () => {
    expect(normalizeTld('.みんな')).toEqual({ ok: true, tld: 'xn--q9jyb4c', unicode: 'みんな' });
  });

  it.each([
    ['', /Type a TLD/],
    ['.', /after the dot/],
    ['co uk', /no spaces/],
    ['https://example.com/', /not a web address/],
    ['example.com/path', /not a web address/],
    ['com.', /trailing dot/],
    ['-com', /letters, digits/],
    ['co..uk', /letters, digits|not a valid/],
    ['123', /digits/],
    ['a'.repeat(64), /63 characters/],
  ])('refuses %j with a clear message', (input, message) => {
    const result = normalizeTld(input);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.message).toMatch(message);
  });

  it('never throws, and whatever it accepts the gateway accepts too', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), (input) => {
        const result = normalizeTld(input);
        if (result.ok) expect(result.tld).toMatch(GATEWAY_TLD);
      }),
      { numRuns: 500 },
    );
  });

  it('is idempotent: normalising a normalised TLD changes nothing', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string({ maxLength: 30 }), fc.string({ unit: 'grapheme', maxLength: 12 })),
        (input) => {
          const result = normalizeTld(input);
          if (result.ok) expect(normalizeTld(result.tld)).toMatchObject({ ok: true, tld: result.tld });
        },
      ),
      { numRuns: 500 },
    );
  });

  it('ignores leading dots, surrounding spaces and case', () => {
    fc.assert(
      fc.property(
        fc.array(label, { minLength: 1, maxLength: 3 }),
        fc.nat(3),
        fc.boolean(),
        (labels, dots, upper) => {
          const tld = labels.join('.');
          const typed = ` ${'.'.repeat(dots)}${upper ? tld.toUpperCase() : tld} `;
          expect(normalizeTld(typed)).toEqual({ ok: true, tld });
        },
      ),
    );
  });
});

describe('normalizeTldList', () => {
  it('splits on commas and spaces, drops duplicates and reports bad entries', () => {
    expect(normalizeTldList('com, .US ca,com  bad/x')).toEqual({
      tlds: ['com', 'us', 'ca'],
      errors: [expect.stringMatching(/^bad\/x: /) as unknown as string],
    });
  });
});
