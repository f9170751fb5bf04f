import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { ErrorAlert } from '@/components/error-alert';
import { LoadingState } from '@/components/loading-state';
import { overviewQueries } from '../api/overview-queries';
import type { OverviewLinks } from '../links';
import type { FollowedImport } from '../utils/followed-imports';
import { OverviewSection } from './overview-section';
import { StatusChip } from './status-chip';

/** An import the gateway does not watch: its status is asked of GitHub once. */
function UnwatchedStatus({ owner, repo }: { owner: string; repo: string }) {
  const status = useQuery(overviewQueries.importStatus(owner, repo));
  if (status.data === 'none') return <StatusChip status="no import" />;
  return status.data ? <StatusChip status={status.data} /> : null;
}

export function ImportsSection({
  imports,
  error,
  onRetry,
  links,
}: {
  imports: FollowedImport[] | undefined;
  error: unknown;
  onRetry: () => void;
  links: OverviewLinks;
}) {
  return (
    <OverviewSection title="Imports followed">
      {!imports ? (
        error ? (
          <ErrorAlert error={error} onRetry={onRetry} />
        ) : (
          <LoadingState label="Loading imports" />
        )
      ) : imports.length === 0 ? (
        <Alert severity="info" role="status">
          No imports followed yet. Start one, or open an existing one, in <strong>Source imports</strong>.
          <Button component={Link} to={links.imports} size="small" sx={{ ml: 1 }}>
            Go to Source imports
          </Button>
        </Alert>
      ) : (
        <List dense disablePadding>
          {imports.map((item) => (
            <ListItem key={`${item.owner}/${item.repo}`} disablePadding>
              <ListItemButton
                component={Link}
                to={links.importPage(item.owner, item.repo)}
                sx={{ gap: 1, borderRadius: 1 }}
              >
                <ListItemText primary={`${item.owner}/${item.repo}`} />
                {item.status ? (
                  <StatusChip status={item.status} />
                ) : (
                  <UnwatchedStatus owner={item.owner} repo={item.repo} />
                )}
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      )}
    </OverviewSection>
  );
}
