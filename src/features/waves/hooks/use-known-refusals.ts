import { useQuery } from '@tanstack/react-query';
import { defaultCredential } from '@/contracts/credentials';
import { githubOperation, type GithubOperationId } from '@/contracts/github/operations';
import { gatewayConfigQuery } from '@/lib/gateway-config';
import { waveQueries } from '../api/wave-queries';
import type { PlanFormValues } from '../utils/plan-form';
import { knownRefusals } from '../utils/known-refusals';

/** The credentials GitHub refused for exports of the owner the form names (read from stopped waves). */
export function useKnownRefusals(values: PlanFormValues, operation: GithubOperationId) {
  const waves = useQuery(waveQueries.list());
  const config = useQuery(gatewayConfigQuery());
  const credentials = config.data?.github.credentials ?? [];
  const owner = values.ownRepos
    ? { kind: 'user' as const, login: '' }
    : { kind: 'org' as const, login: values.org.trim() };
  return knownRefusals(
    waves.data ?? [],
    owner,
    defaultCredential(credentials, githubOperation(operation))?.name,
  );
}
