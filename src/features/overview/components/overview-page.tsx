import { isImportFinished } from '@/contracts/github/source-import';
import Box from '@mui/material/Box';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useMemo } from 'react';
import { LoadingState } from '@/components/loading-state';
import { PageContainer } from '@/components/page-container';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useNow } from '@/hooks/use-now';
import { useRateLimitSnapshot } from '@/hooks/use-rate-limits';
import { useStateNotifications } from '@/hooks/use-state-notifications';
import { archiveExpiresAt } from '@/lib/archive-expiry';
import type { FollowedThing } from '@/lib/state-notifications';
import { overviewQueries } from '../api/overview-queries';
import type { OverviewLinks } from '../links';
import { isMigrationFinished } from '@/contracts/github/migration';
import { importSubject } from '@/contracts/github/subjects';
import { exportKey, exportLabel, foldWaveExports } from '../utils/exports';
import { followedImports } from '../utils/followed-imports';
import { ExportsSection } from './exports-section';

// Everything but the exports loads after the first paint, so the first page's JavaScript stays lean.
const BudgetCard = lazy(() => import('./budget-card').then((module) => ({ default: module.BudgetCard })));
const ImportsSection = lazy(() =>
  import('./imports-section').then((module) => ({ default: module.ImportsSection })),
);
const WavesSection = lazy(() =>
  import('./waves-section').then((module) => ({ default: module.WavesSection })),
);
const MovesSection = lazy(() =>
  import('./moves-section').then((module) => ({ default: module.MovesSection })),
);
const TldSection = lazy(() => import('./tld-section').then((module) => ({ default: module.TldSection })));

/** The home page: the budget, every export, the imports followed and recent lookups, each linking to its page. */
export function OverviewPage({ links }: { links: OverviewLinks }) {
  const now = useNow(10_000);
  const { clockOffsetMs } = useRateLimitSnapshot();
  const serverNow = now + clockOffsetMs;
  const exports = useQuery(overviewQueries.exports());
  const waves = useQuery(overviewQueries.waves());
  // A wave's exports are folded under it; if the waves cannot be read, every export stays listed.
  const folded = useMemo(
    () => (exports.data && waves.data ? foldWaveExports(exports.data, waves.data) : undefined),
    [exports.data, waves.data],
  );
  const looseExports = folded?.loose ?? exports.data;
  const watched = useQuery(overviewQueries.watched());
  const recentImports = useQuery(overviewQueries.recent('import'));
  const recentTlds = useQuery(overviewQueries.recent('tld'));

  const imports = useMemo(
    () =>
      watched.data && recentImports.data
        ? followedImports(watched.data.items, recentImports.data.items)
        : undefined,
    [watched.data, recentImports.data],
  );

  const followed = useMemo<FollowedThing[] | undefined>(() => {
    if (!looseExports) return undefined;
    const fromExports = looseExports.map((item) => {
      const expiresAt = archiveExpiresAt(item.state, item.updatedAt);
      return {
        key: exportKey(item),
        label: exportLabel(item),
        state: item.state,
        terminal: isMigrationFinished(item.state),
        expiresAt: expiresAt === undefined ? undefined : expiresAt - clockOffsetMs,
      };
    });
    const fromImports = (imports ?? []).flatMap((item) =>
      item.status
        ? [
            {
              key: importSubject(item.owner, item.repo),
              label: `Import into ${item.owner}/${item.repo}`,
              state: item.status,
              terminal: item.terminal || isImportFinished(item.status),
            },
          ]
        : [],
    );
    return [...fromExports, ...fromImports];
  }, [looseExports, imports, clockOffsetMs]);
  useStateNotifications(followed, now);

  const running = exports.data?.filter((item) => !isMigrationFinished(item.state)).length ?? 0;
  useDocumentTitle(
    'Overview',
    running > 0 ? `${running} export${running === 1 ? '' : 's'} running` : undefined,
  );

  return (
    <PageContainer
      title="Overview"
      subtitle="What is going on across your organizations: the API budget, exports, imports and recent lookups."
    >
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 2fr) minmax(0, 1fr)' },
          alignItems: 'start',
        }}
      >
        <Box sx={{ display: 'grid', gap: 2 }}>
          <Suspense fallback={<LoadingState label="Loading the moves" />}>
            <MovesSection links={links} />
          </Suspense>
          {folded && folded.waves.length > 0 ? (
            <Suspense fallback={<LoadingState label="Loading the waves" />}>
              <WavesSection waves={folded.waves} links={links} />
            </Suspense>
          ) : null}
          <ExportsSection
            query={exports}
            items={looseExports}
            serverNow={serverNow}
            clockOffsetMs={clockOffsetMs}
            links={links}
            folded={folded?.waves}
          />
        </Box>
        <Box sx={{ display: 'grid', gap: 2 }}>
          <Suspense fallback={<LoadingState label="Loading the core budget" />}>
            <BudgetCard now={now} rateLimitsHref={links.rateLimits} />
            <ImportsSection
              imports={imports}
              error={watched.error ?? recentImports.error}
              onRetry={() => {
                void watched.refetch();
                void recentImports.refetch();
              }}
              links={links}
            />
            <TldSection query={recentTlds} links={links} />
          </Suspense>
        </Box>
      </Box>
    </PageContainer>
  );
}
