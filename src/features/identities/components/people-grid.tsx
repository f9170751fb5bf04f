import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useCallback, useMemo, useState } from 'react';
import type { GridSort } from '@/components/virtual-grid/grid-columns';
import { VirtualGrid, type GridListChange } from '@/components/virtual-grid/virtual-grid';
import type { ReclaimAnswer } from '@/contracts/identities';
import {
  IDENTITY_KINDS,
  KIND_LABELS,
  kindCounts,
  ofKind,
  rowLabel,
  type KindFilter,
  type PersonRow,
} from '../utils/identity-people';
import type { IdentityRow } from '../utils/identity-rows';
import { IDENTITY_COLUMNS } from './identity-columns';

export interface PeopleGridProps {
  rows: readonly PersonRow[];
  /** The last sending's answer per mannequin (a refusal in GitHub's words). */
  sent: ReadonlyMap<string, ReclaimAnswer['results'][number]>;
  onChoose: (row: IdentityRow, targetUser: string) => void;
}

const rowKey = (row: PersonRow) => row.key;
/** A mannequin by its login (its editor is "Target user for hubot"), the others with their kind. */
const labelOf = (row: PersonRow) => rowLabel(row);
const NO_ROWS = (
  <Typography variant="body2" color="text.secondary" sx={{ p: 2 }}>
    Nobody of this kind.
  </Typography>
);

/**
 * The map's rows in the author editor's virtual grid (src/components/virtual-grid: 100,000 rows draw a screenful
 * at a time, the keyboard as a spreadsheet's), with a filter by kind (each with its count) above it.
 */
export function PeopleGrid({ rows, sent, onChoose }: PeopleGridProps) {
  const [kind, setKind] = useState<KindFilter>('all');
  const [sort, setSort] = useState<GridSort | undefined>();
  const shown = useMemo(() => ofKind(rows, kind), [rows, kind]);
  const counts = kindCounts(rows);
  const failures = useMemo(() => {
    const refused: Record<string, string> = {};
    for (const row of rows)
      if (row.kind === 'mannequin') {
        const result = sent.get(row.row.mannequin.id);
        if (result?.result === 'refused') refused[row.key] = result.reason ?? 'GitHub gave no reason.';
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
      <VirtualGrid
        aria-label="Identities"
        className="identity-grid-scroll"
        columns={IDENTITY_COLUMNS}
        rows={shown}
        rowKey={rowKey}
        rowLabel={labelOf}
        failures={failures}
        onEdit={onEdit}
        sort={sort}
        onListChange={onListChange}
        resetKey={kind}
        empty={NO_ROWS}
      />
    </Stack>
  );
}
