import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { MiddlewareHandler } from 'hono';

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
};

interface Variant {
  encoding: 'br' | 'gzip';
  body: Uint8Array<ArrayBuffer>;
}

/** The encodings a browser accepts, read from Accept-Encoding (`q=0` refuses one). */
function accepted(header: string | undefined): Set<string> {
  const names = new Set<string>();
  for (const part of (header ?? '').split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    if (!params.some((param) => /^\s*q=0(?:\.0*)?\s*$/.test(param))) names.add(name.trim());
  }
  return names;
}

/**
 * Serves `/assets/<file>` from the build's precompressed copies (`.br`, `.gz`, written by
 * scripts/precompress.ts), read into memory once at start (a few MB). A browser that takes neither encoding,
 * or an asset without copies, falls through to the next handler.
 */
export function precompressedAssets(root: string): MiddlewareHandler {
  const dir = path.join(root, 'assets');
  const variants = new Map<string, Variant[]>();
  if (existsSync(dir)) {
    for (const name of readdirSync(dir)) {
      const type = TYPES[path.extname(name)];
      if (!type) continue;
      const found: Variant[] = [];
      for (const [suffix, encoding] of [
        ['.br', 'br'],
        ['.gz', 'gzip'],
      ] as const) {
        const file = path.join(dir, `${name}${suffix}`);
        if (existsSync(file)) found.push({ encoding, body: new Uint8Array(readFileSync(file)) });
      }
      if (found.length > 0) variants.set(name, found);
    }
  }
  return async (c, next) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return next();
    const name = decodeURIComponent(new URL(c.req.url).pathname.slice('/assets/'.length));
    const options = variants.get(name);
    const encodings = accepted(c.req.header('accept-encoding'));
    const chosen = options?.find((variant) => encodings.has(variant.encoding));
    if (!chosen) return next();
    return new Response(c.req.method === 'HEAD' ? null : chosen.body, {
      headers: {
        'content-type': TYPES[path.extname(name)] as string,
        'content-encoding': chosen.encoding,
        'content-length': String(chosen.body.byteLength),
        vary: 'accept-encoding',
        // Hashed names: cached for good.
        'cache-control': 'public, max-age=31536000, immutable',
      },
    });
  };
}
