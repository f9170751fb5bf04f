import type { QueryClient } from '@tanstack/react-query';
import { authorsExpected, authorsVersion } from '../utils/import-phase';
import { isRepositoryName } from '@/contracts/github/names';
import { draftQueries } from './author-drafts';
import { importQueries } from './imports-queries';

/**
 * Started by the route as soon as the address is known, while the page's code is still downloading: the
 * import's status, then (once it has authors) the authors and their drafts. The page renders from the cache
 * instead of asking only once it appears (10,000 authors arrived ~0.5 s later that way). Failures are left to
 * the page's own queries, which show them.
 */
export function prefetchImport(queryClient: QueryClient, owner: string, repo: string): void {
  if (!isRepositoryName(owner, repo)) return;
  queryClient.ensureQueryData(importQueries.status(owner, repo)).then(
    (item) => {
      if (!item || !((item.authorsCount ?? 0) > 0)) return;
      void queryClient.prefetchQuery(
        importQueries.authors(owner, repo, authorsVersion(item), authorsExpected(item)),
      );
      void queryClient.prefetchQuery(draftQueries.list(owner, repo));
    },
    () => undefined,
  );
}
