import type { SecondaryLimitAnswer } from './faults';
import type { SimClock } from '../clock';
import type { CrowdRef } from './crowd';
import type { RepositoryCounts } from '@/simulator/graphql/repository-counts';
import { nodeId } from './ids';
import type { TargetRuleset } from './rulesets';
import type { ImportedHook, SettlingState } from './settling-state';
import {
  seedTargetOrg,
  seedTargetTokens,
  seedTargetUsers,
  type TargetOrg,
  type TargetToken,
  type TargetUser,
} from './seed';

/** What an import counts of a repository, as validators read them (both GitHubs answer them). */
export type { RepositoryCounts };

/** What an archive gave a repository (counts as validators read them). */
export interface ImportedRepo extends RepositoryCounts {
  /** Branch protection rules from the archive's `protected_branches_*.json` (absent in worlds saved before). */
  protectedBranches?: number;
  owner: string;
  name: string;
  nodeId: string;
  databaseId: number;
  visibility: 'private' | 'public' | 'internal';
  /** The source repository's webhooks the import brought (laid down disabled, without secrets; absent before). */
  hooks?: ImportedHook[];
}

/** A metadata author with no account on the target: becomes a mannequin when the import succeeds. */
export interface MannequinSeed {
  login: string;
  email: string | null;
  name: string | null;
}

export type MigrationOutcome =
  | {
      ok: true;
      repo: ImportedRepo;
      mannequins: MannequinSeed[];
      warnings: string[];
      /** A large source organization's people (crowd.ts), kept by reference: they arrive as mannequins too. */
      crowd?: CrowdRef;
    }
  | { ok: false; state: 'FAILED' | 'FAILED_VALIDATION'; reason: string };

export interface TargetMigration {
  id: string;
  databaseId: string;
  sourceId: string;
  orgLogin: string;
  repositoryName: string;
  sourceUrl: string;
  continueOnError: boolean;
  createdAt: number;
  /** Who started it: the import's own work is charged to this account (gh-gei#1425). */
  startedBy: string;
  /** How long it stays IN_PROGRESS, then PENDING_VALIDATION (ms). */
  runMs: number;
  validationMs: number;
  /** Scenario/fault: never leaves PENDING_VALIDATION. */
  stuck: boolean;
  outcome: MigrationOutcome;
  /** Its archives could not be had (missing, used, expired): FAILED from the start, as on GitHub; no slot taken. */
  failsAtOnce?: boolean;
  abortedAt?: number;
  /** Points the import's own work costs its starter when it ends. */
  importPoints: number;
}

export interface MigrationSource {
  id: string;
  name: string;
  url: string;
  type: 'AZURE_DEVOPS' | 'BITBUCKET_SERVER' | 'GITHUB_ARCHIVE';
  ownerId: string;
}

export interface AttributionInvitation {
  mannequinLogin: string;
  targetLogin: string;
  createdAt: number;
}

export interface TargetState {
  /** Start of the first rate-limit hour; windows are whole hours from here. */
  originMs: number;
  org: TargetOrg;
  users: TargetUser[];
  tokens: Map<string, TargetToken>;
  sources: MigrationSource[];
  migrations: TargetMigration[];
  invitations: AttributionInvitation[];
  /** Mannequins reattributed (EMU only): mannequin login → user login. */
  claims: Map<string, string>;
  /** GraphQL points spent per account in the current hour: account → [hour index, points]. */
  points: Map<string, [number, number]>;
  /** Secondary-limit points per account in the current minute: account → [minute index, points]. */
  secondary: Map<string, [number, number]>;
  nextSequence: number;
  /** Scenario rules by repository name: arrives short by a tag and a pull request / stays PENDING_VALIDATION. */
  quirks: { lossyRepositories: string[]; stuckRepositories: string[] };
  /** The organization's rulesets (the quirk `rulesets`; absent in worlds saved before). */
  rulesets?: TargetRuleset[];
  /** REST requests answered (not GraphQL, not storage): what a pre-flight's ruleset reads cost. */
  restRequests?: number;
  /** The secondary limit's form on GraphQL (quirk `secondaryLimitAnswer`): 403 unless `graphql` (200). */
  secondaryLimitAnswer?: SecondaryLimitAnswer;
  /** The crowds (crowd.ts) whose accounts have joined the target, by `source:people` (absent in older worlds). */
  crowds?: string[];
  /** Imports whose repository was deleted since (`DELETE /repos/{owner}/{repo}`): their names are free again. */
  deletedImports?: string[];
  /** Teams and per-repository resources a move settles after the import (settling-state.ts; absent before). */
  settling?: SettlingState;
}

export function createTargetState(clock: SimClock): TargetState {
  const now = clock.now();
  return {
    originMs: now,
    org: seedTargetOrg(),
    users: seedTargetUsers(now),
    tokens: seedTargetTokens(),
    sources: [],
    migrations: [],
    invitations: [],
    claims: new Map(),
    points: new Map(),
    secondary: new Map(),
    nextSequence: 1,
    quirks: { lossyRepositories: [], stuckRepositories: [] },
    rulesets: [],
    restRequests: 0,
  };
}

/** A fresh deterministic id for a new object of a type (`MS`, `RM`, …). */
export function nextNodeId(state: TargetState, prefix: string): string {
  return nodeId(prefix, `${state.nextSequence++}`);
}

export function findUser(state: TargetState, login: string): TargetUser | undefined {
  const wanted = login.toLowerCase();
  return state.users.find((user) => user.login.toLowerCase() === wanted);
}
