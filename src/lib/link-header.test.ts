import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pageOf, parseLinkHeader, sameOriginPath } from './link-header';

describe('parseLinkHeader', () => {
  it('reads GitHub’s documented example, in its rel order', () => {
    const header =
      '<https://api.github.com/repositories/1300192/issues?page=2>; rel="prev", <https://api.github.com/repositories/1300192/issues?page=4>; rel="next", <https://api.github.com/repositories/1300192/issues?page=515>; rel="last", <https://api.github.com/repositories/1300192/issues?page=1>; rel="first"';
    expect(parseLinkHeader(header)).toEqual({
      prev: 'https://api.github.com/repositories/1300192/issues?page=2',
      next: 'https://api.github.com/repositories/1300192/issues?page=4',
      last: 'https://api.github.com/repositories/1300192/issues?page=515',
      first: 'https://api.github.com/repositories/1300192/issues?page=1',
    });
  });

  it('reads a last page with only prev and first', () => {
    const header =
      '<https://api.github.com/repositories/1000/issues?per_page=3&page=4>; rel="prev", <https://api.github.com/repositories/1000/issues?per_page=3&page=1>; rel="first"';
    expect(parseLinkHeader(header)).toEqual({
      prev: 'https://api.github.com/repositories/1000/issues?per_page=3&page=4',
      first: 'https://api.github.com/repositories/1000/issues?per_page=3&page=1',
    });
  });

  it('reads gateway-relative URLs', () => {
    expect(parseLinkHeader('</api/github/user/repos?per_page=30&page=2>; rel="next"')).toEqual({
      next: '/api/github/user/repos?per_page=30&page=2',
    });
  });

  it('accepts unquoted, upper-case and multi-valued rels, extra params and commas inside URLs', () => {
    expect(
      parseLinkHeader(
        '<https://x.test/a?q=1,2>; title="a, b"; rel=NEXT, <https://x.test/b>;rel="last  alternate", <https://x.test/c>; rel="describedby"',
      ),
    ).toEqual({
      next: 'https://x.test/a?q=1,2',
      last: 'https://x.test/b',
      alternate: 'https://x.test/b',
      describedby: 'https://x.test/c',
    });
  });

  it('skips parts without a rel or that are malformed', () => {
    expect(
      parseLinkHeader(
        '<https://x.test/a>; title="no rel", https://x.test/b; rel="next", <https://x.test/c>; rel="last"',
      ),
    ).toEqual({
      last: 'https://x.test/c',
    });
    expect(parseLinkHeader('garbage')).toEqual({});
    expect(parseLinkHeader('<https://x.test/a>')).toEqual({});
  });

  // An exponential pattern would hang here until the test timeout; no timing assertion needed.
  it('parses input that made an earlier pattern backtrack exponentially', () => {
    expect(parseLinkHeader(`<https://x.test/a>${'; x'.repeat(30)};`)).toEqual({});
    expect(parseLinkHeader(`<https://x.test/a>;${' '.repeat(50_000)},`)).toEqual({});
    expect(parseLinkHeader(`<https://x.test/a>; rel="next"${'; x'.repeat(20_000)}`)).toEqual({
      next: 'https://x.test/a',
    });
  });

  it('is empty for no header', () => {
    expect(parseLinkHeader(null)).toEqual({});
    expect(parseLinkHeader(undefined)).toEqual({});
    expect(parseLinkHeader('')).toEqual({});
  });

  describe('properties', () => {
    const rel = fc.stringMatching(/^[a-z][a-z0-9.-]{0,15}$/);
    const url = fc
      .webUrl({ withQueryParameters: true, withFragments: true })
      .filter((value) => !/[<>\s]/.test(value));
    const links = fc.uniqueArray(fc.record({ rel, url }), { selector: (link) => link.rel, maxLength: 8 });

    it('round-trips any list of rel/url pairs', () => {
      fc.assert(
        fc.property(links, fc.constantFrom(', ', ',', ',  '), fc.boolean(), (list, separator, quoted) => {
          const header = list
            .map((link) => `<${link.url}>; rel=${quoted ? `"${link.rel}"` : link.rel}`)
            .join(separator);
          expect(parseLinkHeader(header)).toEqual(
            Object.fromEntries(list.map((link) => [link.rel, link.url])),
          );
        }),
      );
    });

    it('never throws, and only returns URLs that appear in the header', () => {
      fc.assert(
        fc.property(
          fc.oneof(
            fc.string(),
            fc.string({ unit: 'binary' }),
            fc.string({ unit: fc.constantFrom('<', '>', ';', ',', '"', ' ', 'r', 'e', 'l', '=', 'a') }),
          ),
          (header) => {
            const parsed = parseLinkHeader(header);
            for (const value of Object.values(parsed)) expect(header).toContain(`<${value}>`);
          },
        ),
      );
    });
  });
});

describe('pageOf', () => {
  it('reads the page number of a link', () => {
    expect(pageOf('https://api.github.com/repositories/1000/issues?per_page=3&page=5')).toBe(5);
    expect(pageOf('/api/github/user/repos?page=2')).toBe(2);
  });

  it('is undefined without a usable page', () => {
    expect(pageOf(undefined)).toBeUndefined();
    expect(pageOf('')).toBeUndefined();
    expect(pageOf('https://x.test/?per_page=3')).toBeUndefined();
    expect(pageOf('https://x.test/?page=0')).toBeUndefined();
    expect(pageOf('https://x.test/?page=-1')).toBeUndefined();
    expect(pageOf('https://x.test/?page=1.5')).toBeUndefined();
    expect(pageOf('https://x.test/?page=two')).toBeUndefined();
  });
});

describe('sameOriginPath', () => {
  const origin = 'http://127.0.0.1:5180';
  it('turns an absolute gateway link on this origin into its path', () => {
    expect(sameOriginPath(`${origin}/api/registrar/spec`, '/api/registrar/', origin)).toBe(
      '/api/registrar/spec',
    );
    expect(sameOriginPath('/api/registrar/spec?x=1', '/api/registrar/', origin)).toBe(
      '/api/registrar/spec?x=1',
    );
  });

  it('refuses other origins, other prefixes and non-URLs', () => {
    expect(
      sameOriginPath('https://evil.example/api/registrar/spec', '/api/registrar/', origin),
    ).toBeUndefined();
    expect(
      sameOriginPath('http://127.0.0.1:4010/api/registrar/spec', '/api/registrar/', origin),
    ).toBeUndefined();
    expect(sameOriginPath(`${origin}/api/github/user`, '/api/registrar/', origin)).toBeUndefined();
    expect(sameOriginPath('//evil.example/api/registrar/spec', '/api/registrar/', origin)).toBeUndefined();
    expect(sameOriginPath('http://[::1', '/api/registrar/', origin)).toBeUndefined();
    expect(sameOriginPath(undefined, '/api/registrar/', origin)).toBeUndefined();
  });
});
