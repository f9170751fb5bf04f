import type { AuthorFilter, SortableField } from './author-edits';

/**
 * The author grid's list state in the address (`?filter=changed&row=301&sort=email:desc`), so a reload, the
 * back button or a shared link shows the same slice of 10,000 authors. Unknown values read as the defaults.
 */
export interface AuthorListState {
  filter: AuthorFilter;
  /** The first row in view, 0-based (the address shows it 1-based). */
  row: number;
  sort?: { field: SortableField; direction: 'asc' | 'desc' };
}

const FILTERS: readonly string[] = ['all', 'changed', 'synthesised'];
const FIELDS: readonly string[] = ['id', 'remoteId', 'remoteName', 'name', 'email'];

export function readListState(params: URLSearchParams): AuthorListState {
  const filter = params.get('filter') ?? 'all';
  const row = Number(params.get('row') ?? '1');
  const [field = '', direction = 'asc'] = (params.get('sort') ?? '').split(':');
  return {
    filter: FILTERS.includes(filter) ? (filter as AuthorFilter) : 'all',
    row: Number.isSafeInteger(row) && row >= 1 ? row - 1 : 0,
    sort:
      FIELDS.includes(field) && (direction === 'asc' || direction === 'desc')
        ? { field: field as SortableField, direction }
        : undefined,
  };
}

/** The params with the list state written in (defaults left out); other params are kept. */
export function writeListState(params: URLSearchParams, state: AuthorListState): URLSearchParams {
  const next = new URLSearchParams(params);
  if (state.filter === 'all') next.delete('filter');
  else next.set('filter', state.filter);
  if (state.row <= 0) next.delete('row');
  else next.set('row', String(state.row + 1));
  if (state.sort) next.set('sort', `${state.sort.field}:${state.sort.direction}`);
  else next.delete('sort');
  return next;
}
