import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseLinkHeader } from '@/lib/link-header';
import { matchOperation, OPERATIONS } from './allow-list';
import { rewriteLinkHeader } from './link-rewrite';

/** Property-based tests for the gateway's parsers of outside input: request paths and upstream Links. */

const TLD_PATH = 'domain/getRegistrationRequirements/';
const none = new URLSearchParams();

const label = fc.stringMatching(/^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/);
const validTld = fc.array(label, { minLength: 1, maxLength: 3 }).map((labels) => labels.join('.'));
/** Segments built from the characters an attacker reaches for, often almost valid. */
const hostileSegment = fc
  .array(
    fc.constantFrom(
      'a',
      'z',
      '0',
      '-',
      '.',
      '..',
      '%2e',
      '%2f',
      '%00',
      '%0d%0a',
      '%25',
      '/',
      '\\',
      ' ',
      'A',
      'ü',
      '@',
      ':',
      '_',
    ),
    { minLength: 0, maxLength: 12 },
  )
  .map((parts) => parts.join(''));

describe('TLD path validation', () => {
  it('admits every well-formed ASCII TLD (IDNs as xn--) unchanged', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          validTld,
          label.map((rest) => `xn--${rest}`.slice(0, 63)),
        ),
        (tld) => {
          fc.pre(!tld.endsWith('-'));
          const result = matchOperation('registrar', 'GET', `${TLD_PATH}${tld}`, none);
          expect(result.ok).toBe(true);
          if (result.ok) expect(result.match.path).toBe(`${TLD_PATH}${tld}`);
        },
      ),
    );
  });

  it('admits nothing but lower-case LDH labels: no dot segments, encodings, separators or controls', () => {
    fc.assert(
      fc.property(fc.oneof(hostileSegment, fc.string({ maxLength: 80 })), (tld) => {
        const result = matchOperation('registrar', 'GET', `${TLD_PATH}${tld}`, none);
        if (!result.ok) return;
        expect(tld).toMatch(/^[a-z0-9.-]{1,253}$/);
        for (const part of tld.split('.')) {
          expect(part.length).toBeGreaterThan(0);
          expect(part.length).toBeLessThanOrEqual(63);
          expect(part).not.toMatch(/^-|-$/);
        }
      }),
      { numRuns: 1_000 },
    );
  });
});

describe('every allowed operation', () => {
  it('never matches a path with a dot segment, an encoding, a control or an empty segment', () => {
    const templates = OPERATIONS.map((operation) => operation);
    fc.assert(
      fc.property(
        fc.constantFrom(...templates),
        fc.array(hostileSegment, { maxLength: 4 }),
        (operation, fills) => {
          let index = 0;
          const path = operation.path.replace(/\{\w+:\w+\}/g, () => fills[index++] ?? '');
          const result = matchOperation(operation.upstream, operation.method, path, none);
          if (!result.ok) return;
          for (const segment of result.match.path.split('/')) {
            expect(segment).not.toBe('');
            expect(segment).not.toBe('..');
            expect(segment).not.toBe('.');
            expect(segment).not.toMatch(/[%\\\s@:/\u0080-\uffff]/);
          }
        },
      ),
      { numRuns: 2_000 },
    );
  });

  it('admits only declared query parameters with plain values', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 12 }), fc.string({ maxLength: 30 }), (key, value) => {
        const query = new URLSearchParams([[key, value]]);
        const result = matchOperation('github', 'GET', 'orgs/octo-org/repos', query);
        if (!result.ok) return;
        expect(['per_page', 'page', 'type', 'sort']).toContain(key);
        expect(value).toMatch(/^[A-Za-z0-9_,.-]{0,100}$/);
      }),
      { numRuns: 1_000 },
    );
  });
});

describe('rewriteLinkHeader', () => {
  const BASE = 'https://ghe.example.test/api/v3';
  const target = fc.oneof(
    fc.webUrl({ withQueryParameters: true }),
    fc
      .tuple(
        fc.constantFrom(
          BASE,
          'https://ghe.example.test',
          'https://evil.example/api/v3',
          '//evil.example/api/v3',
          '',
        ),
        fc.array(
          fc.constantFrom('user', 'repos', '..', '.', '%2e%2e', 'api', 'v3', '?page=2', '#x', '@evil'),
          {
            maxLength: 5,
          },
        ),
      )
      .map(([base, parts]) => `${base}/${parts.join('/')}`),
  );
  const rel = fc.oneof(fc.constantFrom('next', 'prev', 'last', 'first'), fc.string({ maxLength: 12 }));

  it('emits only gateway paths under the prefix, never another host, a dot segment or an odd rel', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(target, rel), { maxLength: 5 }), (links) => {
        const header = links.map(([url, name]) => `<${url}>; rel="${name.replace(/"/g, '')}"`).join(', ');
        const rewritten = rewriteLinkHeader(header, BASE, '/api/github');
        if (rewritten === null) return;
        for (const [name, url] of Object.entries(parseLinkHeader(rewritten))) {
          expect(name).toMatch(/^[a-z-]*$/);
          expect(url.startsWith('/api/github/')).toBe(true);
          const path = url.split('?')[0] ?? '';
          expect(path.split('/')).not.toContain('..');
          expect(new URL(url, 'http://gateway.test').origin).toBe('http://gateway.test');
        }
      }),
      { numRuns: 1_000 },
    );
  });

  it('never throws on arbitrary header text', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (header) => {
        const rewritten = rewriteLinkHeader(header, BASE, '/api/github');
        expect(rewritten === null || typeof rewritten === 'string').toBe(true);
      }),
      { numRuns: 500 },
    );
  });
});
