import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { KIND_LABELS, type CredentialDetails } from '@/contracts/credentials';
import { ErrorAlert } from '@/components/error-alert';
import { LoadingState } from '@/components/loading-state';
import { TableScroller } from '@/components/table-scroller';
import { connectionQueries } from '../api/connection-queries';
import { CredentialExpiry } from './credential-expiry';
import { CredentialTest } from './credential-test';

function access(credential: CredentialDetails): string {
  if (credential.permissions) {
    return Object.entries(credential.permissions)
      .map(([name, level]) => `${name}: ${level}`)
      .join(', ');
  }
  if (credential.scopes) return credential.scopes.length ? credential.scopes.join(', ') : 'no scopes';
  return credential.kind === 'fine-grained' ? 'per repository (GitHub does not list them)' : '—';
}

/**
 * Every configured GitHub credential: kind, owner, scopes or permissions, expiry (a warning within a week of
 * it), and a test of its own. Never a value.
 */
export function CredentialsCard() {
  const query = useQuery(connectionQueries.credentials());
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          GitHub credentials
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          Set in the server’s environment (<code>GITHUB_TOKEN</code>, <code>GITHUB_TOKEN_&lt;NAME&gt;</code>,{' '}
          <code>GITHUB_APP_&lt;NAME&gt;_…</code>). Each feature takes the first one GitHub lets it use, or the
          one you pick where you start it.
        </Typography>
        {query.data ? (
          query.data.length === 0 ? (
            <Alert severity="info">
              No GitHub credential is configured: set GITHUB_TOKEN in the server’s environment.
            </Alert>
          ) : (
            <TableScroller label="GitHub credentials">
              <Table size="small">
                <TableHead>
                  <TableRow>
                    <TableCell>Name</TableCell>
                    <TableCell>Kind</TableCell>
                    <TableCell>Acts as</TableCell>
                    <TableCell>Scopes or permissions</TableCell>
                    <TableCell>Expires</TableCell>
                    <TableCell>Connection</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {query.data.map((credential) => (
                    <TableRow key={credential.name}>
                      <TableCell>{credential.name}</TableCell>
                      <TableCell>{KIND_LABELS[credential.kind]}</TableCell>
                      <TableCell>
                        {credential.problem ? (
                          <Alert severity="error" sx={{ py: 0 }}>
                            {credential.problem}
                          </Alert>
                        ) : (
                          (credential.login ?? '—')
                        )}
                      </TableCell>
                      <TableCell>{credential.problem ? '—' : access(credential)}</TableCell>
                      <TableCell>
                        <CredentialExpiry credential={credential} />
                      </TableCell>
                      <TableCell>
                        <CredentialTest name={credential.name} />
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableScroller>
          )
        ) : query.isError ? (
          <ErrorAlert error={query.error} onRetry={() => void query.refetch()} />
        ) : (
          <LoadingState label="Asking GitHub about each credential" query={query} />
        )}
      </CardContent>
    </Card>
  );
}
