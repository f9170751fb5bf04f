import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { READINESS_WORDS, type Readiness } from '@/contracts/inventory';
import type { MovePreview } from '@/contracts/moves';
import { TableScroller } from '@/components/table-scroller';
import { ToneChip, type Tone } from '@/components/tone-chip';
import { useNow } from '@/hooks/use-now';
import { formatDuration, formatNumber } from '@/lib/format';
import { countOf } from '@/lib/wave-summary';
import {
  blockersOf,
  leftBehindText,
  readinessCounts,
  readinessCsv,
  readinessJson,
  readinessOfRow,
  readinessRows,
  type ReadinessFilter,
  type ReadinessSort,
} from '../utils/move-readiness';
import { MoveLeftBehindKinds } from './move-left-behind-kinds';

const TONES: Record<Readiness, Tone> = { ready: 'success', 'needs-work': 'warning', blocked: 'error' };
/** Rows drawn at first: a 500-repository organization's list is long; "Show all" draws the rest. */
const FIRST_ROWS = 100;

/** Offer `text` as a file to save (the browser's own download; nothing is sent). */
function download(name: string, type: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** When the inventory was read and what it cost this preview, or that it could not be read. */
function InventoryLine({
  preview,
  onRefresh,
  busy,
}: {
  preview: MovePreview;
  onRefresh?: () => void;
  busy: boolean;
}) {
  const now = useNow(60_000);
  const inventory = preview.inventory;
  const refresh = onRefresh ? (
    <Button size="small" variant="outlined" onClick={onRefresh} disabled={busy}>
      Read the inventory again
    </Button>
  ) : null;
  if (!inventory)
    return (
      <Alert severity="warning" role="status" aria-label="Inventory" action={refresh}>
        {preview.inventoryError ?? 'No inventory was read for this preview.'}
      </Alert>
    );
  const age = Math.max(0, now - Date.parse(inventory.readAt));
  const cost = inventory.fresh
    ? `Read now: ${countOf(inventory.requests.rest, 'REST request', 'REST requests')} and ${countOf(inventory.requests.graphql, 'GraphQL query', 'GraphQL queries')} to the source, as GitHub counts them.`
    : 'Kept from an earlier read: no request to the source this time.';
  return (
    <Alert severity="info" role="status" aria-label="Inventory" action={refresh}>
      <Typography variant="body2">
        Inventory read {age < 60_000 ? 'just now' : `${formatDuration(age)} ago`} (its oldest part). {cost}
      </Typography>
      {inventory.organization.selectedApps.length > 0 ? (
        <Typography variant="body2">
          Apps installed on chosen repositories of {inventory.organization.login} (GitHub does not say which):{' '}
          {inventory.organization.selectedApps.join(', ')}.
        </Typography>
      ) : null}
    </Alert>
  );
}

/**
 * Before the move (issue 49): per repository ready, needs work (what GEI leaves behind that the team must redo)
 * or blocked (what refuses the import), filtered and sorted, and exported as CSV or JSON.
 */
export function MoveReadiness({
  preview,
  onRefresh,
  busy = false,
}: {
  preview: MovePreview;
  onRefresh?: () => void;
  busy?: boolean;
}) {
  const [filter, setFilter] = useState<ReadinessFilter>('all');
  const [sort, setSort] = useState<ReadinessSort>('readiness');
  const [all, setAll] = useState(false);
  const counts = readinessCounts(preview.repositories);
  const rows = readinessRows(preview.repositories, filter, sort);
  const shown = all ? rows : rows.slice(0, FIRST_ROWS);
  const file = `readiness-${preview.source.login}`;
  return (
    <Stack spacing={1.5} component="section" aria-label="Readiness">
      <InventoryLine preview={preview} busy={busy} {...(onRefresh ? { onRefresh } : {})} />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' } }}>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={filter}
          onChange={(_, value: ReadinessFilter | null) => value && setFilter(value)}
          aria-label="Show repositories"
        >
          <ToggleButton value="all">All ({formatNumber(preview.repositories.length)})</ToggleButton>
          {(['ready', 'needs-work', 'blocked'] as const).map((readiness) => (
            <ToggleButton key={readiness} value={readiness}>
              {READINESS_WORDS[readiness]} ({formatNumber(counts[readiness])})
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        <TextField
          select
          size="small"
          label="Sort by"
          value={sort}
          onChange={(event) => setSort(event.target.value as ReadinessSort)}
          sx={{ minWidth: 200 }}
        >
          <MenuItem value="readiness">Readiness (blocked first)</MenuItem>
          <MenuItem value="left-behind">Most left behind</MenuItem>
          <MenuItem value="name">Name</MenuItem>
        </TextField>
        <Box sx={{ flexGrow: 1 }} />
        <Button size="small" onClick={() => download(`${file}.csv`, 'text/csv', readinessCsv(rows))}>
          Download CSV
        </Button>
        <Button
          size="small"
          onClick={() => download(`${file}.json`, 'application/json', readinessJson(rows))}
        >
          Download JSON
        </Button>
      </Stack>
      {rows.length === 0 ? (
        <Typography color="text.secondary">
          No repository is {READINESS_WORDS[filter as Readiness]?.toLowerCase()}.
        </Typography>
      ) : (
        <TableScroller label="Readiness per repository">
          <Table size="small" aria-label="Readiness per repository">
            <TableHead>
              <TableRow>
                <TableCell>Repository</TableCell>
                <TableCell>Readiness</TableCell>
                {/* Wrapped anywhere, a text column would shrink to a few letters on a phone (a row 1,600 px
                    tall): at least this wide, the table scrolls sideways in its scroller instead. */}
                <TableCell sx={{ minWidth: 240 }}>What stays behind</TableCell>
                <TableCell sx={{ minWidth: 200 }}>What blocks it</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {shown.map((repo) => {
                const readiness = readinessOfRow(repo);
                const blockers = blockersOf(repo);
                return (
                  <TableRow key={repo.name} aria-label={repo.name}>
                    <TableCell sx={{ overflowWrap: 'anywhere' }}>{repo.name}</TableCell>
                    <TableCell>
                      <ToneChip tone={TONES[readiness]} label={READINESS_WORDS[readiness]} />
                    </TableCell>
                    <TableCell sx={{ overflowWrap: 'anywhere' }}>
                      {repo.leftBehind && repo.leftBehind.length > 0 ? (
                        <Box component="ul" sx={{ m: 0, pl: 2 }}>
                          {repo.leftBehind.map((item) => (
                            <li key={item.kind}>{leftBehindText(item)}</li>
                          ))}
                        </Box>
                      ) : repo.leftBehind ? (
                        'Nothing'
                      ) : (
                        'Not read'
                      )}
                    </TableCell>
                    <TableCell sx={{ overflowWrap: 'anywhere' }}>
                      {blockers.length > 0 ? blockers.join(' ') : '—'}
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </TableScroller>
      )}
      {shown.length < rows.length ? (
        <Button size="small" onClick={() => setAll(true)} sx={{ alignSelf: 'flex-start' }}>
          Show all {formatNumber(rows.length)}
        </Button>
      ) : null}
      <MoveLeftBehindKinds />
    </Stack>
  );
}
