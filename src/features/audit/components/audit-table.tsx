import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { AuditEntry } from '@/contracts/audit';
import { TableScroller } from '@/components/table-scroller';
import { ToneChip } from '@/components/tone-chip';
import { formatDateTime } from '@/lib/format';

const toneOf = (outcome: string) =>
  outcome.endsWith(' ok') ? 'success' : outcome.endsWith(' refused') ? 'warning' : 'error';

/** The entries, newest first: when, who (and their role then), what, on which path, and how it ended. */
export function AuditTable({ entries }: { entries: AuditEntry[] }) {
  return (
    <TableScroller label="Audit log entries">
      <Table size="small" aria-label="Audit log entries">
        <TableHead>
          <TableRow>
            <TableCell>#</TableCell>
            <TableCell>Time</TableCell>
            <TableCell>Actor</TableCell>
            <TableCell>Role</TableCell>
            <TableCell>Action</TableCell>
            <TableCell>Target</TableCell>
            <TableCell>Outcome</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {entries.map((entry) => (
            <TableRow key={entry.seq}>
              <TableCell>{entry.seq}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                <time dateTime={entry.at} title={entry.at}>
                  {formatDateTime(Date.parse(entry.at))}
                </time>
              </TableCell>
              <TableCell>{entry.actor}</TableCell>
              <TableCell>{entry.role}</TableCell>
              <TableCell sx={{ fontFamily: 'monospace' }}>{entry.action}</TableCell>
              <TableCell sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>{entry.target}</TableCell>
              <TableCell>
                <ToneChip tone={toneOf(entry.outcome)} label={entry.outcome} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableScroller>
  );
}
