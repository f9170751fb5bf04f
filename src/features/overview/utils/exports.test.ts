import { describe, expect, it } from 'vitest';
import { ARCHIVE_LIFETIME_MS } from '@/lib/archive-expiry';
import { readMigrations } from '@/contracts/github/migration';
import {
  exportKey,
  exportLabel,
  exportSummary,
  foldedExportsText,
  foldWaveExports,
  groupExports,
  type ExportSummary,
} from './exports';

const NOW = Date.parse('2026-11-23T10:00:00Z');
const HOUR = 3_600_000;
const org = { kind: 'org', org: 'octo-org' } as const;

function exported(id: number, finishedHoursAgo: number): ExportSummary {
  const updatedAt = NOW - finishedHoursAgo * HOUR;
  return { owner: org, id, state: 'exported', repositories: [], createdAt: updatedAt - HOUR, updatedAt };
}

describe('exportSummary', () => {
  it('keeps the fields the overview shows of a migration read at the edge', () => {
    const [migration] = readMigrations([
      {
        id: 42,
        state: 'exporting',
        created_at: '2026-11-23T09:00:00Z',
        updated_at: '2026-11-23T09:30:00Z',
        repositories: [{ id: 1, name: 'hello-world' }, { nope: true }],
      },
    ]);
    expect(exportSummary(org, migration!)).toEqual({
      owner: org,
      id: 42,
      state: 'exporting',
      repositories: ['hello-world'],
      createdAt: Date.parse('2026-11-23T09:00:00Z'),
      updatedAt: Date.parse('2026-11-23T09:30:00Z'),
    });
  });
});

describe('exportKey and exportLabel', () => {
  it('name organization and user exports the way the gateway’s timeline does', () => {
    expect(exportKey({ owner: { kind: 'org', org: 'Octo-Org' }, id: 4 })).toBe('org/octo-org/migration/4');
    expect(exportKey({ owner: { kind: 'user' }, id: 4 })).toBe('user/migration/4');
    expect(exportLabel({ owner: org, id: 4 })).toBe('Export 4 of octo-org');
    expect(exportLabel({ owner: { kind: 'user' }, id: 4 })).toBe('Your export 4');
  });
});

describe('groupExports', () => {
  it('lists archives deleted within 48 h first (soonest first), then running, failed, available, deleted', () => {
    const soon = exported(1, 7 * 24 - 1); // 1 h left
    const tomorrow = exported(2, 7 * 24 - 30); // 30 h left
    const fresh = exported(3, 1);
    const gone = exported(4, 7 * 24 + 1);
    const running = { ...exported(5, 0), state: 'exporting' };
    const failed = { ...exported(6, 2), state: 'failed' };
    const groups = groupExports([fresh, gone, tomorrow, running, failed, soon], NOW);
    expect(groups.map((group) => [group.name, group.items.map((item) => item.id)])).toEqual([
      ['expiring', [1, 2]],
      ['running', [5]],
      ['failed', [6]],
      ['exported', [3]],
      ['expired', [4]],
    ]);
    expect(groups[0]!.items[0]!.expiresAt).toBe(soon.updatedAt + ARCHIVE_LIFETIME_MS);
  });

  it('treats states it does not know as running and leaves empty groups out', () => {
    const odd = { ...exported(9, 0), state: 'queued' };
    expect(groupExports([odd], NOW).map((group) => group.name)).toEqual(['running']);
    expect(groupExports([], NOW)).toEqual([]);
  });

  it('counts exactly 48 h left as expiring soon, a minute more as available', () => {
    expect(groupExports([exported(1, 5 * 24)], NOW)[0]!.name).toBe('expiring');
    const later = { ...exported(2, 5 * 24), updatedAt: NOW - 5 * 24 * HOUR + 60_000 };
    expect(groupExports([later], NOW)[0]!.name).toBe('exported');
  });
});

describe('foldWaveExports', () => {
  const wave = {
    id: 'w-1',
    createdAt: '2026-11-23T08:00:00Z',
    state: 'completed' as const,
    owner: { kind: 'org' as const, login: 'Octo-Org' },
    repos: 3,
    batches: 2,
    verified: 1,
    isolated: 1,
    failedBatches: 1,
    exports: [
      { migrationId: 1, batch: 1, outcome: 'handled' as const },
      { migrationId: 2, batch: 1, outcome: 'held' as const },
    ],
  };

  it('folds a wave’s exports under it, whatever case the owner was typed in, and leaves the rest loose', () => {
    const items = [exported(1, 10), exported(2, 40), exported(3, 40)];
    const { loose, waves } = foldWaveExports(items, [wave]);
    expect(loose.map((item) => item.id)).toEqual([3]);
    expect(waves[0]?.exports.map((item) => [item.id, item.outcome])).toEqual([
      [1, 'handled'],
      [2, 'held'],
    ]);
  });

  it('keeps every export loose when there are no waves', () => {
    expect(foldWaveExports([exported(1, 1)], []).loose).toHaveLength(1);
  });

  it('says whose the folded exports are: a move’s (its wave is not listed, its move is) or a wave’s', () => {
    const { waves } = foldWaveExports([exported(1, 10), exported(2, 40)], [wave]);
    const ofMove = new Set(['w-1']);
    expect(foldedExportsText(waves, ofMove)).toMatch(/^Every export was started by a move, listed above/);
    expect(foldedExportsText(waves, new Set())).toBe(
      'Every export belongs to a migration wave, listed with its wave above.',
    );
    // The moves not known yet: the waves section lists every wave, the move's too.
    expect(foldedExportsText(waves, undefined)).toMatch(/listed with its wave above/);
    const other = {
      ...wave,
      id: 'w-2',
      exports: [{ migrationId: 3, batch: 1, outcome: 'handled' as const }],
    };
    const both = foldWaveExports([exported(1, 10), exported(3, 1)], [wave, other]).waves;
    expect(foldedExportsText(both, ofMove)).toBe(
      'Every export was started by a move or a migration wave, each listed above.',
    );
  });
});
