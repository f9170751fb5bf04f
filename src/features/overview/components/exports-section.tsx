import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { UseQueryResult } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { LoadingState } from '@/components/loading-state';
import { formatDateTime, formatDuration } from '@/lib/format';
import { onLocalClock } from '@/lib/local-clock';
import type { OverviewLinks } from '../links';
import {
  exportKey,
  exportLabel,
  groupExports,
  type ExportSummary,
  type WaveWithExports,
} from '../utils/exports';
import { OverviewSection } from './overview-section';
import { StatusChip } from './status-chip';

// Errors are rare on the first load: their explanation (and its links) loads only when one happens.
const ErrorAlert = lazy(() =>
  import('@/components/error-alert').then((module) => ({ default: module.ErrorAlert })),
);
// Whose the folded exports are reads the moves: loaded only when every export is folded away.
const FoldedExportsNote = lazy(() =>
  import('./folded-exports-note').then((module) => ({ default: module.FoldedExportsNote })),
);

function repositoriesText(repositories: string[]): string {
  if (repositories.length === 0) return 'no repositories listed';
  const shown = repositories.slice(0, 3).join(', ');
  return repositories.length > 3 ? `${shown} and ${repositories.length - 3} more` : shown;
}

/**
 * Every export the token can see, grouped by state, archives about to be deleted first. Start times are on
 * this browser's clock, as the waves' beside them and the export's own page (GitHub's may run ahead).
 */
export function ExportsSection({
  query,
  items,
  serverNow,
  clockOffsetMs,
  links,
  folded = [],
}: {
  query: UseQueryResult<ExportSummary[]>;
  /** The exports to list: the query's, less those folded under a wave. */
  items: ExportSummary[] | undefined;
  /** The waves (a move's own among them) the other exports are folded under. */
  folded?: readonly WaveWithExports[];
  serverNow: number;
  /** GitHub's clock minus this browser's. */
  clockOffsetMs: number;
  links: OverviewLinks;
}) {
  return (
    <OverviewSection title="Exports">
      {!items ? (
        query.isError ? (
          <Suspense fallback={<LoadingState label="Loading the error’s explanation" />}>
            <ErrorAlert error={query.error} onRetry={() => void query.refetch()} />
          </Suspense>
        ) : (
          <LoadingState label="Loading exports" />
        )
      ) : items.length === 0 && (query.data?.length ?? 0) > 0 ? (
        <Suspense fallback={<LoadingState label="Loading whose exports they are" />}>
          <FoldedExportsNote waves={folded} />
        </Suspense>
      ) : items.length === 0 ? (
        <Alert severity="info" role="status">
          No exports yet. Start one from <strong>Migrations</strong>: choose an organization you own, or your
          own repositories.
          <Button component={Link} to={links.migrations} size="small" sx={{ ml: 1 }}>
            Go to Migrations
          </Button>
        </Alert>
      ) : (
        <Stack sx={{ gap: 1 }}>
          {groupExports(items, serverNow).map((group) => (
            <section key={group.name} aria-label={group.title}>
              <Typography variant="subtitle2" component="h3">
                {group.title} ({group.items.length})
              </Typography>
              <List dense disablePadding>
                {group.items.map((item) => (
                  <ListItem key={exportKey(item)} disablePadding>
                    <ListItemButton
                      component={Link}
                      to={links.exportPage(item.owner, item.id)}
                      sx={{ gap: 1, borderRadius: 1 }}
                    >
                      <ListItemText
                        primary={exportLabel(item)}
                        secondary={
                          group.name === 'expiring' && item.expiresAt !== undefined
                            ? `Archive deleted in ${formatDuration(item.expiresAt - serverNow)} · ${repositoriesText(item.repositories)}`
                            : `Started ${formatDateTime(onLocalClock(item.createdAt, clockOffsetMs))} · ${repositoriesText(item.repositories)}`
                        }
                      />
                      <StatusChip status={item.state} />
                    </ListItemButton>
                  </ListItem>
                ))}
              </List>
            </section>
          ))}
        </Stack>
      )}
    </OverviewSection>
  );
}
