import ReplayOutlined from '@mui/icons-material/ReplayOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { Migration } from '@/contracts/github/migration';

/** What is known about a failed export, what to do next, and a one-click retry with the same options. */
export function FailedGuidance({ migration, onRetry }: { migration: Migration; onRetry: () => void }) {
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" startIcon={<ReplayOutlined />} onClick={onRetry}>
          Start again with the same options
        </Button>
      }
    >
      <AlertTitle>The export failed</AlertTitle>
      <Typography variant="body2">
        GitHub reports only the state, not the reason. The export of {migration.repositories.length}{' '}
        {migration.repositories.length === 1 ? 'repository' : 'repositories'} stopped on{' '}
        {new Date(migration.updatedAt).toLocaleString()}.
      </Typography>
      <Typography variant="body2">
        Try again with the same options; if it fails again, export the repositories in smaller groups to find
        the one that fails, or exclude attachments and releases to shrink the archive.
        {migration.lockRepositories ? ' The repositories stay locked until you unlock them below.' : ''}
      </Typography>
    </Alert>
  );
}
