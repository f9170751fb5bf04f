import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { Link as RouterLink } from 'react-router';
import { TableScroller } from '@/components/table-scroller';
import { formatDateTime } from '@/lib/format';
import type { Migration } from '@/contracts/github/migration';
import { migrationPageHref, type MigrationScope } from '../utils/scope';
import { StateChip } from './state-chip';

function repoSummary(migration: Migration): string {
  if (migration.orgMetadataOnly) return 'Organization metadata only';
  const names = migration.repositories.map((repo) => repo.name);
  if (names.length <= 3) return names.join(', ') || '—';
  return `${names.slice(0, 3).join(', ')} and ${names.length - 3} more`;
}

/** Migrations, most recent first, each linking to its page. */
export function MigrationsTable({
  scope,
  migrations,
}: {
  scope: MigrationScope;
  migrations: readonly Migration[];
}) {
  const sorted = [...migrations].sort((a, b) => b.createdAt - a.createdAt || b.id - a.id);
  return (
    <TableScroller label="Migrations">
      <Table size="small" aria-label="Migrations">
        <TableHead>
          <TableRow>
            <TableCell>Migration</TableCell>
            <TableCell>State</TableCell>
            <TableCell>Repositories</TableCell>
            <TableCell>Created</TableCell>
            <TableCell>Updated</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {sorted.map((migration) => (
            <TableRow key={migration.id} hover>
              <TableCell>
                <Link component={RouterLink} to={migrationPageHref(scope, migration.id)}>
                  #{migration.id}
                </Link>
              </TableCell>
              <TableCell>
                <StateChip state={migration.state} />
              </TableCell>
              <TableCell>{repoSummary(migration)}</TableCell>
              <TableCell>{formatDateTime(migration.createdAt)}</TableCell>
              <TableCell>{formatDateTime(migration.updatedAt)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableScroller>
  );
}
