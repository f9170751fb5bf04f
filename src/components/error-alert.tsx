import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { toApiError } from '@/lib/api-error';
import { describeError } from '@/lib/describe-error';

export interface ErrorAlertProps {
  error: unknown;
  onRetry?: () => void;
  /** "warning" for a failed background refresh over data still shown. */
  severity?: 'error' | 'warning';
  /** Prefix such as "Refresh failed". */
  context?: string;
  /** What the caller knows that the status alone does not say (why this 404 happened): replaces the general hint. */
  hint?: string;
}

/** The one way errors are shown: what happened, the upstream's words, what to do, and a retry. */
export function ErrorAlert({ error, onRetry, severity = 'error', context, hint }: ErrorAlertProps) {
  const apiError = toApiError(error);
  const description = describeError(apiError);
  return (
    <Alert
      severity={severity}
      role="alert"
      action={
        onRetry ? (
          <Button color="inherit" size="small" onClick={onRetry}>
            Retry
          </Button>
        ) : undefined
      }
    >
      <AlertTitle>{context ? `${context}: ${description.title}` : description.title}</AlertTitle>
      <Typography variant="body2">{description.detail}</Typography>
      <Typography variant="body2">{hint ?? description.hint}</Typography>
      {apiError.fieldErrors.length > 0 ? (
        <Typography variant="body2" component="ul" sx={{ pl: 2, my: 0.5 }}>
          {apiError.fieldErrors.map((field, index) => (
            <li key={index}>
              {[field.resource, field.field].filter(Boolean).join('.') || 'request'}:{' '}
              {field.message ?? field.code}
            </li>
          ))}
        </Typography>
      ) : null}
      {apiError.documentationUrl?.startsWith('https://') ? (
        <Link href={apiError.documentationUrl} target="_blank" rel="noreferrer noopener" variant="body2">
          Documentation
        </Link>
      ) : null}
      {apiError.requestId ? (
        <Typography variant="caption" component="p" color="text.secondary">
          Request id: {apiError.requestId}
        </Typography>
      ) : null}
    </Alert>
  );
}
