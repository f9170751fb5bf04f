import { failureReasonAt, statesAt, type MigrationState, type Timeline } from './queue';
import type { ImportedRepo, MannequinSeed, TargetMigration, TargetState } from './state';
import { crowdOf } from './crowd';
import { nodeId } from './ids';

/**
 * An attribution invitation is accepted this long after it is sent (the simulator has no people to click it):
 * then the mannequin's `claimant` is the invited member.
 */
export const INVITATION_ACCEPTED_AFTER_MS = 10 * 60_000;

/** Migration logs stay downloadable 24 hours after the migration ends (gh-gei's DownloadLogsCommandHandler). */
export const LOG_LIFETIME_MS = 24 * 3_600_000;

export interface MigrationView {
  migration: TargetMigration;
  timeline: Timeline;
  state: MigrationState;
  failureReason: string | null;
  /** Whether its log can be read now. */
  logAvailable: boolean;
}

export interface MannequinView extends MannequinSeed {
  id: string;
  databaseId: number;
  createdAt: number;
  claimant: string | null;
}

/** Everything derived from the clock for the organization: migration states, imported repositories, mannequins. */
export interface OrgView {
  migrations: MigrationView[];
  repos: Map<string, ImportedRepo>;
  mannequins: MannequinView[];
}

function databaseIdOf(login: string): number {
  let hash = 0;
  for (const char of login) hash = (hash * 31 + char.charCodeAt(0)) % 9_000_000;
  return 80_000_000 + hash;
}

/** Who accepted an invitation to each mannequin by `now` (the first accepted, as they were sent), by login. */
function acceptedInvitees(state: TargetState, now: number): Map<string, string> {
  const accepted = new Map<string, string>();
  for (const invitation of state.invitations)
    if (
      invitation.createdAt + INVITATION_ACCEPTED_AFTER_MS <= now &&
      !accepted.has(invitation.mannequinLogin)
    )
      accepted.set(invitation.mannequinLogin, invitation.targetLogin);
  return accepted;
}

export function orgView(state: TargetState, now: number): OrgView {
  const migrations = statesAt(state.migrations, now).map(({ migration, timeline, state: at }) => ({
    migration,
    timeline,
    state: at,
    failureReason: failureReasonAt(migration, timeline, at),
    logAvailable: timeline.endAt <= now && now < timeline.endAt + LOG_LIFETIME_MS,
  }));
  const repos = new Map<string, ImportedRepo>();
  const mannequins = new Map<string, MannequinView>();
  const accepted = acceptedInvitees(state, now);
  const crowds = new Set<string>();
  const add = (seed: MannequinSeed, id: string, databaseId: number, createdAt: number) => {
    if (mannequins.has(seed.login)) return;
    mannequins.set(seed.login, {
      login: seed.login,
      email: seed.email,
      name: seed.name,
      id,
      databaseId,
      createdAt,
      claimant: state.claims.get(seed.login) ?? accepted.get(seed.login) ?? null,
    });
  };
  for (const view of migrations) {
    const { outcome } = view.migration;
    if (view.state !== 'SUCCEEDED' || !outcome.ok) continue;
    // A deleted repository is gone (its name free again); the mannequins its import made stay the organization's.
    if (!state.deletedImports?.includes(view.migration.id))
      repos.set(outcome.repo.name.toLowerCase(), outcome.repo);
    for (const seed of outcome.mannequins)
      if (!mannequins.has(seed.login))
        add(seed, nodeId('M', seed.login), databaseIdOf(seed.login), view.timeline.endAt);
    const crowd = outcome.crowd;
    if (!crowd || crowds.has(`${crowd.source}:${crowd.people}`)) continue;
    crowds.add(`${crowd.source}:${crowd.people}`);
    for (const person of crowdOf(crowd).mannequins)
      add(person, person.id, person.databaseId, view.timeline.endAt);
  }
  return { migrations, repos, mannequins: [...mannequins.values()] };
}
