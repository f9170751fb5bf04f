import { describe, expect, it } from 'vitest';
import { readMemory, readRecentOrgs, rememberOrg, withRecent, withState, writeMemory } from './local-memory';

describe('recent organizations', () => {
  it('keeps the most recent first, unique regardless of case, at most six', () => {
    expect(withRecent(['a', 'B', 'c'], 'b')).toEqual(['b', 'a', 'c']);
    expect(withRecent(['1', '2', '3', '4', '5', '6'], '7')).toEqual(['7', '1', '2', '3', '4', '5']);
  });

  it('survives in localStorage and ignores garbage there', () => {
    rememberOrg('octo-org');
    rememberOrg('other');
    expect(readRecentOrgs()).toEqual(['other', 'octo-org']);
    localStorage.setItem('ferry.migrations.recent-orgs', '{not json');
    expect(readRecentOrgs()).toEqual([]);
  });
});

describe('per-migration memory', () => {
  it('appends a state only when it changes', () => {
    const once = withState([], 'pending', 1);
    expect(withState(once, 'pending', 2)).toEqual([{ state: 'pending', at: 1 }]);
    expect(withState(once, 'exporting', 3)).toEqual([
      { state: 'pending', at: 1 },
      { state: 'exporting', at: 3 },
    ]);
  });

  it('round-trips and defaults', () => {
    expect(readMemory('org:x', 1)).toEqual({ states: [], unlocked: [], archiveDeleted: false });
    writeMemory('org:x', 1, { states: [], unlocked: ['docs'], archiveDeleted: true });
    expect(readMemory('org:x', 1)).toEqual({ states: [], unlocked: ['docs'], archiveDeleted: true });
  });
});
