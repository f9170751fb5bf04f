import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import type { UseQueryResult } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { RecentResponse } from '@/contracts/ferry';
import { ErrorAlert } from '@/components/error-alert';
import { LoadingState } from '@/components/loading-state';
import type { OverviewLinks } from '../links';
import { OverviewSection } from './overview-section';

export function TldSection({
  query,
  links,
}: {
  query: UseQueryResult<RecentResponse>;
  links: OverviewLinks;
}) {
  const items = query.data?.items;
  return (
    <OverviewSection title="Recent TLD lookups">
      {!items ? (
        query.isError ? (
          <ErrorAlert error={query.error} onRetry={() => void query.refetch()} />
        ) : (
          <LoadingState label="Loading recent lookups" />
        )
      ) : items.length === 0 ? (
        <Alert severity="info" role="status">
          No TLD lookups yet. Look one up in <strong>Domains</strong> to see whether it can be registered.
          <Button component={Link} to={links.domains} size="small" sx={{ ml: 1 }}>
            Go to Domains
          </Button>
        </Alert>
      ) : (
        <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
          {items.map((item) => (
            <Chip key={item.key} component={Link} to={links.tld(item.key)} clickable label={`.${item.key}`} />
          ))}
        </Stack>
      )}
    </OverviewSection>
  );
}
