import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { formatDateTime } from '@/lib/format';
import type { Migration } from '@/contracts/github/migration';

const yes = (value: boolean) => (value ? 'Yes' : 'No');

/** What the migration was started with: guid, lock and every exclusion. */
export function MigrationSettings({ migration }: { migration: Migration }) {
  const rows: [string, string][] = [
    ['GUID', migration.guid || '—'],
    ['Owner', migration.owner ?? '—'],
    ['Created', formatDateTime(migration.createdAt)],
    ['Last state change', formatDateTime(migration.updatedAt)],
    ['Lock repositories', yes(migration.lockRepositories)],
    ['Exclude attachments', yes(migration.excludeAttachments)],
    ['Exclude releases', yes(migration.excludeReleases)],
    ['Exclude metadata', yes(migration.excludeMetadata)],
    ['Exclude Git data', yes(migration.excludeGitData)],
    ['Exclude owner projects', yes(migration.excludeOwnerProjects)],
    ['Organization metadata only', yes(migration.orgMetadataOnly)],
  ];
  return (
    <Paper variant="outlined" component="section" aria-labelledby="settings-heading" sx={{ p: 2 }}>
      <Typography variant="h6" component="h2" id="settings-heading" gutterBottom>
        Settings
      </Typography>
      <Table size="small" aria-labelledby="settings-heading">
        <TableBody>
          {rows.map(([label, value]) => (
            <TableRow key={label}>
              <TableCell component="th" scope="row">
                {label}
              </TableCell>
              <TableCell sx={{ wordBreak: 'break-all' }}>{value}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Paper>
  );
}
