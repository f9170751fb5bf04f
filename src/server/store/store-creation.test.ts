import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { explainOpenFailure } from './open-failure';
import { openStore } from './open-store';
import { StoreCreationError } from './store-creation-error';
import { STORE_TEMPLATE_ENV } from './store-template';

const root = mkdtempSync(path.join(tmpdir(), 'ferry-store-creation-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('a new embedded store not made within its time', () => {
  it('is said to be a creation cut short, and leaves the folder for the next start to make again', async () => {
    const dataDir = path.join(root, 'busy');
    // PostgreSQL's initdb itself (the suites' template would copy it at once): 1 ms is never enough.
    vi.stubEnv(STORE_TEMPLATE_ENV, undefined);
    const failure = await openStore({ dataDir, createTimeoutMs: 1 }).then(
      () => undefined,
      (error: unknown) => error,
    );
    vi.unstubAllEnvs();
    expect(failure).toBeInstanceOf(StoreCreationError);
    expect(failure).toMatchObject({ timedOutAfterMs: 1 });
    const message = explainOpenFailure(failure, { dataDir });
    expect(message).toContain('was not created within 0.001 s: the machine is busy');
    expect(message).not.toMatch(/damaged|backup|restore/i);
    // Nothing half-made is left, beside it or in it: the lock released, the next start creates the store.
    expect(readdirSync(dataDir).filter((name) => name.startsWith('pglite'))).toEqual(['pglite']);
    expect(existsSync(path.join(dataDir, 'pglite', 'PG_VERSION'))).toBe(false);
    const store = await openStore({ dataDir });
    await store.close();
  }, 120_000);
});
