import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { isLogin } from '@/contracts/github/names';
import type { ReclaimAnswer } from '@/contracts/identities';
import { TableScroller } from '@/components/table-scroller';
import { ToneChip } from '@/components/tone-chip';
import type { IdentityRow } from '../utils/identity-rows';

export interface IdentityTableProps {
  rows: readonly IdentityRow[];
  /** The last sending's answer per mannequin (a refusal in GitHub's words). */
  sent: ReadonlyMap<string, ReclaimAnswer['results'][number]>;
  onChoose: (row: IdentityRow, targetUser: string) => void;
}

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

/**
 * One row per mannequin: login, e-mail, the suggested member (and why), the chosen member (editable), the
 * invitation's state. A plain table with inputs: the author editor's virtual grid lives in the imports feature
 * (moving it to a shared folder is a larger change), and a target rarely has more than a few thousand mannequins.
 */
export function IdentityTable({ rows, sent, onChoose }: IdentityTableProps) {
  return (
    <TableScroller label="Mannequins">
      {/* Wide enough for a login in each column: a phone scrolls the table sideways rather than squeezing it. */}
      <Table size="small" aria-label="Mannequins" sx={{ minWidth: 760 }}>
        <TableHead>
          <TableRow>
            <TableCell>Mannequin</TableCell>
            <TableCell>E-mail on the source</TableCell>
            <TableCell>Suggested</TableCell>
            <TableCell>Target user</TableCell>
            <TableCell>Invitation</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => {
            const state = invitationLabel(row);
            const result = sent.get(row.mannequin.id);
            return (
              <TableRow key={row.mannequin.id} aria-label={row.mannequin.login}>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>{row.mannequin.login}</TableCell>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>{row.mannequin.email ?? '—'}</TableCell>
                <TableCell>
                  {row.suggestion
                    ? `${row.suggestion.targetUser} (same ${row.suggestion.why === 'email' ? 'e-mail' : 'login'})`
                    : '—'}
                </TableCell>
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
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableScroller>
  );
}
