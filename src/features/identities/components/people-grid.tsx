import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useCallback, useMemo, useState } from 'react';
import type { GridSort } from '@/components/virtual-grid/grid-columns';
import { VirtualGrid, type GridListChange } from '@/components/virtual-grid/virtual-grid';
import type { ReclaimAnswer } from '@/contracts/identities';
import { usePeopleFilter, type PeopleFilter } from '../hooks/use-people-filter';
import {
  IDENTITY_KINDS,
  KIND_LABELS,
  kindCounts,
  rowLabel,
  type KindFilter,
  type PersonRow,
} from '../utils/identity-people';
import { standingRefusal, type IdentityRow } from '../utils/identity-rows';
import { identityColumns } from './identity-columns';

export interface PeopleGridProps {
  rows: readonly PersonRow[];
  /** The last sending's answer per mannequin (a refusal in GitHub's words). */
  sent: ReadonlyMap<string, ReclaimAnswer['results'][number]>;
  onChoose: (row: IdentityRow, targetUser: string) => void;
  /** The kind and search, when the page holds them (its bulk actions act on what is shown); else the grid's own. */
  filter?: PeopleFilter;
}

const rowKey = (row: PersonRow) => row.key;
/** A mannequin by its login (its editor is "Target user for hubot"), the others with their kind. */
const labelOf = (row: PersonRow) => rowLabel(row);
const NO_ROWS = (
  <Typography variant="body2" color="text.secondary" sx={{ p: 2 }}>
    Nobody of this kind.
  </Typography>
);
const NO_MATCH = (
  <Typography variant="body2" color="text.secondary" sx={{ p: 2 }}>
    Nobody matches the search.
  </Typography>
);

/**
 * The map's rows in the author editor's virtual grid (src/components/virtual-grid: 100,000 rows draw a screenful
 * at a time, the keyboard as a spreadsheet's), with a filter by kind (each with its count) and a search above it.
 */
export function PeopleGrid({ rows, sent, onChoose, filter }: PeopleGridProps) {
  const own = usePeopleFilter(rows);
  const { kind, setKind, search, setSearch, shown } = filter ?? own;
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const columns = useMemo(() => identityColumns(phone), [phone]);
  const [sort, setSort] = useState<GridSort | undefined>();
  const counts = kindCounts(rows);
  const failures = useMemo(() => {
    const refused: Record<string, string> = {};
    for (const row of rows)
      if (row.kind === 'mannequin') {
        const refusal = standingRefusal(row.row, sent.get(row.row.mannequin.id));
        if (refusal) refused[row.key] = refusal;
      }
    return refused;
  }, [rows, sent]);
  const onEdit = useCallback(
    (key: string, field: string, value: string) => {
      const row = rows.find((candidate) => candidate.key === key);
      if (field === 'targetUser' && row?.kind === 'mannequin' && value.trim() !== row.row.chosen)
        onChoose(row.row, value.trim());
    },
    [rows, onChoose],
  );
  const onListChange = useCallback((change: GridListChange) => {
    if ('sort' in change) setSort(change.sort);
  }, []);
  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 1, alignItems: { sm: 'center' } }}>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={kind}
          onChange={(_event, value: KindFilter | null) => value && setKind(value)}
          aria-label="Show"
          sx={{ flexWrap: 'wrap' }}
        >
          <ToggleButton value="all">All ({rows.length})</ToggleButton>
          {IDENTITY_KINDS.map((k) => (
            <ToggleButton key={k} value={k}>
              {KIND_LABELS[k].many} ({counts[k]})
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        <TextField
          size="small"
          type="search"
          label="Find"
          placeholder="Login, name, e-mail or member"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
      </Stack>
      <VirtualGrid
        aria-label="Identities"
        className="identity-grid-scroll"
        columns={columns}
        rows={shown}
        rowKey={rowKey}
        rowLabel={labelOf}
        failures={failures}
        onEdit={onEdit}
        sort={sort}
        onListChange={onListChange}
        resetKey={`${kind}\n${search}`}
        empty={search.trim() ? NO_MATCH : NO_ROWS}
      />
    </Stack>
  );
}
