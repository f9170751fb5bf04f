import { isMigrationFinished } from '@/contracts/github/migration';
import { isImportFinished } from '@/contracts/github/source-import';
import { importSubject, migrationSubject } from '@/contracts/github/subjects';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { importQueries } from '@/features/imports/api/imports-queries';
import { migrationQueries } from '@/features/migrations/api/migration-queries';
import type { MigrationScope } from '@/features/migrations/utils/scope';
import { useNow } from '@/hooks/use-now';
import { useRateLimitSnapshot } from '@/hooks/use-rate-limits';
import { useStateNotifications } from '@/hooks/use-state-notifications';
import { archiveExpiresAt } from '@/lib/archive-expiry';

/**
 * Notifications for the export or import on screen. They share the page's query (same key), so watching
 * costs no extra request; they render nothing.
 */
export function MigrationNotifications({ scope, id }: { scope: MigrationScope; id: number }) {
  const { data } = useQuery(migrationQueries.detail(scope, id));
  const { clockOffsetMs } = useRateLimitSnapshot();
  const now = useNow(60_000);
  const things = useMemo(() => {
    if (!data) return undefined;
    const expiresAt = archiveExpiresAt(data.state, data.updatedAt);
    return [
      {
        key: migrationSubject(scope, id),
        label: scope.kind === 'org' ? `Export ${id} of ${scope.org}` : `Your export ${id}`,
        state: data.state,
        terminal: isMigrationFinished(data.state),
        expiresAt: expiresAt === undefined ? undefined : expiresAt - clockOffsetMs,
      },
    ];
  }, [data, scope, id, clockOffsetMs]);
  useStateNotifications(things, now);
  return null;
}

export function ImportNotifications({
  owner,
  repo,
  enabled,
}: {
  owner: string;
  repo: string;
  enabled: boolean;
}) {
  const { data } = useQuery({ ...importQueries.status(owner, repo), enabled });
  const now = useNow(60_000);
  const things = useMemo(
    () =>
      data
        ? [
            {
              key: importSubject(owner, repo),
              label: `Import into ${owner}/${repo}`,
              state: data.status,
              terminal: isImportFinished(data.status),
            },
          ]
        : undefined,
    [data, owner, repo],
  );
  useStateNotifications(things, now);
  return null;
}
