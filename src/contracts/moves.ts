import type { PlanAccountCost } from './budgets';
import type { CredentialSummary } from './credentials';
import type { InventorySummary, LeftBehind, Readiness } from './inventory';
import type { CredentialKind } from './github/operations';
import { finiteNumberOf, isRecord } from './json';
import type { WaveCaps, WaveFilters } from './waves';

/**
 * Moves (issue 36): an organization's repositories taken into a GitHub.com (or GHE.com) organization by GitHub
 * Enterprise Importer, one repository per archive. This slice plans: `POST /api/moves/preview`. Facts and
 * sources: `../shared/reference/whole-move.md`.
 */

/** Visibilities GEI's `targetRepoVisibility` accepts; `internal` only in an organization of an enterprise. */
export const TARGET_VISIBILITIES = ['private', 'public', 'internal'] as const;
export type TargetVisibility = (typeof TARGET_VISIBILITIES)[number];

/** The most repositories one move takes (its plan lists each, and per-repository choices are bounded by it). */
export const MAX_MOVE_REPOSITORIES = 1_000;

/** A repository's own choices, sent only to change the defaults (the target name, the visibility). */
export interface MoveRepositoryChoice {
  name: string;
  targetName?: string;
  visibility?: TargetVisibility;
}

export interface MovePlanRequest {
  /** The source organization, read with today's GitHub connection; `credential` one of its credentials. */
  source: { kind: 'org'; login: string; credential?: string };
  /** The organization on the target; `credential` one of the `TARGET_` credentials. */
  target: { login: string; credential?: string };
  /** As a wave's. */
  filters: WaveFilters;
  /** As a wave's; a move exports one repository per archive, so `concurrency` is the exports at once. */
  caps: WaveCaps;
  repositories?: MoveRepositoryChoice[];
  /**
   * The inventory (issue 49): `true` adds what each repository leaves behind and what blocks it, from the
   * inventory kept for the organization (repositories not read yet are read now); `'refresh'` reads the chosen
   * repositories and the organization's part again. Absent: no inventory (its first read costs requests).
   */
  inventory?: boolean | 'refresh';
}

export type PreflightCheckName =
  | 'target-name-free'
  | 'size-within-limit'
  | 'visibility'
  /** The target organization's rulesets let the import's pushes through (Repository migrations bypass them). */
  | 'target-rulesets'
  /** With `afterValidation: archive`: the source credential is an admin of the repository. */
  | 'source-archive-right'
  /** The inventory (issue 49): no file over GEI's 400 MiB; a warning for one over GitHub.com's 100 MB. */
  | 'file-size'
  /** The inventory: no ref name over 255 bytes. */
  | 'ref-names';

export interface PreflightCheck {
  check: PreflightCheckName;
  ok: boolean;
  /** Passed, with something to know (a ruleset in evaluate mode, rulesets that could not be read). */
  warning?: boolean;
  /** Why it was refused (GitHub's words where it said them), or what was checked. */
  reason: string;
}

export interface MovePlannedRepository {
  name: string;
  targetName: string;
  sourceVisibility: 'public' | 'private';
  visibility: TargetVisibility;
  sizeKb: number;
  checks: PreflightCheck[];
  /** Every check passed (the tokens are checked once for the move: `tokens`). */
  ready: boolean;
  /** With the inventory asked for (`inventory`): what GEI leaves behind of it, and when it was read. */
  leftBehind?: LeftBehind[];
  inventoryReadAt?: string;
  /** Blocked (a check failed), needs work (a left-behind kind the team must redo), or ready. */
  readiness?: Readiness;
}

/** The steps of a move and who does each (whole-move.md §5). */
export type MoveStep = 'export' | 'upload' | 'start-import' | 'status' | 'validate';

export interface TokenCheck {
  side: 'source' | 'target';
  /** The credential's name (its value never leaves the gateway). */
  credential: string;
  kind: CredentialKind;
  steps: MoveStep[];
  ok: boolean;
  reason: string;
  /** Classic tokens, as GitHub sent them (`X-OAuth-Scopes`), when it did. */
  scopes?: string[];
}

/** A figure as a range: no failed step (`min`) to every check and retry the model allows (`max`). */
export interface CostRange {
  min: number;
  max: number;
}

/** A GraphQL budget in points as GitHub last said it (`resetAt` on GitHub's clock), and what a plan leaves. */
export interface SourceGraphqlBudget {
  limit: number;
  remaining: number;
  resetAt: string;
  leftAfter: number;
}

/** A preview's `cost.source.graphqlBudget`, checked at the edge (none when absent or malformed). */
export function parseSourceGraphqlBudget(value: unknown): SourceGraphqlBudget | undefined {
  if (!isRecord(value) || typeof value.resetAt !== 'string') return undefined;
  const limit = finiteNumberOf(value.limit);
  const remaining = finiteNumberOf(value.remaining);
  const leftAfter = finiteNumberOf(value.leftAfter);
  if (limit === undefined || remaining === undefined || leftAfter === undefined) return undefined;
  return { limit, remaining, resetAt: value.resetAt, leftAfter };
}

export interface MoveCost {
  source: {
    credential: string;
    /** REST requests: the listing, then per repository an export (start, status checks, archive link) and unlock. */
    restRequests: CostRange;
    /** GraphQL requests of validation: one aliased query per 50 repositories. */
    graphqlRequests: CostRange;
    /**
     * The source account's REST budget as last read, beside the unfinished waves that draw on it (a move's
     * exports are a wave): what the move's `restRequests.max` would leave (`leftAfter`).
     */
    budget?: PlanAccountCost;
    /**
     * The source account's GraphQL budget (what validation spends) as last read (`/rate_limit`'s `graphql`), and
     * what validation's points (`graphqlRequests.max` queries, 1 point each) would leave (`leftAfter`): below
     * zero, validation waits for the reset. Absent when not read: no store, no reading yet, or a source with
     * rate limiting off.
     */
    graphqlBudget?: SourceGraphqlBudget;
  };
  target: {
    credential: string;
    /** GraphQL points: pre-flight, migration source, starts, status polls for all running imports, validation. */
    graphqlPoints: CostRange;
    parts: {
      preflight: number;
      starts: number;
      statusPolls: CostRange;
      validation: number;
    };
    /** The imports' own charge to the starting token (gh-gei#1425): 1 point each, +1 per 100 records. */
    importChargeMin: number;
    /** The account's GraphQL points as GitHub said in the pre-flight (`rateLimit`), and what the move leaves. */
    budget?: { limit: number; remaining: number; resetAt: string; leftAfterMax: number };
  };
  /** Seconds from start to the last import, at GitHub's 5 imports in progress per organization. */
  seconds: CostRange;
}

export interface MovePreview {
  source: {
    login: string;
    credential: string;
    /** GitHub Enterprise Server's version when its answers named it (`X-GitHub-Enterprise-Version`). */
    version?: string;
    /** The largest repository GEI takes from this source, and why. */
    limitKb: number;
    limitReason: string;
  };
  target: {
    login: string;
    credential: string;
    organization: { id: string; databaseId: number; name: string | null } | null;
  };
  listed: number;
  selected: number;
  ready: number;
  repositories: MovePlannedRepository[];
  tokens: TokenCheck[];
  notMigrated: readonly NotMigrated[];
  cost: MoveCost;
  /**
   * What this preview itself cost, counted as it went: the source's listing pages GitHub counted (0 when the listing
   * kept from the last 5 minutes served it; a page revalidated with its ETag is free) and the target's requests
   * (GraphQL, and the rulesets' REST reads).
   */
  requests: { source: number; target: number; targetGraphql: number };
  /** With `inventory`: when it was read, and what reading it cost this preview (apart from `requests`). */
  inventory?: InventorySummary;
  /** The inventory was asked for but could not be read (GitHub's limit, say): the plan stands without it. */
  inventoryError?: string;
}

/** `GET /api/moves/target`: where moves land (`TARGET_GITHUB_API_URL`, `…_UPLOADS_URL`) and with which credentials. */
export interface MoveTarget {
  mode: 'live' | 'simulator';
  apiUrl: string;
  uploadsUrl: string;
  /** Names and kinds (by GitHub's token prefixes); values never leave the gateway. */
  credentials: CredentialSummary[];
}

export interface NotMigrated {
  what: string;
  /** Where it is stated (a documentation page, or gh-gei's issue). */
  source: string;
}

/**
 * What GitHub Enterprise Importer does not take from GitHub Enterprise Server (docs' data-not-migrated page and
 * limits, gh-gei#458, #288): to be redone on the target by hand or by script.
 */
export const NOT_MIGRATED: readonly NotMigrated[] = [
  { what: 'Teams, and user and team access to repositories', source: 'docs: data not migrated' },
  { what: 'Pull request settings of the repository', source: 'docs: data not migrated' },
  { what: 'Git LFS objects', source: 'docs: data not migrated' },
  { what: 'Actions secrets, variables and environments', source: 'docs: data not migrated; gh-gei#458' },
  { what: 'Deploy keys', source: 'gh-gei#288' },
  { what: 'Tag protection rules', source: 'gh-gei#458' },
  {
    what: 'Files over 400 MiB (refused during the import); commits over 2 GB; ref names over 255 bytes',
    source: 'docs: limitations of migrated data',
  },
  {
    what: 'Commit authorship is kept by e-mail; everything else a source user did arrives as a mannequin to reclaim',
    source: 'docs: reclaiming mannequins',
  },
];

/** Scopes GEI needs of a classic PAT on the target: an owner's, or a migrator's (whole-move.md §5). */
export const TARGET_SCOPES_ANY_OF: readonly (readonly string[])[] = [
  ['repo', 'admin:org', 'workflow'],
  ['repo', 'read:org', 'workflow'],
];

/** Scopes the source (GitHub Enterprise Server) token needs to export: `admin:org, repo`. */
export const SOURCE_SCOPES: readonly string[] = ['admin:org', 'repo'];
