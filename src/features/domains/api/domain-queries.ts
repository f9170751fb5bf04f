import { queryOptions } from '@tanstack/react-query';
import { parseRegistrationRequirements, type RegistrationRequirements } from '@/contracts/registrar';
import { request } from '@/lib/api-client';
import { parseLinkHeader, sameOriginPath } from '@/lib/link-header';

export interface RequirementsLookup {
  requirements: RegistrationRequirements;
  /** The registrar's machine-readable interface description, as a gateway URL. */
  describedBy?: string;
  requestId?: string;
  apiVersion?: string;
}

export async function getRequirements(tld: string): Promise<RequirementsLookup> {
  const { data, headers } = await request<unknown>(
    'registrar',
    `domain/getRegistrationRequirements/${encodeURIComponent(tld)}`,
  );
  const requirements = parseRegistrationRequirements(data);
  const describedBy = parseLinkHeader(headers.get('link')).describedby;
  return {
    requirements,
    // Only this origin's gateway URLs: the gateway rewrites the registrar's link to one of its own.
    describedBy: sameOriginPath(describedBy, '/api/registrar/'),
    requestId: headers.get('x-request-id') ?? requirements.requestId,
    apiVersion: headers.get('x-api-version') ?? undefined,
  };
}

/** Requirements change rarely: the gateway caches them too, so a revisit costs nothing. */
export const REQUIREMENTS_STALE_MS = 10 * 60_000;

export const domainQueries = {
  all: () => ['domains'] as const,
  requirements: (tld: string) =>
    queryOptions({
      queryKey: [...domainQueries.all(), 'requirements', tld] as const,
      queryFn: () => getRequirements(tld),
      staleTime: REQUIREMENTS_STALE_MS,
    }),
};
