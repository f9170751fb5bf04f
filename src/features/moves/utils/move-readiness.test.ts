import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import type { MovePlannedRepository } from '@/contracts/moves';
import { readinessCounts, readinessCsv, readinessJson, readinessRows } from './move-readiness';

const repo = (name: string, change: Partial<MovePlannedRepository> = {}): MovePlannedRepository => ({
  name,
  targetName: name,
  sourceVisibility: 'private',
  visibility: 'private',
  sizeKb: 1,
  checks: [{ check: 'target-name-free', ok: true, reason: 'free' }],
  ready: true,
  leftBehind: [],
  readiness: 'ready',
  ...change,
});

const blocked = repo('ml', {
  ready: false,
  readiness: 'blocked',
  checks: [
    { check: 'file-size', ok: false, reason: 'models/a.bin (512 MiB): over the import’s 400 MiB per file.' },
  ],
});
const work = repo('app', {
  readiness: 'needs-work',
  leftBehind: [
    { kind: 'webhooks', count: 1, detail: '=HYPERLINK("http://evil")' },
    { kind: 'actions-secrets', count: 2, detail: 'A, B' },
  ],
});
const plain = repo('docs');
const all = [plain, work, blocked];

describe('the readiness list', () => {
  it('counts, filters and sorts: blocked first, or most left behind first, or by name', () => {
    expect(readinessCounts(all)).toEqual({ ready: 1, 'needs-work': 1, blocked: 1 });
    expect(readinessRows(all, 'all', 'readiness').map((r) => r.name)).toEqual(['ml', 'app', 'docs']);
    expect(readinessRows(all, 'all', 'left-behind').map((r) => r.name)).toEqual(['app', 'docs', 'ml']);
    expect(readinessRows(all, 'all', 'name').map((r) => r.name)).toEqual(['app', 'docs', 'ml']);
    expect(readinessRows(all, 'needs-work', 'name').map((r) => r.name)).toEqual(['app']);
  });

  it('falls back to the checks when no inventory was asked', () => {
    const bare = repo('x', { readiness: undefined, leftBehind: undefined, ready: false });
    expect(readinessCounts([bare])).toEqual({ ready: 0, 'needs-work': 0, blocked: 1 });
  });

  it('exports CSV a spreadsheet reads safely: a column per kind, blockers, formulas escaped', () => {
    const csv = readinessCsv(all);
    const rows = Papa.parse<Record<string, string>>(csv.trim(), { header: true }).data;
    expect(rows).toHaveLength(3);
    const app = rows.find((row) => row.repository === 'app')!;
    expect(app.readiness).toBe('Needs work');
    expect(app.webhooks).toBe('1');
    expect(app['actions-secrets']).toBe('2');
    expect(app.lfs).toBe('0');
    expect(app.left_behind).toBe('Webhooks (1): =HYPERLINK("http://evil") | Actions secrets (2): A, B');
    expect(rows.find((row) => row.repository === 'ml')!.blockers).toMatch(
      /^No file over the import’s 400 MiB: models/,
    );
    // A cell that starts with a formula character is prefixed with a quote.
    const formula = readinessCsv([repo('=cmd', { targetName: '@x' })]);
    expect(formula).toContain(`"'=cmd"`);
  });

  it('exports JSON with what the page shows', () => {
    const parsed = JSON.parse(readinessJson([blocked])) as unknown[];
    expect(parsed).toEqual([
      {
        name: 'ml',
        targetName: 'ml',
        readiness: 'blocked',
        blockers: [
          'No file over the import’s 400 MiB: models/a.bin (512 MiB): over the import’s 400 MiB per file.',
        ],
        leftBehind: [],
        inventoryReadAt: null,
      },
    ]);
  });
});
