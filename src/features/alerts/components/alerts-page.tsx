import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { ErrorAlert } from '@/components/error-alert';
import { LoadingState } from '@/components/loading-state';
import { PageContainer } from '@/components/page-container';
import { StaleDataNotice } from '@/components/stale-data-notice';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { alertQueries } from '../api/alert-queries';
import { AlertTargetCard } from './alert-target-card';
import { AlertTargetForm } from './alert-target-form';

/** `/alerts`: where Ferry tells people away from the browser that something finished or needs them. */
export function AlertsPage() {
  const targets = useQuery(alertQueries.list());
  useDocumentTitle('Alerts');
  return (
    <PageContainer
      title="Alerts"
      subtitle="The gateway tells a webhook or a Slack channel when an export, an import, a wave or a move ends, a moved repository fails or does not validate, or a rate limit runs low — with no browser open."
    >
      <Stack spacing={3}>
        <Paper variant="outlined" component="section" aria-labelledby="targets-heading" sx={{ p: 2 }}>
          <Typography id="targets-heading" variant="h6" component="h2" gutterBottom>
            Targets
          </Typography>
          <StaleDataNotice query={targets} what="The targets are shown" />
          {targets.data ? (
            targets.data.length === 0 ? (
              <Typography color="text.secondary">
                No alert target yet: add a webhook or a Slack incoming webhook with “Add an alert target”
                below.
              </Typography>
            ) : (
              <Stack spacing={2}>
                {targets.data.map((target) => (
                  <AlertTargetCard key={target.id} target={target} />
                ))}
              </Stack>
            )
          ) : targets.error ? (
            <ErrorAlert error={targets.error} onRetry={() => void targets.refetch()} />
          ) : (
            <LoadingState label="Loading alert targets" />
          )}
        </Paper>
        <AlertTargetForm />
      </Stack>
    </PageContainer>
  );
}
