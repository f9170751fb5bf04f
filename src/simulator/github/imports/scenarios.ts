import { createHash } from 'node:crypto';

/** The version control systems the importer knows (the `vcs` enum of start-import). */
export const VCS_VALUES = ['subversion', 'git', 'mercurial', 'tfvc'] as const;
export type Vcs = (typeof VCS_VALUES)[number];

export function isVcs(value: unknown): value is Vcs {
  return typeof value === 'string' && (VCS_VALUES as readonly string[]).includes(value);
}

/** The importer's internal steps, as `failed_step` names them (synthetic: GitHub never documented the values). */
export const IMPORT_STEPS = ['detect', 'raw', 'rewrite', 'push'] as const;
export type ImportStep = (typeof IMPORT_STEPS)[number];

/**
 * What the simulated origin at a URL is like. Chosen by words in the source URL (documented in docs/imports.md),
 * so a tester picks a scenario by typing a URL; words combine.
 */
export interface ImportScenario {
  /** The system detection finds when the start request has no `vcs`. */
  detectedVcs: Vcs;
  /** `private` / `needs-auth`: the origin refuses anonymous access. */
  needsAuth: boolean;
  /** `multiple`: several projects at the URL (TFVC style), so a project choice is needed. */
  multipleProjects: boolean;
  /** `nothing` / `not-a-repo`: no source control at the URL. */
  nothing: boolean;
  /** `fail-at-<step>`: the import fails at that step (first attempt only: a restart gets through). */
  failAt?: ImportStep;
  /** `large-files`: files over 100 MB in the history. */
  largeFiles: boolean;
  /** How many commit authors the history has (`authors-10000` gives 10,000; at most 100,000). */
  authorCount: number;
  /** How many raw commits. */
  commitCount: number;
  /** The opaque identifier the importer appends to bare usernames (a UUID per origin). */
  originUuid: string;
}

/** Deterministic bytes for a seed. */
export function digest(seed: string): Buffer {
  return createHash('sha256').update(seed).digest();
}

export function uuidFrom(seed: string): string {
  const hex = digest(seed).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

/** What detection infers from a URL: the scheme or host/path words of each system, git otherwise. */
export function inferVcs(url: string): Vcs {
  const lower = url.toLowerCase();
  if (/^svn(\+ssh)?:|\bsvn\b|subversion/.test(lower)) return 'subversion';
  if (/\btfs\b|tfvc|visualstudio\.com|dev\.azure\.com\/.*_versioncontrol|\$\//.test(lower)) return 'tfvc';
  if (/\bhg\b|mercurial/.test(lower)) return 'mercurial';
  return 'git';
}

/** The most authors an `authors-N` origin has (`authors-100000`, the editor's scale test). */
export const MAX_AUTHORS = 100_000;

export function scenarioFor(url: string): ImportScenario {
  const lower = url.toLowerCase();
  const bytes = digest(lower);
  const failMatch = /fail-at-(detect|raw|rewrite|push)/.exec(lower);
  const authorsMatch = /authors-(\d{1,6})/.exec(lower);
  const requested = authorsMatch ? Number(authorsMatch[1]) : undefined;
  const authorCount =
    requested !== undefined && requested > 0 ? Math.min(requested, MAX_AUTHORS) : 6 + ((bytes[0] ?? 0) % 18);
  return {
    detectedVcs: inferVcs(lower),
    needsAuth: /private|needs-auth/.test(lower),
    multipleProjects: /multiple/.test(lower),
    nothing: /nothing|not-a-repo/.test(lower),
    failAt: failMatch ? (failMatch[1] as ImportStep) : undefined,
    largeFiles: /large-files|big-files/.test(lower),
    authorCount,
    commitCount: Math.max(authorCount * 3, 200 + (bytes.readUInt16BE(2) % 4800)),
    originUuid: uuidFrom(`origin:${lower}`),
  };
}

/** The project choices a multi-project origin offers (TFVC's shape, the only one GitHub published). */
export function projectChoicesFor(url: string): { vcs: string; tfvc_project: string; human_name: string }[] {
  const count = 3 + ((digest(url.toLowerCase())[4] ?? 0) % 2);
  return Array.from({ length: count }, (_, index) => ({
    vcs: 'tfvc',
    tfvc_project: `project${index}`,
    human_name: `project${index} (tfs)`,
  }));
}
