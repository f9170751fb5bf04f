import { describe, expect, it } from 'vitest';
import { PAGE_ROUTES, prerenderPage } from '@/app/prerender';
import {
  CODE_LIST_ID,
  CODE_LOADER_SCRIPT,
  paramToken,
  SCHEME_GUARD_SCRIPT,
  tokenPath,
} from '@/contracts/prerendered-pages';
import { pageHtml } from '../../scripts/prerender-pages';

/** The build draws every page with tokens for its parameters, as scripts/prerender-pages.ts does. */
const tokenUrl = (pattern: string) => `http://ferry.invalid${tokenPath(pattern)}`;

const text = (html: string) =>
  html
    .replace(/<!--.*?-->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

describe('pages drawn at build time', () => {
  it.each(PAGE_ROUTES.map((route) => [route.module, route.path] as const))(
    '%s draws its own page as plain markup with its styles',
    async (_module, pattern) => {
      const { html, styles } = await prerenderPage(tokenUrl(pattern));
      expect(html).not.toMatch(/<(?:script|template|style)\b/i);
      expect(text(html)).not.toContain('Page not found');
      expect(html).toMatch(/<h1\b/);
      expect(text(html)).toContain('Ferry');
      expect(styles).toMatch(/^<style data-emotion="css[- ]/);
    },
  );

  it('draws what the page shows before any answer: title, description, a loading state', async () => {
    const { html } = await prerenderPage('http://ferry.invalid/rate-limits');
    expect(text(html)).toContain('Rate limits Every category GitHub reports for this token.');
    expect(text(html)).toContain('Loading rate limits');
  });

  it.each([
    ['/', 'Overview · Ferry'],
    ['/rate-limits', 'Rate limits · Ferry'],
    ['/alerts', 'Alerts · Ferry'],
    [tokenPath('/migrations/orgs/:org/:migrationId'), `Export ${paramToken(1)} · Ferry`],
  ])('names %s by its own title, the one the app gives it', async (address, title) => {
    expect((await prerenderPage(`http://ferry.invalid${address}`)).title).toBe(title);
  });

  it.each(PAGE_ROUTES.map((route) => [route.module, route.path] as const))(
    '%s has a title of its own, not the bare app name',
    async (_module, pattern) => {
      const { title } = await prerenderPage(tokenUrl(pattern));
      expect(title).toMatch(/^\S.* · Ferry$/);
    },
  );

  it('draws a parameter where the page shows it, as the token the gateway replaces', async () => {
    const { html } = await prerenderPage(tokenUrl('/migrations/orgs/:org/:migrationId'));
    expect(text(html)).toContain(`Migration #${paramToken(1)}`);
    expect(text(html)).toContain(`Export of ${paramToken(0)}:`);
  });
});

const INDEX_HTML = `<!doctype html><html><head>
    <script type="module" async crossorigin src="/assets/early-data-1.js"></script>
    <title>Ferry</title>
    <script type="module" crossorigin src="/assets/index-1.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-dom-1.js">
  </head><body><div id="root">
      <div class="boot-bar">Ferry</div>
      <p class="boot-main" role="status">Loading Ferry…</p>
    </div></body></html>`;

describe('a drawn page’s HTML', () => {
  const html = pageHtml(INDEX_HTML, {
    html: '<h1>Rate limits</h1>',
    styles: '<style data-emotion="css a">.a{}</style>',
    title: 'Rate limits · Ferry',
  });

  it('carries the page’s own title in place of the bare app name, escaped', () => {
    expect(html).toContain('<title>Rate limits · Ferry</title>');
    expect(html).not.toContain('<title>Ferry</title>');
    const odd = pageHtml(INDEX_HTML, { html: '', styles: '', title: 'A </title><b> & $& · Ferry' });
    expect(odd).toContain('<title>A &lt;/title&gt;&lt;b&gt; &amp; $&amp; · Ferry</title>');
  });

  it('puts the drawing inside #root after the loading line, inert, with the scheme guard right after it', () => {
    expect(html).toContain(
      `Loading Ferry…</p><div id="prerendered" inert><h1>Rate limits</h1></div><script>${SCHEME_GUARD_SCRIPT}</script>`,
    );
    expect(html).toContain('<style data-emotion="css a">.a{}</style></head>');
  });

  it('asks for the code only after the first paint: the head’s scripts and preloads become a list', () => {
    expect(html).not.toMatch(/<script type="module"|rel="modulepreload"/);
    const list = new RegExp(`<script type="application/json" id="${CODE_LIST_ID}">(.*?)</script>`).exec(html);
    expect(JSON.parse(list?.[1] ?? 'null')).toEqual([
      ['script', { type: 'module', async: '', crossorigin: '', src: '/assets/early-data-1.js' }],
      ['script', { type: 'module', crossorigin: '', src: '/assets/index-1.js' }],
      ['link', { rel: 'modulepreload', crossorigin: '', href: '/assets/react-dom-1.js' }],
    ]);
    expect(html).toContain(`<script>${CODE_LOADER_SCRIPT}</script></body>`);
  });

  it('refuses an index.html whose boot markup changed', () => {
    const changed = INDEX_HTML.replace(' role="status"', '');
    expect(() => pageHtml(changed, { html: '', styles: '', title: 'x' })).toThrow(/boot status/);
    const untitled = INDEX_HTML.replace('<title>Ferry</title>', '');
    expect(() => pageHtml(untitled, { html: '', styles: '', title: 'x' })).toThrow(/title/);
  });
});
