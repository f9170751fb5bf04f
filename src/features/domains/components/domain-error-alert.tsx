import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { describeLookupError } from '../utils/describe-lookup-error';

/** A failed lookup, explained: unknown TLD, bad keys, throttling, network, or anything else. */
export function DomainErrorAlert({
  error,
  tld,
  onRetry,
}: {
  error: unknown;
  tld: string;
  onRetry?: () => void;
}) {
  const description = describeLookupError(error, tld);
  return (
    <Alert
      severity={description.kind === 'unknown-tld' ? 'warning' : 'error'}
      role="alert"
      action={
        onRetry && description.kind !== 'unknown-tld' ? (
          <Button color="inherit" size="small" onClick={onRetry}>
            Retry
          </Button>
        ) : undefined
      }
    >
      <AlertTitle>{description.title}</AlertTitle>
      <Typography variant="body2">{description.detail}</Typography>
      <Typography variant="body2">{description.hint}</Typography>
      {description.requestId ? (
        <Typography variant="caption" component="p" color="text.secondary">
          Request id: {description.requestId}
        </Typography>
      ) : null}
    </Alert>
  );
}
