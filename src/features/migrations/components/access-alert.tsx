import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Typography from '@mui/material/Typography';
import { ErrorAlert } from '@/components/error-alert';
import { isApiError } from '@/lib/api-error';
import type { MigrationScope } from '../utils/scope';

/**
 * Errors on migration pages. 401 and 403 are sign-in and permission problems with their own guidance (who may
 * export what); an organization's 404 usually means "you are not an owner"; everything else is the shared alert.
 */
export function AccessAlert({
  error,
  scope,
  onRetry,
}: {
  error: unknown;
  scope: MigrationScope;
  onRetry?: () => void;
}) {
  const status = isApiError(error) ? error.status : undefined;
  const detail = isApiError(error) ? error.message : undefined;
  if (status === 401) {
    return (
      <Alert severity="warning" role="alert">
        <AlertTitle>Sign-in needed</AlertTitle>
        <Typography variant="body2">
          GitHub did not accept the token Ferry uses{detail ? ` (“${detail}”)` : ''}.
        </Typography>
        <Typography variant="body2">
          Set a valid <code>GITHUB_TOKEN</code> (a classic token with the <code>repo</code> scope, plus{' '}
          <code>admin:org</code> for organization exports) and restart Ferry.
        </Typography>
      </Alert>
    );
  }
  if (status === 403) {
    return (
      <Alert severity="warning" role="alert">
        <AlertTitle>Permission needed</AlertTitle>
        <Typography variant="body2">GitHub refused{detail ? `: “${detail}”` : '.'}</Typography>
        <Typography variant="body2">
          {scope.kind === 'user'
            ? 'Exporting your own repositories needs a token with the repo scope.'
            : 'Organization migrations need an organization owner’s token with the admin:org and repo scopes.'}
        </Typography>
      </Alert>
    );
  }
  if (status === 404 && scope.kind === 'org' && (!isApiError(error) || !error.code)) {
    return (
      <Alert severity="warning" role="alert">
        <AlertTitle>Not found, or not yours to see</AlertTitle>
        <Typography variant="body2">
          GitHub answers 404 when {scope.org} does not exist or the token’s user is not one of its owners:
          only owners can see and start organization migrations.
        </Typography>
      </Alert>
    );
  }
  return <ErrorAlert error={error} onRetry={onRetry} />;
}
