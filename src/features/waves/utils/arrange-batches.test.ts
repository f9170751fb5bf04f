import { describe, expect, it } from 'vitest';
import { isRearranged, moveRepository, NEW_BATCH } from './arrange-batches';

const plan = [
  ['a', 'b'],
  ['c', 'd'],
];

describe('moveRepository', () => {
  it('moves a repository to another batch, leaving the plan it came from untouched', () => {
    expect(moveRepository(plan, 'a', 1)).toEqual([['b'], ['c', 'd', 'a']]);
    expect(plan).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ]);
  });

  it('moves to a new batch at the end, and drops a batch left empty', () => {
    expect(moveRepository(plan, 'c', NEW_BATCH)).toEqual([['a', 'b'], ['d'], ['c']]);
    expect(moveRepository([['a'], ['b']], 'a', 1)).toEqual([['b', 'a']]);
  });

  it('changes nothing for the batch it is in or a name it does not know', () => {
    expect(moveRepository(plan, 'a', 0)).toBe(plan);
    expect(moveRepository(plan, 'zzz', 1)).toBe(plan);
  });

  it('knows when the arrangement is the user’s own', () => {
    expect(isRearranged(plan, plan)).toBe(false);
    expect(isRearranged(plan, moveRepository(plan, 'a', 1))).toBe(true);
  });
});
