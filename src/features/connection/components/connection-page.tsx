import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { ErrorAlert } from '@/components/error-alert';
import { LoadingState } from '@/components/loading-state';
import { PageContainer } from '@/components/page-container';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { connectionQueries } from '../api/connection-queries';
import { useTestGithubConnection, useTestRegistrarConnection } from '../api/test-connection';
import { CredentialsCard } from './credentials-card';
import { UpstreamCard } from './upstream-card';

const SUBTITLE =
  'Where Ferry’s server sends requests. Credentials live in the server’s environment and never reach this page.';

export function ConnectionPage() {
  const config = useQuery(connectionQueries.config());
  useDocumentTitle('Connection', config.data ? undefined : config.isError ? 'not loaded' : 'loading');
  const github = useTestGithubConnection();
  const registrar = useTestRegistrarConnection();

  if (!config.data) {
    return (
      <PageContainer title="Connection" subtitle={SUBTITLE}>
        {config.isError ? (
          <ErrorAlert error={config.error} onRetry={() => void config.refetch()} />
        ) : (
          <LoadingState label="Loading connection settings" query={config} />
        )}
      </PageContainer>
    );
  }

  const live = config.data.github.mode === 'live' || config.data.registrar.mode === 'live';
  return (
    <PageContainer title="Connection" subtitle={SUBTITLE}>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 6 }}>
          <UpstreamCard
            title="GitHub"
            facts={config.data.github}
            live={live}
            actions={
              <Button onClick={() => github.mutate()} disabled={github.isPending}>
                {github.isPending ? 'Testing…' : 'Test GitHub connection'}
              </Button>
            }
          >
            <Typography variant="body2">API version {config.data.github.apiVersion}</Typography>
            <div aria-live="polite">
              {github.isSuccess ? (
                <Alert severity="success" sx={{ mt: 1 }}>
                  Connected as <strong>{github.data.login}</strong>.{' '}
                  {github.data.scopes === undefined
                    ? 'GitHub did not report token scopes (fine-grained tokens and apps have none).'
                    : github.data.scopes.length > 0
                      ? `Token scopes: ${github.data.scopes.join(', ')}.`
                      : 'The token has no scopes.'}
                </Alert>
              ) : null}
              {github.isError ? <ErrorAlert error={github.error} onRetry={() => github.mutate()} /> : null}
            </div>
          </UpstreamCard>
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <UpstreamCard
            title="Registrar"
            facts={config.data.registrar}
            live={live}
            actions={
              <Button onClick={() => registrar.mutate()} disabled={registrar.isPending}>
                {registrar.isPending ? 'Testing…' : 'Test registrar connection'}
              </Button>
            }
          >
            <div aria-live="polite">
              {registrar.isSuccess ? (
                <Alert severity={registrar.data.credentialsValid ? 'success' : 'warning'} sx={{ mt: 1 }}>
                  {registrar.data.credentialsValid
                    ? 'The registrar accepted the API keys.'
                    : 'The registrar answered, but no valid API keys were presented.'}
                  {registrar.data.yourIp ? ` It sees requests from ${registrar.data.yourIp}.` : ''}
                </Alert>
              ) : null}
              {registrar.isError ? (
                <ErrorAlert error={registrar.error} onRetry={() => registrar.mutate()} />
              ) : null}
            </div>
          </UpstreamCard>
        </Grid>
        {config.data.github.credentials.length > 0 ? (
          <Grid size={12}>
            <CredentialsCard />
          </Grid>
        ) : null}
      </Grid>
    </PageContainer>
  );
}
