import { describe, expect, it } from 'vitest';
import { LEFT_BEHIND_KINDS, readinessOf } from '@/contracts/inventory';
import { emptyFacts, type OrganizationFacts, type RepositoryFacts } from './inventory-facts';
import { inventoryChecks, leftBehindOf } from './left-behind';

const MIB = 1024 * 1024;

const facts = (change: Partial<RepositoryFacts> = {}): RepositoryFacts => ({
  ...emptyFacts('app', '2026-11-28T10:00:00.000Z'),
  ...change,
});

const org = (change: Partial<OrganizationFacts> = {}): OrganizationFacts => ({
  login: 'o',
  readAt: '2026-11-28T10:00:00.000Z',
  teams: {},
  appsOnAll: [],
  appsOnSelected: [],
  packages: {},
  codeScanningAlerts: {},
  secretScanningAlerts: {},
  unread: [],
  ...change,
});

describe('what a repository leaves behind', () => {
  it('names nothing for a plain repository: ready', () => {
    expect(leftBehindOf(facts(), org())).toEqual([]);
    expect(readinessOf({ ready: true, leftBehind: [] })).toBe('ready');
  });

  it('gives every kind, in the vocabulary’s order, with counts and names but never a value', () => {
    const all = leftBehindOf(
      facts({
        lfs: { patterns: ['*.png'], files: 3 },
        hooks: [{ url: 'https://ci.example/h', active: false }],
        secrets: ['NPM_TOKEN'],
        variables: ['REGION', 'NODE'],
        environments: [{ name: 'production', rules: ['REQUIRED_REVIEWERS', 'WAIT_TIMER'] }],
        deployKeys: [{ title: 'bot', readOnly: true }],
        hasWiki: true,
        hasPages: true,
        discussions: 4,
        projects: ['Roadmap'],
        projectsCount: 1,
        rulesets: ['main'],
        tagProtections: ['v*'],
        runners: ['r1'],
        outsideCollaborators: [{ login: 'ana', permission: 'push' }],
      }),
      org({
        teams: { app: [{ team: 'eng', permission: 'maintain' }] },
        appsOnAll: ['ci'],
        packages: { app: ['app (npm)'] },
        codeScanningAlerts: { app: 2 },
        secretScanningAlerts: { app: 1 },
      }),
    );
    expect(all.map((item) => item.kind)).toEqual([...LEFT_BEHIND_KINDS]);
    const byKind = new Map(all.map((item) => [item.kind, item]));
    expect(byKind.get('lfs')).toEqual({ kind: 'lfs', count: 3, detail: '3 files tracked by *.png' });
    expect(byKind.get('webhooks')?.detail).toBe('https://ci.example/h (inactive)');
    expect(byKind.get('environments')?.detail).toBe('production (required reviewers, wait timer)');
    expect(byKind.get('teams-and-access')).toMatchObject({
      count: 2,
      detail: 'team eng (maintain), ana (push)',
    });
    expect(readinessOf({ ready: true, leftBehind: all })).toBe('needs-work');
  });

  it('is ready when only what GEI carries is there (wiki, Pages)', () => {
    const carried = leftBehindOf(facts({ hasWiki: true, hasPages: true }), org());
    expect(carried.map((item) => item.kind)).toEqual(['wiki', 'pages']);
    expect(readinessOf({ ready: true, leftBehind: carried })).toBe('ready');
  });

  it('says "and N more" past five names', () => {
    const [secrets] = leftBehindOf(facts({ secrets: ['A', 'B', 'C', 'D', 'E', 'F', 'G'] }), undefined);
    expect(secrets).toEqual({ kind: 'actions-secrets', count: 7, detail: 'A, B, C, D, E and 2 more' });
  });
});

describe('what blocks the import', () => {
  it('fails a file over 400 MiB with its path and size, warns of one over 100 MB', () => {
    const [blocked] = inventoryChecks(
      facts({
        largeFiles: [
          { path: 'models/checkpoint.bin', bytes: 512 * MIB },
          { path: 'data/sample.parquet', bytes: 150 * MIB },
        ],
      }),
    );
    expect(blocked).toMatchObject({ check: 'file-size', ok: false });
    expect(blocked?.reason).toMatch(
      /^models\/checkpoint\.bin \(512 MiB\): over the import's 400 MiB per file/,
    );
    const [warned] = inventoryChecks(
      facts({ largeFiles: [{ path: 'data/sample.parquet', bytes: 150 * MIB }] }),
    );
    expect(warned).toMatchObject({ check: 'file-size', ok: true, warning: true });
    expect(warned?.reason).toContain("over GitHub.com's 100 MB");
    expect(readinessOf({ ready: false })).toBe('blocked');
  });

  it('fails a ref over 255 bytes, and says when the tree was cut or refs were not all read', () => {
    const long = `refs/heads/${'x'.repeat(300)}`;
    const [, refs] = inventoryChecks(facts({ longRefs: [long] }));
    expect(refs).toMatchObject({ check: 'ref-names', ok: false });
    expect(refs?.reason).toContain('(311 bytes)');
    const [file, partial] = inventoryChecks(facts({ treeTruncated: true, refsPartial: true }));
    expect(file).toMatchObject({ ok: true, warning: true });
    expect(file?.reason).toContain('GitHub cut the tree');
    expect(partial).toMatchObject({ ok: true, warning: true });
  });

  it('says a tree it could not read, without blocking on a guess', () => {
    const [file] = inventoryChecks(facts({ unread: [{ kind: 'tree', reason: '404 Not Found' }] }));
    expect(file).toMatchObject({
      ok: true,
      warning: true,
      reason: 'The tree could not be read: 404 Not Found',
    });
  });
});
