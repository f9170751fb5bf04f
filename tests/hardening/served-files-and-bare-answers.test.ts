import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRequest, startGateway, type Listening } from '@/testing/node-servers';
import { rawExchange, statusOf } from './support';

/**
 * What the gateway serves besides the API: the built SPA, never its build metadata; and the answers Node
 * makes by itself for requests it cannot parse, which must carry the same security headers.
 */
let dist: string;
let gateway: Listening;

beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'ferry-dist-'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Ferry</title>');
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'assets/index-abc.js'), 'console.log(1)');
  mkdirSync(path.join(dist, '.vite'));
  writeFileSync(path.join(dist, '.vite/manifest.json'), '{"src/main.tsx":{"file":"assets/index-abc.js"}}');
  writeFileSync(path.join(dist, '.env'), 'GITHUB_TOKEN=never');
  gateway = await startGateway({ SIM_SCENARIO: 'quiet' }, { staticRoot: dist });
});
afterAll(async () => {
  await gateway.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('build metadata is never served', () => {
  it.each([
    '/.vite/manifest.json',
    '/%2evite/manifest.json',
    '/%2Evite/manifest.json',
    '/assets/../.vite/manifest.json',
    '/.env',
    '/assets/.%2e/.vite/manifest.json',
  ])('%s', async (target) => {
    const response = await rawRequest(gateway.port, target);
    expect(response.body).not.toMatch(/src\/main\.tsx|GITHUB_TOKEN/);
    expect(response.status).toBe(404);
  });

  it('the SPA and its assets still are', async () => {
    expect((await rawRequest(gateway.port, '/')).body).toContain('<title>Ferry</title>');
    expect((await rawRequest(gateway.port, '/migrations')).body).toContain('<title>Ferry</title>');
    expect((await rawRequest(gateway.port, '/assets/index-abc.js')).status).toBe(200);
  });
});

describe('requests Node cannot parse', () => {
  it.each([
    ['a bad request line', 'GET / HTTP/1.1 extra\r\nHost: x\r\n\r\n'],
    ['a header without a colon', 'GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nBroken header\r\n\r\n'],
    ['a control character in a header', 'GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-A: a\x01b\r\n\r\n'],
    [
      'both Content-Length and chunked',
      'POST /api/x HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n',
    ],
  ])('%s: a 400 with the security headers and a JSON body', async (_, text) => {
    const raw = await rawExchange(gateway.port, text);
    expect(statusOf(raw)).toBe(400);
    const head = raw.slice(0, raw.indexOf('\r\n\r\n')).toLowerCase();
    expect(head).toContain("content-security-policy: default-src 'self'");
    expect(head).toContain('x-content-type-options: nosniff');
    expect(head).toContain('x-frame-options: deny');
    expect(head).toContain('content-type: application/json');
    expect(JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4))).toMatchObject({ code: 'BAD_REQUEST' });
  });

  it.each(['/api/github/user\\emails', '/\\evil.example/', '/api/health\\', '/assets\\..\\.env'])(
    'a backslash in the path (%s), refused before the app: a 400 with the security headers and a JSON body',
    async (target) => {
      const raw = await rawExchange(
        gateway.port,
        `GET ${target} HTTP/1.1\r\nHost: 127.0.0.1:${gateway.port}\r\nConnection: close\r\n\r\n`,
      );
      expect(statusOf(raw)).toBe(400);
      const head = raw.slice(0, raw.indexOf('\r\n\r\n')).toLowerCase();
      expect(head).toContain("content-security-policy: default-src 'self'");
      expect(head).toContain('x-content-type-options: nosniff');
      expect(head).toContain('x-frame-options: deny');
      expect(head).toContain('referrer-policy: no-referrer');
      expect(head).toContain('content-type: application/json');
      expect(raw).toContain('"code":"BAD_REQUEST"');
    },
  );

  it('headers too large: a 431 with the security headers', async () => {
    const raw = await rawExchange(
      gateway.port,
      `GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
    );
    expect(statusOf(raw)).toBe(431);
    expect(raw.toLowerCase()).toContain('x-content-type-options: nosniff');
  });
});
