import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { toApiError } from '@/lib/api-error';
import { describeError } from '@/lib/describe-error';
import type { DraftSync } from '../hooks/use-author-edits';

const STATUS_TEXT: Record<DraftSync['status'], string> = {
  saved: 'Drafts are kept on Ferry’s server: any browser can continue this mapping.',
  pending: 'Sending your latest edits to Ferry’s server…',
  offline:
    'Ferry’s server did not take your latest drafts; they are kept in this browser and sent again shortly.',
};

/** Where the drafts are, what another browser changed, and old browser-only drafts offered once. */
export function DraftSyncNotices({ sync }: { sync: DraftSync }) {
  return (
    <Stack sx={{ gap: 1, mb: 2 }}>
      {sync.legacy ? (
        <Alert
          severity="info"
          action={
            <Stack direction="row" sx={{ gap: 1 }}>
              <Button color="inherit" size="small" onClick={sync.legacy.upload}>
                Upload
              </Button>
              <Button color="inherit" size="small" onClick={sync.legacy.discard}>
                Discard
              </Button>
            </Stack>
          }
        >
          <AlertTitle>Drafts found in this browser only</AlertTitle>
          {sync.legacy.count.toLocaleString('en-US')} unsaved author mapping
          {sync.legacy.count === 1 ? '' : 's'} from before Ferry kept drafts on its server. Upload them so
          every browser sees them, or discard them.
        </Alert>
      ) : null}
      {sync.notices.map((notice) => (
        <Alert key={notice.id} severity="warning" onClose={() => sync.dismiss(notice.id)}>
          {notice.text}
        </Alert>
      ))}
      {sync.status === 'offline' ? (
        // As visible as the risk: these edits live in one browser only until the server takes them.
        <Alert severity="warning" role="alert">
          <AlertTitle>
            {sync.unsent > 0
              ? `${sync.unsent.toLocaleString('en-US')} edit${sync.unsent === 1 ? '' : 's'} kept in this browser only`
              : 'Ferry’s server is not answering about drafts'}
          </AlertTitle>
          {STATUS_TEXT.offline} Until then, another browser does not see them; clearing this browser’s data
          would lose them. {sync.error ? `(${describeError(toApiError(sync.error)).title}.)` : ''}
        </Alert>
      ) : (
        <Typography variant="caption" color="text.secondary" role="status">
          {STATUS_TEXT[sync.status]}
        </Typography>
      )}
    </Stack>
  );
}
