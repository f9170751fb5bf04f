import { existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createDataFolderApart, EMBEDDED_START_PARAMS } from './embedded-memory';
import { openStore } from './open-store';
import { STORE_TEMPLATE_ENV } from './store-template';

const root = mkdtempSync(path.join(tmpdir(), 'ferry-embedded-memory-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('the embedded store’s data folder, made apart', () => {
  it('is created by a child process, left alone once it exists, and opens with the small settings', async () => {
    const folder = path.join(root, 'pglite');
    // initdb itself, not the copy the suites' template gives (store-template.test.ts).
    vi.stubEnv(STORE_TEMPLATE_ENV, undefined);
    await createDataFolderApart(folder);
    vi.unstubAllEnvs();
    const version = path.join(folder, 'PG_VERSION');
    expect(existsSync(version)).toBe(true);
    const made = statSync(version).mtimeMs;
    await createDataFolderApart(folder);
    expect(statSync(version).mtimeMs).toBe(made);

    const store = await openStore({ dataDir: root });
    try {
      const { rows } = await (
        store.db as unknown as { $client: { query: (sql: string) => Promise<{ rows: unknown[] }> } }
      ).$client.query('SHOW shared_buffers');
      expect(rows).toEqual([{ shared_buffers: '8MB' }]);
    } finally {
      await store.close();
    }
  }, 120_000);

  it('says where and why when the folder cannot be made', async () => {
    const file = path.join(root, 'not-a-folder');
    writeFileSync(file, 'x');
    await expect(createDataFolderApart(path.join(file, 'pglite'))).rejects.toThrow(
      /the embedded store could not be created in .*not-a-folder/,
    );
  }, 120_000);

  it('keeps PGlite’s own start parameters and adds the memory settings', () => {
    expect(EMBEDDED_START_PARAMS.join(' ')).toMatch(/-c shared_buffers=8MB -c temp_buffers=1MB/);
  });
});
