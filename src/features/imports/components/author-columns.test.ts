import { describe, expect, it } from 'vitest';
import { authorColumns, authorSort } from './author-columns';

describe('the author grid columns', () => {
  it('keep on a phone the columns that identify and edit an author, narrower, the others still sorting', () => {
    const drawn = (phone: boolean) =>
      authorColumns(phone)
        .filter((column) => !column.hidden)
        .map((column) => column.field);
    expect(drawn(false)).toEqual(['id', 'remoteId', 'remoteName', 'name', 'email', 'state']);
    expect(drawn(true)).toEqual(['remoteName', 'name', 'email']);
    const phoneName = authorColumns(true).find((column) => column.field === 'name');
    expect(phoneName).toMatchObject({ track: 'minmax(100px, 1fr)', minWidth: 100, editable: true });
    expect(authorColumns(true).find((column) => column.field === 'id')).toMatchObject({ sortable: true });
  });

  it('read the grid sort back as the author list state, author fields only', () => {
    expect(authorSort({ field: 'email', direction: 'desc' })).toEqual({ field: 'email', direction: 'desc' });
    expect(authorSort({ field: 'state', direction: 'asc' })).toBeUndefined();
    expect(authorSort(undefined)).toBeUndefined();
  });
});
