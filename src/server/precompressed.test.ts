import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { precompressedAssets } from './precompressed';

const script = 'export const answer = 42;\n'.repeat(200);

function app() {
  const root = mkdtempSync(path.join(tmpdir(), 'ferry-precompressed-'));
  mkdirSync(path.join(root, 'assets'));
  const file = path.join(root, 'assets', 'app-1234.js');
  writeFileSync(file, script);
  writeFileSync(`${file}.br`, brotliCompressSync(script));
  writeFileSync(`${file}.gz`, gzipSync(script));
  writeFileSync(path.join(root, 'assets', 'plain-1234.js'), script);
  const hono = new Hono();
  hono.use('/assets/*', precompressedAssets(root));
  hono.get('/assets/*', (c) => c.text('fell through', 404));
  return (name: string, acceptEncoding?: string) =>
    hono.request(`/assets/${name}`, { headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });
}

describe('precompressed assets', () => {
  it('serves Brotli when the browser takes it, gzip otherwise, with the type and caching of the asset', async () => {
    const get = app();
    const br = await get('app-1234.js', 'gzip, deflate, br, zstd');
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(br.headers.get('vary')).toBe('accept-encoding');
    expect(br.headers.get('cache-control')).toContain('immutable');
    expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe(script);

    const gzip = await get('app-1234.js', 'gzip, br;q=0');
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gzip.arrayBuffer())).toString()).toBe(script);
  });

  it('leaves the rest to the next handler: no accepted encoding, no copies, unknown files', async () => {
    const get = app();
    expect(await (await get('app-1234.js')).text()).toBe('fell through');
    expect(await (await get('app-1234.js', 'identity')).text()).toBe('fell through');
    expect(await (await get('plain-1234.js', 'br')).text()).toBe('fell through');
    expect(await (await get('nothing.js', 'br')).text()).toBe('fell through');
  });
});
