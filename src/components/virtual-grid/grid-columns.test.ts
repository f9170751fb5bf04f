import { describe, expect, it } from 'vitest';
import { gridLayout, isEditable, nextSort, sortRows, type GridColumn } from './grid-columns';

interface Item {
  id: number;
  name: string;
}

const byName: GridColumn<Item> = {
  field: 'name',
  header: 'Name',
  track: 'minmax(120px, 1fr)',
  minWidth: 120,
  value: (item) => item.name,
  sortable: true,
};
const byId: GridColumn<Item> = {
  field: 'id',
  header: 'ID',
  track: '80px',
  minWidth: 80,
  value: (item) => String(item.id),
  compare: (a, b) => a.id - b.id,
  sortable: true,
};
const items: Item[] = [
  { id: 10, name: 'item 10' },
  { id: 9, name: 'Item 9' },
  { id: 2, name: 'item 10' },
];

describe('the columns of a virtual grid', () => {
  it('lay out as one template shared by the header and the rows, with their narrowest width', () => {
    expect(gridLayout([byId, byName])).toEqual({ template: '80px minmax(120px, 1fr)', minWidth: 200 });
  });

  it('sort a copy by a column: words with numbers in order, ties as they were, a compare when given', () => {
    const names = (rows: Item[]) => rows.map((item) => item.id);
    expect(names(sortRows(items, [byName], { field: 'name', direction: 'asc' }))).toEqual([9, 10, 2]);
    expect(names(sortRows(items, [byName], { field: 'name', direction: 'desc' }))).toEqual([10, 2, 9]);
    expect(names(sortRows(items, [byId], { field: 'id', direction: 'asc' }))).toEqual([2, 9, 10]);
    // No sort, an unknown column or one that does not sort: the rows' own order.
    expect(names(sortRows(items, [byName], undefined))).toEqual([10, 9, 2]);
    expect(names(sortRows(items, [byName], { field: 'nope', direction: 'asc' }))).toEqual([10, 9, 2]);
    const unsortable = { ...byName, sortable: false };
    expect(names(sortRows(items, [unsortable], { field: 'name', direction: 'asc' }))).toEqual([10, 9, 2]);
    expect(sortRows(items, [byName], undefined)).not.toBe(items);
  });

  it('cycle a header through ascending, descending and no sort', () => {
    expect(nextSort('name', undefined)).toEqual({ field: 'name', direction: 'asc' });
    expect(nextSort('name', { field: 'name', direction: 'asc' })).toEqual({
      field: 'name',
      direction: 'desc',
    });
    expect(nextSort('name', { field: 'name', direction: 'desc' })).toBeUndefined();
    expect(nextSort('id', { field: 'name', direction: 'desc' })).toEqual({ field: 'id', direction: 'asc' });
  });

  it('edit where the column says so, per row when it asks', () => {
    const item = { id: 1, name: 'one' };
    expect(isEditable(byName, item)).toBe(false);
    expect(isEditable({ ...byName, editable: true }, item)).toBe(true);
    const evenOnly = { ...byName, editable: (item: Item) => item.id % 2 === 0 };
    expect(isEditable(evenOnly, { id: 2, name: '' })).toBe(true);
    expect(isEditable(evenOnly, { id: 9, name: '' })).toBe(false);
  });
});
