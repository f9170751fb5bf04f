import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useMemo, useState } from 'react';
import {
  IDENTITY_KINDS,
  KIND_LABELS,
  kindCounts,
  ofKind,
  type KindFilter,
  type PersonRow,
} from '../utils/identity-people';
import { IdentityTable, type IdentityTableProps } from './identity-table';

/** The map's rows with a filter by kind (each with its count) above them. */
export function PeopleGrid({ rows, sent, onChoose }: IdentityTableProps & { rows: readonly PersonRow[] }) {
  const [kind, setKind] = useState<KindFilter>('all');
  const shown = useMemo(() => ofKind(rows, kind), [rows, kind]);
  const counts = kindCounts(rows);
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
      {/* A new filter starts the list at its top. */}
      <IdentityTable key={kind} rows={shown} sent={sent} onChoose={onChoose} />
    </Stack>
  );
}
