import type { LeftBehindKind } from '@/contracts/inventory';

/**
 * What the inventory keeps (issue 49): the facts as read, never the composed lists, so a repository read last
 * week and an organization part read today compose alike. Names only, never a value (secrets are never readable;
 * variables' values are not kept either: the next issue reads them when it copies them).
 */
export interface RepositoryFacts {
  name: string;
  readAt: string;
  hooks: { url: string; active: boolean }[];
  secrets: string[];
  variables: string[];
  runners: string[];
  tagProtections: string[];
  environments: { name: string; rules: string[] }[];
  deployKeys: { title: string; readOnly: boolean }[];
  rulesets: string[];
  projects: string[];
  /** Counted, not named. */
  projectsCount: number;
  discussions: number;
  hasWiki: boolean;
  hasPages: boolean;
  outsideCollaborators: { login: string; permission: string }[];
  /** `filter=lfs` patterns of `.gitattributes`, and the tree's files they match. */
  lfs: { patterns: string[]; files: number };
  /** Files over GitHub.com's 100 MB, largest first (at most 20). */
  largeFiles: { path: string; bytes: number }[];
  longRefs: string[];
  treeTruncated?: boolean;
  refsPartial?: boolean;
  unread: { kind: LeftBehindKind | 'tree' | 'refs'; reason: string }[];
}

/** The organization's part: one read serves every repository of it. */
export interface OrganizationFacts {
  login: string;
  readAt: string;
  /** Repository name (lower case) → the teams that reach it, with their permission. */
  teams: Record<string, { team: string; permission: string }[]>;
  appsOnAll: string[];
  appsOnSelected: string[];
  /** Repository name (lower case) → package names. */
  packages: Record<string, string[]>;
  codeScanningAlerts: Record<string, number>;
  secretScanningAlerts: Record<string, number>;
  unread: { kind: LeftBehindKind; reason: string }[];
}

/** Lists kept per repository are cut here (a hostile or huge source cannot grow the store without bound). */
export const MAX_NAMES = 100;

/** A repository's facts before anything is read of it (each read fills its part). */
export function emptyFacts(name: string, readAt: string): RepositoryFacts {
  return {
    name,
    readAt,
    hooks: [],
    secrets: [],
    variables: [],
    runners: [],
    tagProtections: [],
    environments: [],
    deployKeys: [],
    rulesets: [],
    projects: [],
    projectsCount: 0,
    discussions: 0,
    hasWiki: false,
    hasPages: false,
    outsideCollaborators: [],
    lfs: { patterns: [], files: 0 },
    largeFiles: [],
    longRefs: [],
    unread: [],
  };
}
