import { isMigrationFinished } from '@/contracts/github/migration';
import { isImportFinished } from '@/contracts/github/source-import';
import { importSubject, migrationSubject } from '@/contracts/github/subjects';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { importQueries } from '@/features/imports/api/imports-queries';
import { migrationQueries } from '@/features/migrations/api/migration-queries';
import type { MigrationScope } from '@/features/migrations/utils/scope';
import { useHasPassed, useNow } from '@/hooks/use-now';
import { useRateLimitSnapshot } from '@/hooks/use-rate-limits';
import { useStateNotifications } from '@/hooks/use-state-notifications';
import { archiveExpiresAt } from '@/lib/archive-expiry';
import { EXPIRY_WARNING_MS } from '@/lib/state-notifications';

/**
 * Notifications for the export or import on screen. They share the page's query (same key), so watching
 * costs no extra request; they render nothing.
 */
export function MigrationNotifications({ scope, id }: { scope: MigrationScope; id: number }) {
  const { data } = useQuery(migrationQueries.detail(scope, id));
  const { clockOffsetMs } = useRateLimitSnapshot();
  const tick = useNow(60_000);
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
  // The minute tick would warn up to a minute late: a timer for the warning's own moment wakes it on time.
  const expiresAt = things?.[0]?.expiresAt;
  const warnAt = expiresAt === undefined ? undefined : expiresAt - EXPIRY_WARNING_MS;
  const due = useHasPassed(warnAt);
  useStateNotifications(things, due && warnAt !== undefined ? Math.max(tick, warnAt) : tick);
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
