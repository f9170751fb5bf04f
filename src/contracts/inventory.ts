import { finiteNumberOf, isRecord } from './json';

/**
 * Before the move (issue 49): what each source repository leaves behind (GitHub Enterprise Importer never carries
 * it) and what blocks its import, read from the source without cloning. Facts and sources:
 * `../shared/reference/organization-move.md` §1, and `docs/moves.md` ("What stays behind").
 */
export const LEFT_BEHIND_KINDS = [
  'lfs',
  'webhooks',
  'actions-secrets',
  'actions-variables',
  'environments',
  'deploy-keys',
  'packages',
  'wiki',
  'pages',
  'discussions',
  'projects',
  'rulesets',
  'tag-protection',
  'runners',
  'apps',
  'code-scanning-alerts',
  'secret-scanning-alerts',
  'teams-and-access',
] as const;
export type LeftBehindKind = (typeof LEFT_BEHIND_KINDS)[number];

export const isLeftBehindKind = (value: unknown): value is LeftBehindKind =>
  typeof value === 'string' && (LEFT_BEHIND_KINDS as readonly string[]).includes(value);

/**
 * Who handles a kind: `arrives` — GEI carries it (nothing to do, a note at most); `user` — the team must redo it
 * on the target by hand (or with the tool named). A repository with a `user` kind "needs work".
 */
export type LeftBehindHandling = 'arrives' | 'user';

export interface LeftBehindWords {
  /** What it is, as a column heading. */
  label: string;
  handling: LeftBehindHandling;
  /** What happens to it in the move, and what the team must do. */
  todo: string;
  /** Where Ferry read it from on the source (REST path or GraphQL field), for the docs and the page. */
  readFrom: string;
}

export const LEFT_BEHIND_WORDS: Record<LeftBehindKind, LeftBehindWords> = {
  lfs: {
    label: 'Git LFS',
    handling: 'user',
    todo: 'GEI moves the pointers, not the LFS objects: push them after the move (git lfs fetch --all, then git lfs push --all to the target).',
    readFrom:
      'GraphQL object(expression: "HEAD:.gitattributes"); the tree (REST git/trees, recursive) for the files it tracks',
  },
  webhooks: {
    label: 'Webhooks',
    handling: 'user',
    todo: 'They arrive disabled and without their secret: give each its secret on the target, then turn it on.',
    readFrom: 'REST GET /repos/{owner}/{repo}/hooks',
  },
  'actions-secrets': {
    label: 'Actions secrets',
    handling: 'user',
    todo: 'Not moved, and their values cannot be read: set each again on the target.',
    readFrom: 'REST GET /repos/{owner}/{repo}/actions/secrets (names only)',
  },
  'actions-variables': {
    label: 'Actions variables',
    handling: 'user',
    todo: 'Not moved: create them again on the target (their values are readable on the source).',
    readFrom: 'REST GET /repos/{owner}/{repo}/actions/variables',
  },
  environments: {
    label: 'Environments',
    handling: 'user',
    todo: 'Not moved: create each with its protection rules, reviewers (mapped to target users and teams), secrets and variables.',
    readFrom: 'GraphQL environments { name protectionRules }',
  },
  'deploy-keys': {
    label: 'Deploy keys',
    handling: 'user',
    todo: 'Not moved: add each public key again on the target (a key serves one repository on GitHub.com).',
    readFrom: 'GraphQL deployKeys { title readOnly }',
  },
  packages: {
    label: 'Packages',
    handling: 'user',
    todo: 'Not moved: publish them again on the target and link them to the repository.',
    readFrom: 'REST GET /orgs/{org}/packages?package_type=… (one per type, for the organization)',
  },
  wiki: {
    label: 'Wiki',
    handling: 'arrives',
    todo: 'Moved with the repository.',
    readFrom: 'GraphQL hasWikiEnabled',
  },
  pages: {
    label: 'Pages',
    handling: 'arrives',
    todo: 'Its settings are moved; a custom domain must be pointed at the new site.',
    readFrom: 'REST repository listing: has_pages',
  },
  discussions: {
    label: 'Discussions',
    handling: 'user',
    todo: 'Not moved from GitHub Enterprise Server: export what must be kept before the move.',
    readFrom: 'GraphQL discussions { totalCount }',
  },
  projects: {
    label: 'Projects',
    handling: 'user',
    todo: 'Projects (the new kind) are not moved: rebuild them on the target.',
    readFrom: 'GraphQL projectsV2 { totalCount }',
  },
  rulesets: {
    label: 'Rulesets',
    handling: 'user',
    todo: 'Repository rulesets are not moved: create them again on the target.',
    readFrom: 'GraphQL rulesets(includeParents: false)',
  },
  'tag-protection': {
    label: 'Tag protection',
    handling: 'user',
    todo: 'Not moved, and retired on GitHub.com: protect the same tags with a tag ruleset on the target.',
    readFrom: 'REST GET /repos/{owner}/{repo}/tags/protection',
  },
  runners: {
    label: 'Self-hosted runners',
    handling: 'user',
    todo: 'Not moved: register each runner with the target repository.',
    readFrom: 'REST GET /repos/{owner}/{repo}/actions/runners',
  },
  apps: {
    label: 'Installed apps',
    handling: 'user',
    todo: 'Not moved: register the app on the target and install it there.',
    readFrom: 'REST GET /orgs/{org}/installations (installations on all repositories)',
  },
  'code-scanning-alerts': {
    label: 'Code scanning alerts',
    handling: 'user',
    todo: 'Not moved: gh gei migrate-code-scanning-alerts carries the default branch’s results and dismissals.',
    readFrom: 'REST GET /orgs/{org}/code-scanning/alerts?state=open (for the organization)',
  },
  'secret-scanning-alerts': {
    label: 'Secret scanning alerts',
    handling: 'user',
    todo: 'Their states are not moved: gh gei migrate-secret-alerts carries the resolutions.',
    readFrom: 'REST GET /orgs/{org}/secret-scanning/alerts?state=open (for the organization)',
  },
  'teams-and-access': {
    label: 'Teams and access',
    handling: 'user',
    todo: 'Teams, team access and outside collaborators are not moved: only organization owners can reach the repository until they are granted again.',
    readFrom:
      'GraphQL organization.teams { repositories { permission } }; collaborators(affiliation: OUTSIDE)',
  },
};

/** One kind on one repository: how many, and which (names, bounded; values never). */
export interface LeftBehind {
  kind: LeftBehindKind;
  count: number;
  detail: string;
}

/** What stops the import: GitHub's limits, found without cloning (`docs/moves.md`, "What blocks"). */
export type BlockerCheck = 'file-size' | 'ref-names';

/**
 * Per file during a GEI import (docs reusable `limitations-of-migration-tooling.md`: "no single file … can be
 * larger than 400 MiB"). The older page (`limitations-of-migrated-data.md`) says GitHub.com's own 100 MB: that
 * is what a push after the move meets, so a file between the two imports but is worth a warning.
 */
export const GEI_FILE_LIMIT_BYTES = 400 * 1024 * 1024;
export const GITHUB_FILE_LIMIT_BYTES = 100 * 1000 * 1000;
/** A ref's full name (`refs/heads/…`) in UTF-8 bytes (same page). */
export const REF_NAME_LIMIT_BYTES = 255;

export type Readiness = 'ready' | 'needs-work' | 'blocked';
export const READINESS_WORDS: Record<Readiness, string> = {
  ready: 'Ready',
  'needs-work': 'Needs work',
  blocked: 'Blocked',
};

/** The organization's part, read once per inventory: apps installed on chosen repositories (which, unknown). */
export interface OrganizationInventory {
  login: string;
  readAt: string;
  /** Apps installed on chosen repositories only: GitHub does not say which to a token. */
  selectedApps: string[];
}

/** What a preview says of the inventory it used. */
export interface InventorySummary {
  /** When the oldest repository of this preview was read (its age shown). */
  readAt: string;
  /** Read by this preview (missing or asked to refresh), else taken from the store. */
  fresh: boolean;
  /** What reading cost this preview: REST requests and GraphQL queries GitHub counted on the source. */
  requests: { rest: number; graphql: number };
  organization: OrganizationInventory;
}

/** A preview repository's readiness: blocked by a failing check, else needs work for a `user` kind, else ready. */
export function readinessOf(repo: { ready: boolean; leftBehind?: readonly LeftBehind[] }): Readiness {
  if (!repo.ready) return 'blocked';
  return (repo.leftBehind ?? []).some((item) => LEFT_BEHIND_WORDS[item.kind].handling === 'user')
    ? 'needs-work'
    : 'ready';
}

/** `leftBehind` of an answer, checked at the edge: unknown kinds and malformed entries are dropped. */
export function parseLeftBehind(value: unknown): LeftBehind[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item) => {
    if (!isRecord(item) || !isLeftBehindKind(item.kind)) return [];
    const count = finiteNumberOf(item.count);
    if (count === undefined || count < 0) return [];
    return [{ kind: item.kind, count, detail: typeof item.detail === 'string' ? item.detail : '' }];
  });
}
