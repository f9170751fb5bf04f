import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect } from 'react';
import { LazyPartBoundary } from '@/components/lazy-part-boundary';
import { LoadingState } from '@/components/loading-state';
import { WhenSeen } from '@/components/when-seen';
import { domainQueries } from '../api/domain-queries';
import { DomainErrorAlert } from './domain-error-alert';
import { RegistryRequirements } from './registry-requirements';
import { VerdictCard } from './verdict-card';

// The form generator and the validator are heavy: they load only when the payload comes near the viewport,
// the page is idle or a person reaches it, not in the first seconds with the verdict.
const PayloadBuilder = lazy(() =>
  import('./payload-builder').then((module) => ({ default: module.PayloadBuilder })),
);

export interface RequirementsPanelProps {
  tld: string;
  unicode?: string;
  onLoaded?: (tld: string) => void;
}

/** One TLD's requirements: the verdict first, then the facts, the registry's fields and the payload. */
export function RequirementsPanel({ tld, unicode, onLoaded }: RequirementsPanelProps) {
  const query = useQuery(domainQueries.requirements(tld));
  const lookup = query.data;
  useEffect(() => {
    if (lookup) onLoaded?.(lookup.requirements.tld === tld ? tld : lookup.requirements.tld);
  }, [lookup, tld, onLoaded]);

  if (!lookup) {
    return query.isError ? (
      <DomainErrorAlert error={query.error} tld={tld} onRetry={() => void query.refetch()} />
    ) : (
      <LoadingState label={`Looking up .${tld}`} query={query} />
    );
  }
  const { requirements } = lookup;
  return (
    <Stack sx={{ gap: 3 }}>
      {query.isError ? (
        <DomainErrorAlert error={query.error} tld={tld} onRetry={() => void query.refetch()} />
      ) : null}
      <VerdictCard requirements={requirements} unicode={unicode} />
      <RegistryRequirements schema={requirements.registryRequirements} tld={requirements.tld} />
      {requirements.apiRegisterable ? (
        <LazyPartBoundary key={tld} name="The payload builder">
          <WhenSeen
            showLabel="Show the payload form"
            placeholder={<LoadingState label="Loading the payload builder" />}
          >
            <Suspense fallback={<LoadingState label="Loading the payload builder" />}>
              <PayloadBuilder
                tld={tld}
                schema={requirements.requestSchema}
                registerable={requirements.apiRegisterable}
              />
            </Suspense>
          </WhenSeen>
        </LazyPartBoundary>
      ) : (
        // A payload for a TLD the API refuses would look usable ("valid" over `{}`): offer none.
        <Box component="section" aria-label="Registration payload">
          <Alert severity="info">
            No registration payload: .{requirements.tld} cannot be registered through the registrar’s API, so
            there is nothing to send. Register it on the registrar’s website; the registry’s requirements
            above still apply there.
          </Alert>
        </Box>
      )}
      <Divider />
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: { xs: 0.5, sm: 3 }, flexWrap: 'wrap' }}>
        {lookup.describedBy ? (
          <Link href={lookup.describedBy} target="_blank" rel="noopener" variant="body2">
            Machine-readable interface description (OpenAPI, linked as describedby)
          </Link>
        ) : (
          <Typography variant="body2" color="text.secondary">
            The registrar sent no describedby link.
          </Typography>
        )}
        {lookup.requestId ? (
          <Typography variant="body2" color="text.secondary">
            Request id: {lookup.requestId}
          </Typography>
        ) : null}
        {lookup.apiVersion ? (
          <Typography variant="body2" color="text.secondary">
            API version {lookup.apiVersion}
          </Typography>
        ) : null}
      </Stack>
    </Stack>
  );
}
