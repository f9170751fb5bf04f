import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useVirtualizer, type Virtualizer } from '@tanstack/react-virtual';
import { useRef, useState } from 'react';
import { isLogin } from '@/contracts/github/names';
import type { ReclaimAnswer } from '@/contracts/identities';
import { ToneChip } from '@/components/tone-chip';
import { KIND_LABELS, rowLabel, suggestionText, type PersonRow } from '../utils/identity-people';
import type { IdentityRow } from '../utils/identity-rows';

export interface IdentityTableProps {
  rows: readonly PersonRow[];
  /** The last sending's answer per mannequin (a refusal in GitHub's words). */
  sent: ReadonlyMap<string, ReclaimAnswer['results'][number]>;
  onChoose: (row: IdentityRow, targetUser: string) => void;
}

/** A row's height before it is measured (a small table row holding a text field). */
const ROW_ESTIMATE = 57;
/** Jsdom-like test DOMs have no layout: give the list a fixed viewport there, so it still virtualises. */
const NO_LAYOUT = import.meta.env.MODE === 'test';
const fixedRect = (
  _instance: Virtualizer<HTMLDivElement, Element>,
  onRect: (rect: { width: number; height: number }) => void,
) => {
  onRect({ width: 1200, height: 640 });
};

function invitationLabel(row: IdentityRow): { tone: 'default' | 'info' | 'success'; label: string } {
  if (row.invitation === 'accepted') return { tone: 'success', label: `Accepted by ${row.invitee ?? ''}` };
  if (row.invitation === 'invited') return { tone: 'info', label: `Invited: ${row.invitee ?? ''}` };
  return { tone: 'default', label: 'Not invited' };
}

/** The chosen target user: kept when it leaves the field (blur or Enter), as a login GitHub allows or empty. */
function ChoiceField({ row, onChoose }: { row: IdentityRow; onChoose: IdentityTableProps['onChoose'] }) {
  const [value, setValue] = useState(row.chosen);
  const [seen, setSeen] = useState(row.chosen);
  // A save from elsewhere (Accept suggestions, another person) replaces what is shown.
  if (seen !== row.chosen) {
    setSeen(row.chosen);
    setValue(row.chosen);
  }
  const trimmed = value.trim();
  const invalid = trimmed !== '' && !isLogin(trimmed);
  const commit = () => {
    if (!invalid && trimmed !== row.chosen) onChoose(row, trimmed);
  };
  return (
    <TextField
      size="small"
      value={value}
      disabled={row.invitation === 'accepted' || row.mannequin.databaseId === null}
      onChange={(event) => setValue(event.target.value)}
      onBlur={commit}
      onKeyDown={(event) => {
        if (event.key === 'Enter') commit();
      }}
      error={invalid}
      sx={{ minWidth: 180 }}
      helperText={invalid ? 'Not a GitHub login' : undefined}
      slotProps={{ htmlInput: { 'aria-label': `Target user for ${row.mannequin.login}`, spellCheck: false } }}
    />
  );
}

function MannequinCells({ row, sent, onChoose }: { row: IdentityRow } & Omit<IdentityTableProps, 'rows'>) {
  const state = invitationLabel(row);
  const result = sent.get(row.mannequin.id);
  return (
    <>
      <TableCell sx={{ overflowWrap: 'anywhere' }}>{row.mannequin.login}</TableCell>
      <TableCell sx={{ overflowWrap: 'anywhere' }}>{row.mannequin.email ?? '—'}</TableCell>
      <TableCell>{suggestionText(row.suggestion)}</TableCell>
      <TableCell>
        <ChoiceField row={row} onChoose={onChoose} />
      </TableCell>
      <TableCell>
        <ToneChip tone={state.tone} label={state.label} />
        {result?.result === 'refused' ? (
          <Typography variant="body2" sx={{ mt: 0.5 }}>
            Refused: {result.reason ?? 'GitHub gave no reason.'}
          </Typography>
        ) : null}
      </TableCell>
    </>
  );
}

/** An archive user or a commit author: information beside the mannequins, never mapped nor written to the CSV. */
function PersonCells({ row }: { row: Exclude<PersonRow, { kind: 'mannequin' }> }) {
  const who = row.kind === 'archive-user' ? row.user.login : row.author.name || '—';
  const detail =
    row.kind === 'archive-user'
      ? row.user.name
      : row.author.from === 'import'
        ? `Mapped in the import of ${row.author.repository ?? '?'}${row.author.remoteName ? ` (was ${row.author.remoteName})` : ''}`
        : null;
  const emails = row.kind === 'archive-user' ? row.user.emails.join(', ') : row.author.email;
  const suggestion = row.kind === 'archive-user' ? row.user.suggestion : row.author.suggestion;
  return (
    <>
      <TableCell sx={{ overflowWrap: 'anywhere' }}>
        {who}
        {detail ? (
          <Typography variant="body2" color="text.secondary">
            {detail}
          </Typography>
        ) : null}
      </TableCell>
      <TableCell sx={{ overflowWrap: 'anywhere' }}>{emails || '—'}</TableCell>
      <TableCell>{suggestionText(suggestion)}</TableCell>
      <TableCell colSpan={2}>
        <Typography variant="body2" color="text.secondary">
          {row.kind === 'archive-user' ? 'Not a mannequin: for reference' : 'Commits keep their e-mail'}
        </Typography>
      </TableCell>
    </>
  );
}

/**
 * Everyone the map shows, one row each: the kind, who, e-mail, the suggested member (and why), the chosen member
 * (mannequins only, editable) and the invitation's state. Virtualised (TanStack Virtual, as the author editor's
 * grid): only the rows in view are in the page, so 100,000 rows draw as fast as 10; the table scrolls in its box.
 */
export function IdentityTable({ rows, sent, onChoose }: IdentityTableProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  // Ferry does not use the React Compiler; the virtualizer is read fresh on every render, as it expects.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_ESTIMATE,
    overscan: 8,
    getItemKey: (index) => rows[index]?.key ?? index,
    ...(NO_LAYOUT ? { observeElementRect: fixedRect } : {}),
  });
  const items = virtualizer.getVirtualItems();
  const before = items[0]?.start ?? 0;
  const after = virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0);
  return (
    <Box
      ref={scrollRef}
      role="region"
      aria-label="Identities (scrolls)"
      tabIndex={0}
      sx={{
        overflow: 'auto',
        maxWidth: '100%',
        maxHeight: 640,
        '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: 2 },
      }}
    >
      {/* Wide enough for a login in each column: a phone scrolls the table sideways rather than squeezing it. */}
      <Table
        size="small"
        stickyHeader
        aria-label="Identities"
        aria-rowcount={rows.length + 1}
        sx={{ minWidth: 880 }}
      >
        <TableHead>
          <TableRow>
            <TableCell>Kind</TableCell>
            <TableCell>Who</TableCell>
            <TableCell>E-mail on the source</TableCell>
            <TableCell>Suggested</TableCell>
            <TableCell>Target user</TableCell>
            <TableCell>Invitation</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {before > 0 ? <TableRow aria-hidden sx={{ height: before }} /> : null}
          {items.map((item) => {
            const row = rows[item.index] as PersonRow;
            return (
              <TableRow
                key={item.key}
                data-index={item.index}
                ref={NO_LAYOUT ? undefined : virtualizer.measureElement}
                aria-label={rowLabel(row)}
                aria-rowindex={item.index + 2}
              >
                <TableCell>{KIND_LABELS[row.kind].one}</TableCell>
                {row.kind === 'mannequin' ? (
                  <MannequinCells row={row.row} sent={sent} onChoose={onChoose} />
                ) : (
                  <PersonCells row={row} />
                )}
              </TableRow>
            );
          })}
          {after > 0 ? <TableRow aria-hidden sx={{ height: after }} /> : null}
        </TableBody>
      </Table>
    </Box>
  );
}
