import { describe, expect, it } from 'vitest';
import { readListState, writeListState } from './author-list-params';

describe('author list state in the address', () => {
  it('round-trips filter, first row in view and sort, leaving defaults and other params alone', () => {
    const state = { filter: 'changed', row: 300, sort: { field: 'email', direction: 'desc' } } as const;
    const params = writeListState(new URLSearchParams('tab=x'), state);
    expect(params.toString()).toBe('tab=x&filter=changed&row=301&sort=email%3Adesc');
    expect(readListState(params)).toEqual(state);
    expect(writeListState(params, { filter: 'all', row: 0 }).toString()).toBe('tab=x');
  });

  it('reads anything else as the defaults', () => {
    expect(readListState(new URLSearchParams('filter=evil&row=-2&sort=haystack:up'))).toEqual({
      filter: 'all',
      row: 0,
      sort: undefined,
    });
    expect(readListState(new URLSearchParams('row=1e400')).row).toBe(0);
  });
});
