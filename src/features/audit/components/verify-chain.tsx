import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { ErrorAlert } from '@/components/error-alert';
import { formatNumber } from '@/lib/format';
import { useVerifyChain } from '../api/audit-queries';

/** "Verify the chain": every kept entry checked against the one before it, and what was found. */
export function VerifyChain() {
  const verify = useVerifyChain();
  const result = verify.data;
  return (
    <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
      <Button variant="outlined" onClick={() => verify.mutate()} loading={verify.isPending}>
        Verify the chain
      </Button>
      <div aria-live="polite">
        {result?.ok ? (
          <Alert severity="success">
            Chain intact: {formatNumber(result.entries)} {result.entries === 1 ? 'entry' : 'entries'} verified
            {result.head ? `, the newest #${result.head.seq} (hash ${result.head.hash.slice(0, 16)}…)` : ''}.
          </Alert>
        ) : result ? (
          <Alert severity="error">
            The chain is broken at entry #{result.seq}: {result.reason}.
          </Alert>
        ) : null}
      </div>
      {verify.error ? <ErrorAlert error={verify.error} context="The chain was not checked" /> : null}
    </Stack>
  );
}
