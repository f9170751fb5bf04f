import { describe, expect, it } from 'vitest';
import { ShapeError } from '../json';
import {
  countByState,
  isMigrationFinished,
  migrationStateOf,
  parseMigration,
  readMigrations,
  repositorySetKey,
} from './migration';

const BODY = {
  id: 42,
  guid: 'abc',
  state: 'exporting',
  owner: { login: 'octo-org' },
  lock_repositories: true,
  exclude_git_data: false,
  repositories: [{ id: 1, name: 'hello-world', full_name: 'octo-org/hello-world', size: 12 }, { nope: 1 }],
  created_at: '2026-11-23T09:00:00Z',
  updated_at: '2026-11-23T09:30:00Z',
};

describe('a migration answer', () => {
  it('is read into the fields Ferry uses; unreadable repository entries are left out', () => {
    const migration = parseMigration(BODY);
    expect(migration).toMatchObject({
      id: 42,
      guid: 'abc',
      state: 'exporting',
      owner: 'octo-org',
      lockRepositories: true,
      excludeGitData: false,
      createdAt: Date.parse(BODY.created_at),
    });
    expect(migration.repositories).toEqual([
      { id: 1, name: 'hello-world', fullName: 'octo-org/hello-world', private: false, size: 12 },
    ]);
  });

  it('without an id, a state or its dates is refused with the one shape error', () => {
    expect(() => parseMigration({ ...BODY, id: '42' })).toThrow(ShapeError);
    expect(() => parseMigration({ ...BODY, created_at: 'never' })).toThrow(/created_at/);
    expect(() => parseMigration(null)).toThrow(ShapeError);
  });

  it('in a list, a malformed entry is left out by readMigrations', () => {
    expect(readMigrations([BODY, { id: 'x' }]).map((migration) => migration.id)).toEqual([42]);
    expect(readMigrations({ message: 'Not Found' })).toEqual([]);
  });
});

describe('states', () => {
  it('exported and failed are finished; anything else, known or new, is still running', () => {
    expect(isMigrationFinished('exported')).toBe(true);
    expect(isMigrationFinished('failed')).toBe(true);
    expect(isMigrationFinished('pending')).toBe(false);
    expect(isMigrationFinished('archiving')).toBe(false);
  });

  it('are read from any body without trusting it', () => {
    expect(migrationStateOf({ state: 'pending' })).toBe('pending');
    expect(migrationStateOf({ state: 3 })).toBeUndefined();
    expect(migrationStateOf('exported')).toBeUndefined();
  });

  it('are counted with every known state present', () => {
    expect(countByState([{ state: 'pending' }, { state: 'new' }])).toEqual({
      pending: 1,
      exporting: 0,
      exported: 0,
      failed: 0,
      new: 1,
    });
  });

  it('repository sets compare without case or order', () => {
    expect(repositorySetKey(['B', 'a'])).toBe(repositorySetKey(['A', 'b']));
  });
});
