import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { TestSpecification, Vitest } from 'vitest/node';
import { DURATIONS_FILE, SlowestFirst } from '../../scripts/slowest-first';

const root = mkdtempSync(path.join(tmpdir(), 'ferry-slowest-first-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function project(name: string, isolate: boolean) {
  return { name, config: { isolate, sequence: { groupOrder: 0 } } };
}
const node = project('node', false);
const web = project('web', false);
const webIsolated = project('web-isolated', true);

const spec = (file: string, owner = node) =>
  ({ moduleId: path.join(root, file), project: owner }) as unknown as TestSpecification;

function sequencer(durations: unknown, failed: string[] = []): SlowestFirst {
  const file = path.join(root, DURATIONS_FILE);
  rmSync(path.dirname(file), { recursive: true, force: true });
  if (durations !== undefined) {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, typeof durations === 'string' ? durations : JSON.stringify(durations));
  }
  const ctx = {
    config: { root },
    cache: {
      getFileTestResults: (key: string) => (failed.includes(key) ? { failed: true, duration: 1 } : undefined),
    },
  };
  return new SlowestFirst(ctx as unknown as Vitest);
}

const order = async (sorter: SlowestFirst, specs: TestSpecification[]) =>
  (await sorter.sort(specs)).map((s) => `${s.project.name}:${path.relative(root, s.moduleId)}`);

describe('the test order (scripts/slowest-first.ts)', () => {
  it('runs the longest files first, a file without a duration before them, each project together', async () => {
    const sorter = sequencer({ 'a.test.ts': 1, 'b.test.ts': 30, 'c.test.ts': 5, 'w.test.tsx': 100 });
    expect(
      await order(sorter, [
        spec('a.test.ts'),
        spec('w.test.tsx', web),
        spec('new.test.ts'),
        spec('c.test.ts'),
        spec('i.isolated.test.tsx', webIsolated),
        spec('b.test.ts'),
      ]),
    ).toEqual([
      'node:new.test.ts',
      'node:b.test.ts',
      'node:c.test.ts',
      'node:a.test.ts',
      'web:w.test.tsx',
      'web-isolated:i.isolated.test.tsx',
    ]);
  });

  it('puts the files that failed last time first, as Vitest does', async () => {
    const sorter = sequencer({ 'a.test.ts': 1, 'b.test.ts': 30 }, ['node:a.test.ts']);
    expect(await order(sorter, [spec('b.test.ts'), spec('a.test.ts')])).toEqual([
      'node:a.test.ts',
      'node:b.test.ts',
    ]);
  });

  it('without a readable durations file, keeps a stable order by name (never fails the run)', async () => {
    for (const durations of [undefined, '{not json', '[1, 2]', { 'a.test.ts': 'slow' }]) {
      const sorter = sequencer(durations);
      expect(await order(sorter, [spec('b.test.ts'), spec('a.test.ts')])).toEqual([
        'node:a.test.ts',
        'node:b.test.ts',
      ]);
    }
  });
});
