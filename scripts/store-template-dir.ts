import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * Where tests and benchmarks keep the embedded store's initdb folder (src/server/store/store-template.ts): one
 * per installed PGlite version, so an upgrade makes a new one and every run after the first copies it.
 */
export function storeTemplateDir(root: string): string {
  const manifest = path.join(root, 'node_modules/@electric-sql/pglite/package.json');
  const { version } = JSON.parse(readFileSync(manifest, 'utf8')) as { version: string };
  return path.join(tmpdir(), `ferry-store-template-pglite-${version}`);
}
