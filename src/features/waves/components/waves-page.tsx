import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { ErrorAlert } from '@/components/error-alert';
import { LoadingState } from '@/components/loading-state';
import { PageContainer } from '@/components/page-container';
import { StaleDataNotice } from '@/components/stale-data-notice';
import { TableScroller } from '@/components/table-scroller';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { formatDateTime } from '@/lib/format';
import { waveQueries } from '../api/wave-queries';
import { waveHref } from '../paths';
import { WAVE_STATE_LABELS } from '@/lib/wave-summary';
import { WavePlanForm } from './wave-plan-form';
import { ToneChip } from '@/components/tone-chip';

/** `/waves`: plan a new wave, and the waves so far. */
export function WavesPage() {
  const waves = useQuery(waveQueries.list());
  useDocumentTitle('Migration waves');
  return (
    <PageContainer
      title="Migration waves"
      subtitle="Export many repositories in batches; Ferry downloads and verifies every archive."
    >
      <Stack spacing={3}>
        <WavePlanForm />
        <Paper variant="outlined" component="section" aria-labelledby="waves-heading" sx={{ p: 2 }}>
          <Typography id="waves-heading" variant="h6" component="h2" gutterBottom>
            Waves
          </Typography>
          <StaleDataNotice query={waves} what="The list of waves is shown" />
          {waves.data ? (
            waves.data.length === 0 ? (
              <Typography color="text.secondary">No wave yet: plan one above.</Typography>
            ) : (
              <TableScroller label="Waves">
                <Table size="small" aria-label="Waves">
                  <TableHead>
                    <TableRow>
                      <TableCell>Wave</TableCell>
                      <TableCell>Owner</TableCell>
                      <TableCell>State</TableCell>
                      <TableCell align="right">Repositories</TableCell>
                      <TableCell align="right">Verified batches</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {waves.data.map((wave) => (
                      <TableRow key={wave.id}>
                        <TableCell>
                          <Link component={RouterLink} to={waveHref.wave(wave.id)}>
                            {formatDateTime(Date.parse(wave.createdAt))}
                          </Link>
                        </TableCell>
                        <TableCell>
                          {wave.owner.kind === 'org' ? wave.owner.login : 'my repositories'}
                        </TableCell>
                        <TableCell>
                          <ToneChip tone="default" label={WAVE_STATE_LABELS[wave.state]} />
                        </TableCell>
                        <TableCell align="right">{wave.repos}</TableCell>
                        <TableCell align="right">
                          {wave.verified} of {wave.batches}
                        </TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </TableScroller>
            )
          ) : waves.error ? (
            <ErrorAlert error={waves.error} onRetry={() => void waves.refetch()} />
          ) : (
            <LoadingState label="Loading waves" />
          )}
        </Paper>
      </Stack>
    </PageContainer>
  );
}
