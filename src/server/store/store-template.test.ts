import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createDataFolderApart } from './embedded-memory';
import { openStore } from './open-store';
import { copyFromTemplate, STORE_TEMPLATE_ENV } from './store-template';

const root = mkdtempSync(path.join(tmpdir(), 'ferry-store-template-test-'));
afterAll(() => {
  vi.unstubAllEnvs();
  rmSync(root, { recursive: true, force: true });
});

/** A stand-in for initdb: a folder with a file, a subfolder and PG_VERSION, counted. */
function fakeInitdb() {
  const calls: string[] = [];
  const make = async (folder: string) => {
    calls.push(folder);
    mkdirSync(path.join(folder, 'base'), { recursive: true });
    writeFileSync(path.join(folder, 'base', 'table'), 'rows');
    await new Promise((resolve) => setTimeout(resolve, 20));
    writeFileSync(path.join(folder, 'PG_VERSION'), '17\n');
  };
  return { calls, make };
}

describe('a new store’s folder copied from a template', () => {
  it('makes the template once, then copies it whole, PG_VERSION included', async () => {
    const template = path.join(root, 'one', 'template');
    mkdirSync(path.dirname(template));
    const { calls, make } = fakeInitdb();
    for (const name of ['a', 'b']) await copyFromTemplate(path.join(root, 'one', name), template, make);
    expect(calls).toHaveLength(1);
    for (const name of ['a', 'b']) {
      expect(readFileSync(path.join(root, 'one', name, 'base', 'table'), 'utf8')).toBe('rows');
      expect(readFileSync(path.join(root, 'one', name, 'PG_VERSION'), 'utf8')).toBe('17\n');
    }
  });

  it('several at once: one template wins, every folder is whole, no candidate is left behind', async () => {
    const parent = path.join(root, 'race');
    mkdirSync(parent);
    const template = path.join(parent, 'template');
    const { make } = fakeInitdb();
    await Promise.all(
      ['a', 'b', 'c'].map((name) => copyFromTemplate(path.join(parent, name), template, make)),
    );
    expect(readdirSync(parent).sort()).toEqual(['a', 'b', 'c', 'template']);
    for (const name of ['a', 'b', 'c']) expect(existsSync(path.join(parent, name, 'PG_VERSION'))).toBe(true);
  });

  it('a template that cannot be made fails the store’s creation with the reason, and leaves nothing', async () => {
    const parent = path.join(root, 'broken');
    mkdirSync(parent);
    const make = () => Promise.reject(new Error('initdb refused'));
    await expect(
      copyFromTemplate(path.join(parent, 'a'), path.join(parent, 'template'), make),
    ).rejects.toThrow('initdb refused');
    expect(readdirSync(parent)).toEqual([]);
  });

  it('with the variable set, a real store opens from the copy and takes writes', async () => {
    vi.stubEnv(STORE_TEMPLATE_ENV, path.join(root, 'real-template'));
    const dataDir = path.join(root, 'real-store');
    await createDataFolderApart(path.join(dataDir, 'pglite'));
    expect(existsSync(path.join(root, 'real-template', 'PG_VERSION'))).toBe(true);
    const store = await openStore({ dataDir });
    try {
      await store.executeSql('create table probe (n int)');
      await store.executeSql('insert into probe values ($1)', [7]);
      expect((await store.executeSql('select n from probe')).rows).toEqual([{ n: 7 }]);
    } finally {
      await store.close();
    }
  }, 120_000);
});
