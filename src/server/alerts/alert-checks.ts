import type { CredentialDetails } from '@/contracts/credentials';
import { isMigrationFinished, migrationStateOf } from '@/contracts/github/migration';
import { isRecord } from '@/contracts/json';
import { archiveExpiresAt } from '@/lib/archive-expiry';
import type { Credentials } from '../credentials/credentials';
import type { JobEngine } from '../jobs/job-engine';
import type { FerryStore } from '../store/ferry-store';
import type { WatchSnapshot } from '../store/watch-snapshots';
import type { AlertEvent } from '@/contracts/alerts';
import type { Alerts } from './alerts';
import { ALERT_PAGES, subjectWords, timeWords } from './alert-words';

const DAY_MS = 86_400_000;
export const ARCHIVE_WARNING_MS = DAY_MS;
export const CREDENTIAL_WARNING_MS = 7 * DAY_MS;
export const CHECKS_CRON = '*/10 * * * *';

/** The watched upstream path of a migration (`orgs/o/migrations/7`, `user/migrations/7`) in words. */
function archiveSubject(path: string) {
  const org = /^\/?orgs\/([^/]+)\/migrations\/(\d+)$/.exec(path);
  if (org) return subjectWords(`org/${org[1]}/migration/${org[2]}`);
  const user = /^\/?user\/migrations\/(\d+)$/.exec(path);
  return user ? subjectWords(`user/migration/${user[1]}`) : undefined;
}

/** Exports whose archive GitHub deletes within a day (the watched migrations the store holds). */
export function expiringArchiveEvents(snapshots: readonly WatchSnapshot[], now: Date): AlertEvent[] {
  return snapshots.flatMap((snapshot): AlertEvent[] => {
    if (snapshot.kind !== 'migration' || !isRecord(snapshot.body)) return [];
    const body = snapshot.body;
    const state = migrationStateOf(body);
    const updatedAt = typeof body.updated_at === 'string' ? Date.parse(body.updated_at) : Number.NaN;
    if (!state || !isMigrationFinished(state) || !Number.isFinite(updatedAt)) return [];
    const expires = archiveExpiresAt(state, updatedAt);
    if (expires === undefined || expires <= now.getTime() || expires - now.getTime() > ARCHIVE_WARNING_MS)
      return [];
    const id = typeof body.id === 'number' ? body.id : undefined;
    const expiresAt = new Date(expires).toISOString();
    const subject = archiveSubject(snapshot.path);
    return [
      {
        kind: 'archive-expiring',
        key: `archive-expiring:${snapshot.path}:${expiresAt}`,
        summary: `GitHub deletes the archive of the ${subject?.words ?? `export ${id ?? snapshot.path}`} at ${timeWords(expiresAt)}; download it before then.`,
        at: now.toISOString(),
        data: { migration: id, path: snapshot.path, expiresAt },
        path: subject?.path ?? ALERT_PAGES.alerts,
      },
    ];
  });
}

/** Credentials whose token expires within a week (GitHub's `github-authentication-token-expiration`). */
export function expiringCredentialEvents(details: readonly CredentialDetails[], now: Date): AlertEvent[] {
  return details.flatMap((credential): AlertEvent[] => {
    const expires = credential.expiresAt ? Date.parse(credential.expiresAt) : Number.NaN;
    // An App's installation token is renewed by the hour: its expiry is no news.
    if (credential.kind === 'app' || !Number.isFinite(expires)) return [];
    const left = expires - now.getTime();
    if (left > CREDENTIAL_WARNING_MS) return [];
    return [
      {
        kind: 'credential-expiring',
        key: `credential-expiring:${credential.name}:${credential.expiresAt}`,
        summary:
          left <= 0
            ? `The GitHub credential “${credential.name}” expired at ${timeWords(credential.expiresAt!)}.`
            : `The GitHub credential “${credential.name}” expires at ${timeWords(credential.expiresAt!)}; renew it and update the gateway’s environment.`,
        at: now.toISOString(),
        data: { credential: credential.name, kind: credential.kind, expiresAt: credential.expiresAt },
        path: ALERT_PAGES.connection,
      },
    ];
  });
}

/**
 * The alert checks no request triggers: every ten minutes (a job: one gateway of a team each time) the archives
 * about to be deleted and the credentials about to expire (read from `GET /rate_limit`, which GitHub does not
 * count, so the check costs no quota and a figure of what GitHub counted stays the page's own); and, on every
 * gateway, whether the store answers — told past the store (which cannot record it) to the targets last read,
 * once per outage.
 */
export function startAlertChecks(deps: {
  alerts: Alerts;
  store: FerryStore;
  credentials: Credentials;
  jobs: () => Promise<JobEngine>;
  now: () => Date;
  storeUp: () => Promise<boolean>;
  log?: (line: string) => void;
  storeCheckMs?: number;
}) {
  const log = deps.log ?? console.error;
  const check = async () => {
    const now = deps.now();
    const events = [
      ...expiringArchiveEvents(await deps.store.watchSnapshots.all(), now),
      ...expiringCredentialEvents(await deps.credentials.expiries(), now),
    ];
    for (const event of events) await deps.alerts.emit(event);
  };
  const scheduled = (async () => {
    const engine = await deps.jobs();
    await engine.work('alert-checks', 1, check);
    await engine.every('alert-checks', CHECKS_CRON);
  })().catch((error: unknown) =>
    log(`[alerts] checks not scheduled: ${error instanceof Error ? error.message : String(error)}`),
  );

  let failures = 0;
  let outage: string | undefined;
  const timer = setInterval(() => {
    void deps.storeUp().then((up) => {
      failures = up ? 0 : failures + 1;
      if (up) outage = undefined;
      // Two failed checks in a row: one slow answer is not an outage.
      if (failures === 2) {
        outage = deps.now().toISOString();
        void deps.alerts.emitPastStore({
          kind: 'store-unhealthy',
          key: `store-unhealthy:${outage}`,
          summary: `Ferry’s store has not answered since ${timeWords(outage)}; waves, alerts and history wait until it does.`,
          at: outage,
          data: { since: outage },
        });
      }
    });
  }, deps.storeCheckMs ?? 30_000);
  timer.unref();
  return { scheduled, check, stop: () => clearInterval(timer) };
}
