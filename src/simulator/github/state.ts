import type { SimClock } from '../clock';
import { createImportStore, type ImportStore } from './imports/store';
import { DEFAULT_ARCHIVE_BYTES_PER_KB } from './migrations/archive';
import { createMigrationStore, type MigrationStore } from './migrations/store';
import { createRateLimiter, type RateLimiter } from './rate-limits';
import { budgetOf } from './budgets';
import { BIG_ORG, bigOrg, bigOrgAccount, bigOrgRepos } from './big-org';
import { createOAuthState, type OAuthState } from './oauth/oauth-apps';
import { seedWorld, type SimWorld } from './seed';

/**
 * Named scenarios:
 * - `demo`: other clients spend the budget in the background, so the dashboard moves (the default for `npm start`);
 * - `quiet`: nothing happens unless requested (the default for tests: deterministic);
 * - `rate-limit-disabled`: a GitHub Enterprise Server with rate limiting off (404 on /rate_limit, no headers);
 * - `strict-preview`: quiet, and the specification's rule for PREVIEW operations (415 without the preview
 *   media type; today's GitHub accepts any);
 * - `imports-retired`: quiet, and the source-import operations answer as github.com does since 2024-04-12;
 * - `big-org`: `quiet`, plus the organization `big-org` with 500 repositories (for migration waves).
 */
export const SCENARIOS = [
  'demo',
  'quiet',
  'rate-limit-disabled',
  'strict-preview',
  'imports-retired',
  'big-org',
] as const;
export type Scenario = (typeof SCENARIOS)[number];

export function isScenario(value: unknown): value is Scenario {
  return typeof value === 'string' && (SCENARIOS as readonly string[]).includes(value);
}

export interface SimStats {
  /** Requests that reached the GitHub simulator. */
  requests: number;
  /** Requests counted against a primary limit. */
  counted: number;
  /** Conditional requests answered 304 (free). */
  notModified: number;
}

export interface GithubState {
  scenario: Scenario;
  world: SimWorld;
  limiter: RateLimiter;
  /** identity → timestamps (ms) of recent writes, for the secondary limit. */
  writes: Map<string, number[]>;
  stats: SimStats;
  migrations: MigrationStore;
  imports: ImportStore;
  /** Archive bytes per KB of repository size (see migrations/archive.ts). */
  archiveBytesPerKb: number;
  /**
   * OAuth Apps, open authorization codes and unverified e-mails of the web flow (oauth/oauth-apps.ts; reach it with
   * `oauthOf`: a world saved before sign-in existed has none). The tokens it issues are in `world.tokens`.
   */
  oauth?: OAuthState;
}

export function createGithubState(
  clock: SimClock,
  scenario: Scenario,
  archiveBytesPerKb = DEFAULT_ARCHIVE_BYTES_PER_KB,
): GithubState {
  const now = clock.now();
  const world = seedWorld(now);
  if (scenario === 'big-org') addBigOrg(world, now);
  return {
    scenario,
    world,
    limiter: createRateLimiter({
      originMs: now,
      background: scenario === 'demo',
      budgetOf: (identity) => budgetOf(world.tokens, identity),
    }),
    writes: new Map(),
    stats: { requests: 0, counted: 0, notModified: 0 },
    migrations: createMigrationStore(),
    imports: createImportStore(),
    archiveBytesPerKb,
    oauth: createOAuthState(),
  };
}

function addBigOrg(world: SimWorld, now: number) {
  const created = world.accounts.get('octo-org')?.createdAt ?? new Date(now).toISOString();
  world.accounts.set(BIG_ORG, bigOrgAccount(created));
  world.orgs.set(BIG_ORG, bigOrg());
  const firstId = Math.max(...world.repos.map((repo) => repo.id)) + 1;
  world.repos.push(...bigOrgRepos(now, firstId));
}
