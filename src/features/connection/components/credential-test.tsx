import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { ErrorAlert } from '@/components/error-alert';
import { useTestCredential } from '../api/test-connection';

/** A button that asks GitHub who one credential is, and its answer under it. */
export function CredentialTest({ name }: { name: string }) {
  const test = useTestCredential(name);
  return (
    <Stack sx={{ gap: 0.5, alignItems: 'flex-start' }}>
      <Button
        size="small"
        variant="outlined"
        onClick={() => test.mutate()}
        disabled={test.isPending}
        aria-label={`Test ${name}`}
      >
        {test.isPending ? 'Testing…' : 'Test'}
      </Button>
      <div aria-live="polite">
        {test.isSuccess ? (
          <Alert severity="success" role="status" sx={{ py: 0 }}>
            Connected as <strong>{test.data.login}</strong>
          </Alert>
        ) : null}
        {test.isError ? <ErrorAlert error={test.error} onRetry={() => test.mutate()} /> : null}
      </div>
    </Stack>
  );
}
