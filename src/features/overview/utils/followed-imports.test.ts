import { describe, expect, it } from 'vitest';
import type { WatchedResponse } from '@/contracts/ferry';
import { followedImports } from './followed-imports';

const watched = (path: string, state: string, seenAt: string, kind: 'import' | 'migration' = 'import') =>
  ({
    path,
    kind,
    state,
    seenAt,
    terminal: state === 'complete',
    body: {},
  }) satisfies WatchedResponse['items'][number];

describe('followedImports', () => {
  it('lists watched imports with their status, then opened ones it does not watch, newest first', () => {
    const list = followedImports(
      [
        watched('repos/octocat/hello/import', 'importing', '2026-11-23T10:00:00Z'),
        watched('repos/octocat/done/import', 'complete', '2026-11-23T09:00:00Z'),
        watched('orgs/octo-org/migrations/4', 'exporting', '2026-11-23T10:00:00Z', 'migration'),
      ],
      [
        { kind: 'import', key: 'OctoCat/Hello', openedAt: '2026-11-23T10:30:00Z' },
        { kind: 'import', key: 'octocat/other', openedAt: '2026-11-23T09:30:00Z' },
        { kind: 'tld', key: 'com', openedAt: '2026-11-23T10:30:00Z' },
      ],
    );
    expect(list.map((item) => [`${item.owner}/${item.repo}`, item.status, item.terminal])).toEqual([
      ['octocat/hello', 'importing', false],
      ['octocat/other', undefined, false],
      ['octocat/done', 'complete', true],
    ]);
  });

  it('reads a watched path with a query string', () => {
    const list = followedImports([watched('repos/a/b/import?x=1', 'mapping', '2026-11-23T10:00:00Z')], []);
    expect(list.map((item) => item.repo)).toEqual(['b']);
  });
});
