import { describe, expect, it } from 'vitest';
import type { RepositoryCounts } from '@/contracts/moves-validation';
import { compareRepository } from './compare';

const counts = (overrides: Partial<RepositoryCounts> = {}): RepositoryCounts => ({
  defaultBranch: 'main',
  headOid: 'a'.repeat(40),
  commits: 120,
  branches: 4,
  tags: 3,
  issues: 9,
  pullRequests: { open: 2, closed: 1, merged: 5 },
  releases: 2,
  protectedBranches: 1,
  ...overrides,
});
/** The target as GEI leaves it: the archive's counts plus the "Migration Log" issue. */
const imported = (overrides: Partial<RepositoryCounts> = {}) => counts({ issues: 10, ...overrides });
const migrated = { releasesMigrated: true };

describe('comparing source, archive and target', () => {
  it('passes when the target holds the archive plus the Migration Log issue', () => {
    expect(compareRepository({ source: counts(), archive: counts(), target: imported() }, migrated)).toEqual({
      result: 'passed',
      differences: [],
    });
  });

  it('fails when the target has exactly the archive’s issues (the log issue is missing)', () => {
    const result = compareRepository({ source: counts(), archive: counts(), target: counts() }, migrated);
    expect(result).toEqual({
      result: 'failed',
      differences: [{ field: 'issues', source: 9, archive: 9, target: 9 }],
    });
  });

  it('names each field that differs, with the three values', () => {
    const target = imported({
      tags: 2,
      pullRequests: { open: 1, closed: 1, merged: 5 },
      headOid: 'b'.repeat(40),
      commits: 119,
      defaultBranch: 'master',
      branches: 3,
      releases: 1,
    });
    const result = compareRepository({ source: counts(), archive: counts(), target }, migrated);
    expect(result.result).toBe('failed');
    expect(result.differences.map((d) => [d.field, d.source, d.archive, d.target])).toEqual([
      ['defaultBranch', 'main', 'main', 'master'],
      ['headOid', 'a'.repeat(40), 'a'.repeat(40), 'b'.repeat(40)],
      ['commits', 120, 120, 119],
      ['branches', 4, 4, 3],
      ['tags', 3, 3, 2],
      ['pullRequests.open', 2, 2, 1],
      ['releases', 2, 2, 1],
    ]);
  });

  it('fails when the source changed after the export, though the target equals the archive', () => {
    const source = counts({
      commits: 121,
      headOid: 'c'.repeat(40),
      pullRequests: { open: 3, closed: 1, merged: 5 },
    });
    const result = compareRepository({ source, archive: counts(), target: imported() }, migrated);
    expect(result.differences.map((d) => d.field)).toEqual(['headOid', 'commits', 'pullRequests.open']);
  });

  it('expects no releases on the target when the move skipped them', () => {
    const skipped = { releasesMigrated: false };
    expect(
      compareRepository({ source: counts(), archive: counts(), target: imported({ releases: 0 }) }, skipped)
        .result,
    ).toBe('passed');
    expect(
      compareRepository({ source: counts(), archive: counts(), target: imported() }, skipped).differences,
    ).toEqual([{ field: 'releases', source: 2, archive: 2, target: 2 }]);
  });

  it('does not compare a field a side was not asked (the target’s branch protection rules)', () => {
    const target = imported({ protectedBranches: undefined });
    expect(compareRepository({ source: counts(), archive: counts(), target }, migrated).result).toBe(
      'passed',
    );
    const source = counts({ protectedBranches: 2 });
    expect(compareRepository({ source, archive: counts(), target }, migrated).differences).toEqual([
      { field: 'protectedBranches', source: 2, archive: 1, target: null },
    ]);
  });

  it('holds the target’s commits to the source’s where the archive’s history was not counted', () => {
    const archive = counts({ commits: undefined });
    expect(compareRepository({ source: counts(), archive, target: imported() }, migrated).result).toBe(
      'passed',
    );
    expect(
      compareRepository({ source: counts(), archive, target: imported({ commits: 119 }) }, migrated)
        .differences,
    ).toEqual([{ field: 'commits', source: 120, archive: null, target: 119 }]);
  });

  it('an empty repository passes when it is empty everywhere', () => {
    const empty = counts({ defaultBranch: null, headOid: null, commits: 0, branches: 0, tags: 0, issues: 0 });
    expect(
      compareRepository({ source: empty, archive: empty, target: { ...empty, issues: 1 } }, migrated).result,
    ).toBe('passed');
  });

  it('a repository missing on any side is one difference, and nothing else is compared', () => {
    for (const [side, sides] of [
      ['source', { source: null, archive: counts(), target: imported() }],
      ['archive', { source: counts(), archive: null, target: imported() }],
      ['target', { source: counts(), archive: counts(), target: null }],
    ] as const) {
      const result = compareRepository(sides, migrated);
      expect(result.result, side).toBe('failed');
      expect(result.differences, side).toEqual([
        {
          field: 'repository',
          source: side === 'source' ? null : 'present',
          archive: side === 'archive' ? null : 'present',
          target: side === 'target' ? null : 'present',
        },
      ]);
    }
  });
});
