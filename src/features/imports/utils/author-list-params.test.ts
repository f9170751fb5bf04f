import { describe, expect, it } from 'vitest';
import { readListState, writeListState } from './author-list-params';

describe('author list state in the address', () => {
  it('round-trips filter, page and sort, leaving defaults and other params alone', () => {
    const state = { filter: 'changed', page: 2, sort: { field: 'email', direction: 'desc' } } as const;
    const params = writeListState(new URLSearchParams('tab=x'), state);
    expect(params.toString()).toBe('tab=x&filter=changed&page=3&sort=email%3Adesc');
    expect(readListState(params)).toEqual(state);
    expect(writeListState(params, { filter: 'all', page: 0 }).toString()).toBe('tab=x');
  });

  it('reads anything else as the defaults', () => {
    expect(readListState(new URLSearchParams('filter=evil&page=-2&sort=haystack:up'))).toEqual({
      filter: 'all',
      page: 0,
      sort: undefined,
    });
  });
});
