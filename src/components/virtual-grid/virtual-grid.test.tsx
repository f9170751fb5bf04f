import Typography from '@mui/material/Typography';
import { fireEvent, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/render-with-providers';
import type { GridColumn, GridSort } from './grid-columns';
import { GridChip } from './grid-chip';
import { VirtualGrid, type GridListChange } from './virtual-grid';

/** A tiny row type: the grid knows nothing of authors. */
interface Word {
  id: number;
  word: string;
  locked: boolean;
}

const columns: readonly GridColumn<Word>[] = [
  {
    field: 'id',
    header: 'Number',
    track: '80px',
    minWidth: 80,
    value: (row) => String(row.id),
    sortable: true,
  },
  {
    field: 'word',
    header: 'Word',
    track: '1fr',
    minWidth: 160,
    value: (row) => row.word,
    editable: (row) => !row.locked,
    validate: (value) => (/^[a-z ]+$/.test(value) ? undefined : 'Lower-case letters only.'),
    sortable: true,
  },
  {
    field: 'state',
    header: 'State',
    track: '120px',
    minWidth: 120,
    value: () => '',
    render: (row, failure) => (
      <>
        {failure ? <GridChip tone="failed">{failure}</GridChip> : null}
        {row.locked ? <GridChip>Locked</GridChip> : null}
      </>
    ),
  },
];

const words = (count: number): Word[] =>
  Array.from({ length: count }, (_, index) => ({ id: index + 1, word: `word ${index + 1}`, locked: false }));

interface HarnessProps {
  rows: Word[];
  onEdit?: (key: number, field: string, value: string) => void;
  onListChange?: (change: GridListChange) => void;
  readOnly?: boolean;
  failures?: Record<string, string>;
  sort?: GridSort;
}

/** The grid as a page holds it, with a button that hands it the same sort again as a new object. */
function Harness({ rows, onEdit, onListChange, readOnly, failures, sort: initialSort }: HarnessProps) {
  const [sort, setSort] = useState(initialSort);
  return (
    <>
      <button type="button" onClick={() => setSort((current) => current && { ...current })}>
        Same sort again
      </button>
      <VirtualGrid
        aria-label="Words"
        columns={columns}
        rows={rows}
        rowKey={(row) => row.id}
        rowLabel={(row) => `row ${row.id}`}
        readOnly={readOnly}
        failures={failures}
        onEdit={onEdit}
        sort={sort}
        onListChange={onListChange}
        empty={<Typography>No words.</Typography>}
      />
    </>
  );
}

const cell = (name: string) => screen.getByRole('gridcell', { name });

describe('VirtualGrid', () => {
  it('draws only the rows in view of 100,000, and moves with the keyboard as the ARIA grid pattern says', async () => {
    const { user } = renderWithProviders(<Harness rows={words(100_000)} />);
    const grid = screen.getByRole('grid', { name: 'Words' });
    expect(grid).toHaveAttribute('aria-rowcount', '100001');
    const drawn = within(grid).getAllByRole('row').length;
    expect(drawn).toBeGreaterThan(10);
    expect(drawn).toBeLessThan(60);

    // One tab stop, on the first cell.
    const stops = within(grid)
      .getAllByRole('gridcell')
      .filter((candidate) => candidate.tabIndex === 0);
    expect(stops).toEqual([cell('1')]);
    // After the header's sort buttons, Tab reaches the grid's one stop; one more leaves the grid.
    for (let press = 0; press < 4; press += 1) await user.tab();
    expect(cell('1')).toHaveFocus();
    await user.tab();
    expect(
      within(grid)
        .queryAllByRole('gridcell')
        .some((candidate) => candidate.matches(':focus')),
    ).toBe(false);
    cell('1').focus();
    await user.keyboard('{ArrowRight}{ArrowDown}');
    expect(cell('word 2')).toHaveFocus();
    await user.keyboard('{End}');
    expect(within(screen.getAllByRole('row')[2] as HTMLElement).getAllByRole('gridcell')[2]).toHaveFocus();
    await user.keyboard('{Home}{ArrowUp}');
    expect(cell('1')).toHaveFocus();
    // A screenful (620 px of 36 px rows, less one) down.
    await user.keyboard('{PageDown}');
    expect(cell('17')).toHaveFocus();
  });

  it('goes to the ends of the grid with Ctrl+End and Ctrl+Home', async () => {
    // 20 rows are all drawn (a screenful and the overscan), so no scrolling is needed in a DOM without layout.
    const { user } = renderWithProviders(<Harness rows={words(20)} />);
    const grid = screen.getByRole('grid', { name: 'Words' });
    cell('word 5').focus();
    await user.keyboard('{Control>}{End}{/Control}');
    const lastRow = within(grid).getAllByRole('row').at(-1) as HTMLElement;
    expect(lastRow).toHaveAttribute('aria-rowindex', '21');
    expect(within(lastRow).getAllByRole('gridcell')[2]).toHaveFocus();
    await user.keyboard('{Control>}{Home}{/Control}');
    expect(cell('1')).toHaveFocus();
  });

  it('commits an edit on Enter (and moves down), and drops it on Escape', async () => {
    const onEdit = vi.fn();
    const { user } = renderWithProviders(<Harness rows={words(20)} onEdit={onEdit} />);
    await user.dblClick(cell('word 3'));
    const input = screen.getByRole('textbox', { name: 'Word for row 3' });
    expect(input).toHaveValue('word 3');
    fireEvent.change(input, { target: { value: 'third' } });
    await user.keyboard('{Enter}');
    expect(onEdit).toHaveBeenCalledWith(3, 'word', 'third');
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(cell('word 4')).toHaveFocus();

    // F2 edits; Escape drops the edit and gives the focus back.
    await user.keyboard('{F2}');
    fireEvent.change(screen.getByRole('textbox', { name: 'Word for row 4' }), { target: { value: 'gone' } });
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(cell('word 4')).toHaveFocus();
    // Typing starts an edit with that character; Enter on an unchanged value tells no one.
    await user.keyboard('q');
    expect(screen.getByRole('textbox', { name: 'Word for row 4' })).toHaveValue('q');
    await user.keyboard('{Escape}{Enter}{Enter}');
    expect(onEdit).toHaveBeenCalledTimes(1);
  });

  it('keeps an invalid edit open and says why', async () => {
    const onEdit = vi.fn();
    const { user } = renderWithProviders(<Harness rows={words(5)} onEdit={onEdit} />);
    await user.dblClick(cell('word 2'));
    const input = screen.getByRole('textbox', { name: 'Word for row 2' });
    fireEvent.change(input, { target: { value: 'Word 2!' } });
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Lower-case letters only.');
    await user.keyboard('{Enter}');
    expect(input).toBeInTheDocument();
    expect(input).toHaveValue('Word 2!');
    expect(onEdit).not.toHaveBeenCalled();
  });

  it('edits nothing when read-only or when the column says a row is not editable', async () => {
    const onEdit = vi.fn();
    const rows = words(3).map((row) => (row.id === 2 ? { ...row, locked: true } : row));
    const view = renderWithProviders(<Harness rows={rows} onEdit={onEdit} />);
    await view.user.dblClick(cell('word 2'));
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(cell('Locked')).toBeInTheDocument();
    view.unmount();

    const { user } = renderWithProviders(<Harness rows={words(3)} onEdit={onEdit} readOnly />);
    expect(screen.getByRole('grid', { name: 'Words' })).toHaveAttribute('aria-readonly', 'true');
    await user.dblClick(cell('word 1'));
    await user.keyboard('{Enter}x');
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('hands a row its failure text, and says when there are no rows', () => {
    const view = renderWithProviders(<Harness rows={words(3)} failures={{ 2: 'Refused by GitHub' }} />);
    const failed = screen.getByText('Refused by GitHub');
    expect(within(screen.getAllByRole('row')[2] as HTMLElement).getByText('Refused by GitHub')).toBe(failed);
    view.unmount();
    renderWithProviders(<Harness rows={[]} />);
    expect(screen.getByText('No words.')).toBeInTheDocument();
  });

  it('sorts from a header and says so; the same sort handed again keeps the focused cell', async () => {
    const onListChange = vi.fn();
    const rows = words(12).map((row) => ({ ...row, word: `${String.fromCharCode(120 - row.id)} word` }));
    const { user } = renderWithProviders(
      <Harness rows={rows} onListChange={onListChange} sort={{ field: 'word', direction: 'asc' }} />,
    );
    const header = screen.getByRole('columnheader', { name: /Word/ });
    expect(header).toHaveAttribute('aria-sort', 'ascending');
    const shown = screen.getAllByRole('row').map((row) => row.getAttribute('aria-rowindex'));
    expect(shown.slice(0, 3)).toEqual(['1', '2', '3']);
    // Row 12 ("l word") sorts first.
    expect(
      within(screen.getAllByRole('row')[1] as HTMLElement).getAllByRole('gridcell')[0],
    ).toHaveTextContent('12');
    await user.click(within(header).getByRole('button', { name: /Word/ }));
    expect(onListChange).toHaveBeenLastCalledWith({ sort: { field: 'word', direction: 'desc' }, row: 0 });

    // A list state read again (from the address, say) is a new object with the same sort: nothing moves.
    cell('11').focus();
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(cell('9')).toHaveFocus();
    expect(cell('9')).toHaveAttribute('tabindex', '0');
    await user.click(screen.getByRole('button', { name: 'Same sort again' }));
    expect(cell('9')).toHaveAttribute('tabindex', '0');
    expect(cell('12')).toHaveAttribute('tabindex', '-1');
  });
});
