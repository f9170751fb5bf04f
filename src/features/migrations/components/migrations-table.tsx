import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { TableScroller } from '@/components/table-scroller';
import { useRateLimitSnapshot } from '@/hooks/use-rate-limits';
import { formatDateTime } from '@/lib/format';
import { onLocalClock } from '@/lib/local-clock';
import type { Migration } from '@/contracts/github/migration';
import { migrationPageHref, type MigrationScope } from '../utils/scope';
import { WAVE_ATTEMPT_WORDS, type WaveAttempt } from '../utils/wave-attempts';
import { StateChip } from './state-chip';

function repoSummary(migration: Migration): string {
  if (migration.orgMetadataOnly) return 'Organization metadata only';
  const names = migration.repositories.map((repo) => repo.name);
  if (names.length <= 3) return names.join(', ') || '—';
  return `${names.slice(0, 3).join(', ')} and ${names.length - 3} more`;
}

function WaveAttemptNote({
  attempt,
  waveHref,
}: {
  attempt: WaveAttempt | undefined;
  waveHref: (id: string) => string;
}) {
  if (!attempt) return null;
  return (
    <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
      <Link component={RouterLink} to={waveHref(attempt.waveId)}>
        Batch {attempt.batch} of a wave
      </Link>
      : {WAVE_ATTEMPT_WORDS[attempt.outcome]}.
    </Typography>
  );
}

/**
 * Migrations, most recent first, each linking to its page. GitHub's times on this browser's clock, as
 * "updated … ago" above the table and the migration's own page (the simulator's clock may run ahead).
 */
export function MigrationsTable({
  scope,
  migrations,
  attempts,
  waveHref,
}: {
  scope: MigrationScope;
  migrations: readonly Migration[];
  /** Exports a wave started, by id: their row says so (a failed one was the wave's to retry, not the user's). */
  attempts: ReadonlyMap<number, WaveAttempt>;
  waveHref: (id: string) => string;
}) {
  const { clockOffsetMs } = useRateLimitSnapshot();
  const local = (githubMs: number) => formatDateTime(onLocalClock(githubMs, clockOffsetMs));
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
                <WaveAttemptNote attempt={attempts.get(migration.id)} waveHref={waveHref} />
              </TableCell>
              <TableCell>{repoSummary(migration)}</TableCell>
              <TableCell>{local(migration.createdAt)}</TableCell>
              <TableCell>{local(migration.updatedAt)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableScroller>
  );
}
