import { afterEach, describe, expect, it } from 'vitest';
import { PAGE_CHUNKS_ID } from './page-chunks-id';
import { pageChunks, preloadPageCode } from './page-code';
import { pageModuleFor } from './page-routes';

function listChunks(json: string) {
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = PAGE_CHUNKS_ID;
  script.textContent = json;
  document.head.append(script);
}

afterEach(() => {
  document.head
    .querySelectorAll(`#${PAGE_CHUNKS_ID}, link[rel="modulepreload"]`)
    .forEach((node) => node.remove());
});

describe('pageModuleFor', () => {
  it.each([
    ['/', 'overview'],
    ['', 'overview'],
    ['/rate-limits', 'rate-limits'],
    ['/rate-limits/', 'rate-limits'],
    ['/migrations/user', 'user-migrations'],
    ['/migrations/user/7', 'user-migration'],
    ['/migrations/orgs/octo-org', 'org-migrations'],
    ['/migrations/orgs/octo-org/1', 'org-migration'],
    ['/imports/octo-org/hello-world', 'import'],
    ['/domains/compare', 'domains-compare'],
    ['/waves/abc', 'wave'],
    ['/moves', 'moves'],
    ['/moves/abc-1', 'move'],
    ['/alerts', 'alerts'],
    ['/audit', 'audit'],
  ])('%s is drawn by routes/%s', (pathname, module) => {
    expect(pageModuleFor(pathname)).toBe(module);
  });

  it('knows no page for an unknown address', () => {
    expect(pageModuleFor('/nowhere/at/all')).toBeUndefined();
  });
});

describe('preloadPageCode', () => {
  it('preloads the listed chunks of the page being opened, and only those', () => {
    listChunks(
      JSON.stringify({
        'rate-limits': ['assets/rate-limits-1.js', 'assets/shared-2.js'],
        waves: ['assets/waves-3.js'],
      }),
    );
    preloadPageCode(document, '/rate-limits');
    const links = [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')];
    expect(links.map((link) => new URL(link.href).pathname)).toEqual([
      '/assets/rate-limits-1.js',
      '/assets/shared-2.js',
    ]);
  });

  it('does nothing without the list (vite dev), with a broken one, or for an unknown page', () => {
    preloadPageCode(document, '/rate-limits');
    listChunks('{not json');
    expect(pageChunks(document, 'rate-limits')).toEqual([]);
    preloadPageCode(document, '/rate-limits');
    preloadPageCode(document, '/nowhere/at/all');
    expect(document.head.querySelectorAll('link[rel="modulepreload"]')).toHaveLength(0);
  });

  it('ignores entries that are not file names', () => {
    listChunks(JSON.stringify({ waves: ['assets/waves-3.js', 42, null] }));
    expect(pageChunks(document, 'waves')).toEqual(['assets/waves-3.js']);
  });
});
