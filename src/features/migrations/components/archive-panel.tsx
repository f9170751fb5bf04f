import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { ErrorAlert } from '@/components/error-alert';
import { formatDateTime } from '@/lib/format';
import { formatRemaining, type ArchiveView } from '../utils/archive-view';
import { ConfirmDialog } from '@/components/confirm-dialog';

export interface ArchivePanelProps {
  view: ArchiveView;
  href: string;
  filename: string;
  onDelete: () => void;
  deleting?: boolean;
  deleteError?: unknown;
}

/** Download the archive (a real link: the browser's own download), see when GitHub deletes it, or delete it now. */
export function ArchivePanel({ view, href, filename, onDelete, deleting, deleteError }: ArchivePanelProps) {
  const [confirming, setConfirming] = useState(false);
  return (
    <Paper variant="outlined" component="section" aria-labelledby="archive-heading" sx={{ p: 2 }}>
      <Typography variant="h6" component="h2" id="archive-heading" gutterBottom>
        Archive
      </Typography>
      {view.kind === 'not-ready' && (
        <Typography color="text.secondary">The archive is available once the export has finished.</Typography>
      )}
      {view.kind === 'failed' && (
        <Typography color="text.secondary">A failed export leaves no archive.</Typography>
      )}
      {view.kind === 'deleted' && (
        <Alert severity="info" role="status">
          The archive was deleted. The migration and its settings stay listed.
        </Alert>
      )}
      {view.kind === 'expired' && (
        <Alert severity="info" role="status">
          GitHub deleted the archive on {formatDateTime(view.expiredAt)}, seven days after it was created.
          Start a new export to get a fresh one.
        </Alert>
      )}
      {view.kind === 'available' && (
        <Stack sx={{ gap: 1.5 }}>
          <Typography variant="body2">
            GitHub deletes this archive in <strong>{formatRemaining(view.remainingMs)}</strong> (on{' '}
            {formatDateTime(view.expiresAt)}).
          </Typography>
          <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
            <Button
              variant="contained"
              startIcon={<DownloadOutlined />}
              component="a"
              href={href}
              download={filename}
            >
              Download {filename}
            </Button>
            <Button
              color="error"
              startIcon={<DeleteOutlined />}
              onClick={() => setConfirming(true)}
              disabled={deleting}
            >
              Delete archive
            </Button>
          </Stack>
          {deleteError ? <ErrorAlert error={deleteError} context="Deleting the archive failed" /> : null}
        </Stack>
      )}
      <ConfirmDialog
        open={confirming && view.kind === 'available'}
        title="Delete the archive?"
        confirmLabel="Delete archive"
        destructive
        busy={deleting}
        onClose={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          onDelete();
        }}
      >
        {filename} will be deleted from GitHub now instead of in seven days. This cannot be undone; the
        migration’s record stays.
      </ConfirmDialog>
    </Paper>
  );
}
