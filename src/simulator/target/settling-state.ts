import type { ImportedRepo, TargetState } from './state';

/**
 * What the target keeps of the resources a move settles after the import (issue 50): the organization's teams,
 * and per imported repository its webhooks, Actions variables and secrets, deploy keys, environments,
 * collaborators and invitations. Plain data (Maps and arrays) so a saved world keeps it; absent in older worlds
 * and created on first use.
 */
export type RepoPermission = 'pull' | 'triage' | 'push' | 'maintain' | 'admin';
export const REPO_PERMISSIONS: readonly RepoPermission[] = ['pull', 'triage', 'push', 'maintain', 'admin'];

export interface TeamMembership {
  login: string;
  role: 'member' | 'maintainer';
  /** `pending` until a user outside the organization accepts (the simulator never accepts for them). */
  state: 'active' | 'pending';
}

export interface TargetTeam {
  id: number;
  nodeId: string;
  slug: string;
  name: string;
  description: string | null;
  privacy: 'closed' | 'secret';
  parentId: number | null;
  members: TeamMembership[];
  /** By repository node id (an import's own id: a deleted and re-imported name is another repository). */
  repos: { repoNodeId: string; permission: RepoPermission }[];
  createdAt: number;
  updatedAt: number;
}

/** A webhook an import brought: the source's URL, content type and events; never its secret. */
export interface ImportedHook {
  url: string;
  contentType: 'json' | 'form';
  events: string[];
}

export interface TargetHook extends ImportedHook {
  id: number;
  active: boolean;
  insecureSsl: '0' | '1';
  /** Kept to sign deliveries (the simulator sends none); answered only as `********`. */
  secret: string | null;
  createdAt: number;
  updatedAt: number;
}

export interface TargetVariable {
  name: string;
  value: string;
  createdAt: number;
  updatedAt: number;
}

/** A secret as GitHub holds it: the sealed box it was sent, opened only by `secretValueForTests`. */
export interface TargetSecret {
  name: string;
  encryptedValue: string;
  createdAt: number;
  updatedAt: number;
}

export interface TargetDeployKey {
  id: number;
  title: string;
  /** The key type and base64 body (the comment dropped, as GitHub stores it). */
  key: string;
  readOnly: boolean;
  addedBy: string;
  createdAt: number;
}

export interface TargetEnvironment {
  id: number;
  nodeId: string;
  name: string;
  waitTimer: number;
  preventSelfReview: boolean;
  reviewers: { type: 'User' | 'Team'; id: number }[];
  branchPolicy: { protected_branches: boolean; custom_branch_policies: boolean } | null;
  variables: TargetVariable[];
  createdAt: number;
  updatedAt: number;
}

export interface TargetInvitation {
  id: number;
  login: string;
  inviter: string;
  permission: RepoPermission;
  createdAt: number;
}

export interface RepoResources {
  hooks: TargetHook[];
  variables: TargetVariable[];
  secrets: TargetSecret[];
  deployKeys: TargetDeployKey[];
  environments: TargetEnvironment[];
  invitations: TargetInvitation[];
  /** Direct collaborators who are organization members (outsiders are invited instead). */
  collaborators: { login: string; permission: RepoPermission }[];
}

export interface SettlingState {
  teams: TargetTeam[];
  repos: Map<string, RepoResources>;
  nextId: number;
}

export function settlingOf(state: TargetState): SettlingState {
  state.settling ??= { teams: [], repos: new Map(), nextId: 1 };
  return state.settling;
}

/** Ids in GitHub's ranges per kind, from one counter (ids never repeat within a world). */
const ID_BASE = {
  team: 9_200_000,
  hook: 480_000_000,
  key: 110_000_000,
  env: 5_300_000_000,
  invite: 270_000_000,
};

export function nextSettlingId(state: TargetState, kind: keyof typeof ID_BASE): number {
  const settling = settlingOf(state);
  return ID_BASE[kind] + settling.nextId++;
}

/** The repository's resources; the first use lays down what its import brought (its webhooks, disabled). */
export function resourcesOf(state: TargetState, repo: ImportedRepo, importedAt: number): RepoResources {
  const settling = settlingOf(state);
  const found = settling.repos.get(repo.nodeId);
  if (found) return found;
  const fresh: RepoResources = {
    hooks: [],
    variables: [],
    secrets: [],
    deployKeys: [],
    environments: [],
    invitations: [],
    collaborators: [],
  };
  for (const hook of repo.hooks ?? [])
    fresh.hooks.push({
      ...hook,
      events: [...hook.events],
      id: nextSettlingId(state, 'hook'),
      active: false,
      insecureSsl: '0',
      secret: null,
      createdAt: importedAt,
      updatedAt: importedAt,
    });
  settling.repos.set(repo.nodeId, fresh);
  return fresh;
}

/** `Name` → `name`, as GitHub derives a team's slug: lower case, runs of other characters one hyphen. */
export function slugOf(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9_]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
