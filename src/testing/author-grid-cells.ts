import { screen, within } from '@testing-library/react';

/** The commit-authors grid's row for `remoteName` (throws when it is not drawn). */
export function rowOf(remoteName: string): HTMLElement {
  const grid = screen.getByRole('grid', { name: 'Commit authors' });
  const row = within(grid)
    .getAllByRole('row')
    .find((candidate) => candidate.querySelector('[data-field="remoteName"]')?.textContent === remoteName);
  if (!row) throw new Error(`no row for ${remoteName}`);
  return row;
}

/** The name or email cell of `remoteName`'s row. */
export function cellOf(remoteName: string, field: 'name' | 'email'): HTMLElement {
  const cell = rowOf(remoteName).querySelector<HTMLElement>(`[data-field="${field}"]`);
  if (!cell) throw new Error(`no ${field} cell for ${remoteName}`);
  return cell;
}
