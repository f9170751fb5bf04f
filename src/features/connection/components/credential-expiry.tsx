import Alert from '@mui/material/Alert';
import type { CredentialDetails } from '@/contracts/credentials';
import { useNow } from '@/hooks/use-now';
import { formatDateTime } from '@/lib/format';
import { expiryOf } from '../utils/expiry';

/** A credential's expiry as a table cell's content: a warning within a week of it, an error after it. */
export function CredentialExpiry({ credential }: { credential: CredentialDetails }) {
  const now = useNow(60_000);
  const expiry = expiryOf(credential, now);
  switch (expiry.kind) {
    case 'never':
      return 'never';
    case 'renewed':
      return 'tokens renewed hourly';
    case 'later':
      return formatDateTime(expiry.at);
    case 'soon':
      return (
        <Alert severity="warning" role="status" sx={{ py: 0 }}>
          Expires in {expiry.days} day{expiry.days === 1 ? '' : 's'} ({formatDateTime(expiry.at)}): make a new
          token and set it in the server’s environment before then.
        </Alert>
      );
    case 'expired':
      return (
        <Alert severity="error" role="status" sx={{ py: 0 }}>
          Expired {formatDateTime(expiry.at)}: GitHub refuses it. Make a new token and set it in the server’s
          environment.
        </Alert>
      );
  }
}
