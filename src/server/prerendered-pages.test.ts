import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import {
  CODE_LOADER_SCRIPT,
  paramToken,
  PRERENDERED_MANIFEST,
  SCHEME_GUARD_SCRIPT,
  type PrerenderedPage,
} from '@/contracts/prerendered-pages';
import { fillParams, mountPrerenderedPages } from './prerendered-pages';
import { CONTENT_SECURITY_POLICY } from './security';

const MIGRATION_HTML = `<html><body><h1>Migration #${paramToken(1)}</h1><p>Export of ${paramToken(0)}</p><a href="/migrations/orgs/${paramToken(0)}">All ${paramToken(0)} migrations</a>${'<p>padding</p>'.repeat(200)}</body></html>`;

function build(manifest: unknown, files: Record<string, string> = {}): string {
  const root = mkdtempSync(path.join(tmpdir(), 'ferry-prerendered-'));
  mkdirSync(path.join(root, path.dirname(PRERENDERED_MANIFEST)), { recursive: true });
  writeFileSync(path.join(root, PRERENDERED_MANIFEST), JSON.stringify(manifest));
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(root, name), text);
  return root;
}

function gateway(root: string): Hono {
  const app = new Hono();
  mountPrerenderedPages(app, root);
  app.get('*', (c) => c.text('plain index.html'));
  return app;
}

const migrationPage: PrerenderedPage = {
  path: '/migrations/orgs/:org/:migrationId',
  file: '.prerendered/org-migration.html',
  params: ['org', 'migrationId'],
};

describe('pages drawn at build time', () => {
  it('writes each route parameter where its token stood, every time it appears', () => {
    const html = fillParams(MIGRATION_HTML, ['octo-org', '42']);
    expect(html).toContain('<h1>Migration #42</h1>');
    expect(html).toContain('<a href="/migrations/orgs/octo-org">All octo-org migrations</a>');
    expect(html).not.toContain(paramToken(0));
  });

  it('escapes what the address carries: markup and quotes stay text', () => {
    const html = fillParams(MIGRATION_HTML, ['"><img src=x onerror=alert(1)>', '1']);
    expect(html).not.toContain('<img');
    expect(html).toContain('Export of &quot;&gt;&lt;img src=x onerror=alert(1)&gt;');
    expect(html).toContain('href="/migrations/orgs/&quot;&gt;&lt;img');
  });

  it('serves a drawn page at its route, compressed, with the decoded parameters; other addresses fall through', async () => {
    const root = build([migrationPage], { '.prerendered/org-migration.html': MIGRATION_HTML });
    const app = gateway(root);

    const page = await app.request('/migrations/orgs/my%20org/7', {
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-encoding')).toBe('gzip');
    expect(page.headers.get('cache-control')).toBe('no-cache');
    const body = gunzipSync(Buffer.from(await page.arrayBuffer())).toString();
    expect(body).toContain('<h1>Migration #7</h1>');
    expect(body).toContain('Export of my org');

    expect(await (await app.request('/migrations/orgs/my-org/7/extra')).text()).toBe('plain index.html');
  });

  it('serves plain index.html everywhere when the build drew no pages', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'ferry-prerendered-none-'));
    const app = new Hono();
    expect(mountPrerenderedPages(app, root)).toBe(0);
    app.get('*', (c) => c.text('plain index.html'));
    expect(await (await app.request('/rate-limits')).text()).toBe('plain index.html');
  });

  it('refuses a page list that is not one, or that points outside the build', () => {
    expect(() => gateway(build({ path: '/' }))).toThrow(/not a page list/);
    expect(() => gateway(build([{ ...migrationPage, file: '../../etc/passwd' }]))).toThrow(
      /outside the build/,
    );
  });

  it('allows exactly the two inline scripts a drawn page carries, by their hashes', () => {
    for (const script of [SCHEME_GUARD_SCRIPT, CODE_LOADER_SCRIPT]) {
      const hash = createHash('sha256').update(script).digest('base64');
      expect(CONTENT_SECURITY_POLICY).toContain(`'sha256-${hash}'`);
    }
    expect(CONTENT_SECURITY_POLICY).toMatch(/script-src 'self' 'sha256-[^']+' 'sha256-[^']+';/);
  });

  it('uses tokens a migration id and a wave id accept, so a page draws as it would for a real one', () => {
    for (const index of [0, 1, 2]) {
      expect(paramToken(index)).toMatch(/^[1-9]\d{0,15}$/);
      expect(paramToken(index)).toMatch(/^[a-z0-9-]{1,64}$/);
      expect(Number(paramToken(index))).toBeLessThan(Number.MAX_SAFE_INTEGER);
    }
  });
});
