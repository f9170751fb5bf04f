import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildReferences } from './reference-pages';
import type { BenchContext } from './types';

export const ROOT = path.resolve(import.meta.dirname, '../..');

/**
 * Build the SPA once, into a temporary folder (never `dist/`), and remove it at the end. `smoke`: tiny sizes
 * and short durations everywhere (`npm run bench -- --smoke`).
 */
export function createContext(smoke = false): BenchContext & { dispose(): void } {
  let built: Promise<string> | undefined;
  let folder: string | undefined;
  let references: ReturnType<typeof buildReferences> | undefined;
  let referencesBuilt: Awaited<ReturnType<typeof buildReferences>> | undefined;
  return {
    smoke,
    size: (full, small) => (smoke ? small : full),
    log: (message) => process.stderr.write(`  · ${message}\n`),
    distDir() {
      built ??= new Promise<string>((resolve, reject) => {
        folder = mkdtempSync(path.join(tmpdir(), 'ferry-bench-dist-'));
        const out = folder;
        const build = spawn(
          process.execPath,
          [path.join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--outDir', out, '--logLevel', 'error'],
          { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] },
        );
        build.on('exit', (code) => {
          if (code === 0 && existsSync(path.join(out, 'index.html'))) resolve(out);
          else reject(new Error(`vite build failed (exit ${code})`));
        });
      });
      return built;
    },
    async referenceDir() {
      references ??= buildReferences();
      referencesBuilt = await references;
      return referencesBuilt.dir;
    },
    dispose() {
      referencesBuilt?.dispose();
      if (folder) rmSync(folder, { recursive: true, force: true });
    },
  };
}
