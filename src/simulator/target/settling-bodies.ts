import { hookBody, teamSimple, type Urls } from '../github/inventory/rest-bodies';
import { buildSimpleUser, type SimAccount } from '../github/factories/user';
import { fullRepoJson, orgFullJson } from './rest-bodies';
import type { TargetUser } from './seed';
import type {
  RepoPermission,
  TargetDeployKey,
  TargetEnvironment,
  TargetHook,
  TargetInvitation,
  TargetTeam,
} from './settling-state';
import type { ImportedRepo, TargetState } from './state';
import { iso } from './routes/guard';

/**
 * The target's settling answers in GitHub's shapes (`team`, `team-full`, `team-membership`, `simple-user`,
 * `repository-invitation`, `deploy-key`, `hook`, `environment`), reusing the source's builders where the shape
 * is the same (webhooks, teams, users).
 */
export const WEB = 'https://github.com';

export const urlsOf = (api: string): Urls => ({ api, web: WEB });

export function orgAccount(state: TargetState): SimAccount {
  const { org } = state;
  return {
    id: org.databaseId,
    login: org.login,
    type: 'Organization',
    name: org.name,
    email: null,
    createdAt: iso(state.originMs),
  };
}

export function userJson(user: TargetUser, api: string) {
  const account: SimAccount = {
    id: user.databaseId,
    login: user.login,
    type: 'User',
    name: user.name,
    email: user.email,
    createdAt: user.createdAt,
  };
  return { ...buildSimpleUser(account, api, WEB), node_id: user.nodeId };
}

/** `team` (lists, reviewers): with its parent's `team-simple`. */
export function teamJson(team: TargetTeam, state: TargetState, api: string) {
  const org = orgAccount(state);
  const parent = state.settling?.teams.find((candidate) => candidate.id === team.parentId);
  const simple = (t: TargetTeam) => ({ ...teamSimple(t, org, urlsOf(api)), node_id: t.nodeId });
  return { ...simple(team), parent: parent ? simple(parent) : null };
}

/** `team-full` (one team, a created team); `repos`: the organization's, which its `public_repos` counts. */
export function teamFullJson(team: TargetTeam, state: TargetState, api: string, repos: ImportedRepo[]) {
  return {
    ...teamJson(team, state, api),
    members_count: team.members.filter((member) => member.state === 'active').length,
    repos_count: team.repos.length,
    created_at: iso(team.createdAt),
    updated_at: iso(team.updatedAt),
    organization: orgFullJson(state.org, repos, api, state.originMs),
  };
}

const RANK: Record<RepoPermission, number> = { pull: 0, triage: 1, push: 2, maintain: 3, admin: 4 };
/** Repository permissions as GitHub's role names (`read`, `write`, …). */
export const ROLE_NAMES: Record<RepoPermission, 'read' | 'triage' | 'write' | 'maintain' | 'admin'> = {
  pull: 'read',
  triage: 'triage',
  push: 'write',
  maintain: 'maintain',
  admin: 'admin',
};

/** A repository a team holds (`minimal-repository` with the team's `permissions` and `role_name`). */
export function teamRepoJson(
  repo: ImportedRepo,
  permission: RepoPermission,
  state: TargetState,
  api: string,
) {
  const rank = RANK[permission];
  return {
    ...fullRepoJson(repo, state.org, api, state.originMs),
    permissions: { admin: rank >= 4, maintain: rank >= 3, push: rank >= 2, triage: rank >= 1, pull: true },
    role_name: ROLE_NAMES[permission],
  };
}

export function invitationJson(
  invitation: TargetInvitation,
  repo: ImportedRepo,
  users: { invitee: TargetUser; inviter: TargetUser | undefined },
  state: TargetState,
  api: string,
) {
  return {
    id: invitation.id,
    node_id: `RI_${Buffer.from(`invitation:${invitation.id}`).toString('base64url')}`,
    repository: fullRepoJson(repo, state.org, api, state.originMs),
    invitee: userJson(users.invitee, api),
    inviter: users.inviter ? userJson(users.inviter, api) : null,
    permissions: ROLE_NAMES[invitation.permission],
    created_at: iso(invitation.createdAt),
    expired: false,
    url: `${api}/user/repository-invitations/${invitation.id}`,
    html_url: `${WEB}/${repo.owner}/${repo.name}/invitations`,
  };
}

export function deployKeyJson(key: TargetDeployKey, repo: ImportedRepo, api: string) {
  return {
    id: key.id,
    key: key.key,
    url: `${api}/repos/${repo.owner}/${repo.name}/keys/${key.id}`,
    title: key.title,
    verified: true,
    created_at: iso(key.createdAt),
    read_only: key.readOnly,
    added_by: key.addedBy,
    last_used: null,
    enabled: true,
  };
}

/** `hook`: the source's body, with the target's own settings; a set secret answered as `********` only. */
export function hookJson(hook: TargetHook, repo: ImportedRepo, api: string) {
  const dates = {
    owner: repo.owner,
    name: repo.name,
    createdAt: iso(hook.createdAt),
    pushedAt: iso(hook.updatedAt),
  };
  const body = hookBody({ ...hook, hasSecret: hook.secret !== null }, dates, urlsOf(api));
  return { ...body, config: { ...body.config, insecure_ssl: hook.insecureSsl } };
}

/** `environment`, its protection rules as GitHub lists them (wait timer, reviewers, branch policy). */
export function environmentJson(env: TargetEnvironment, repo: ImportedRepo, state: TargetState, api: string) {
  const ruleId = (n: number) => env.id * 10 + n;
  const ruleNode = (n: number) => `GA_${Buffer.from(`gate:${ruleId(n)}`).toString('base64url')}`;
  const reviewers = env.reviewers.flatMap((reviewer): { type: string; reviewer: object }[] => {
    if (reviewer.type === 'Team') {
      const team = state.settling?.teams.find((candidate) => candidate.id === reviewer.id);
      return team ? [{ type: 'Team', reviewer: teamJson(team, state, api) }] : [];
    }
    const user = state.users.find((candidate) => candidate.databaseId === reviewer.id);
    return user ? [{ type: 'User', reviewer: userJson(user, api) }] : [];
  });
  const rules = [
    ...(env.waitTimer > 0
      ? [{ id: ruleId(1), node_id: ruleNode(1), type: 'wait_timer', wait_timer: env.waitTimer }]
      : []),
    ...(reviewers.length > 0
      ? [
          {
            id: ruleId(2),
            node_id: ruleNode(2),
            type: 'required_reviewers',
            prevent_self_review: env.preventSelfReview,
            reviewers,
          },
        ]
      : []),
    ...(env.branchPolicy ? [{ id: ruleId(3), node_id: ruleNode(3), type: 'branch_policy' }] : []),
  ];
  const path = `${repo.owner}/${repo.name}`;
  return {
    id: env.id,
    node_id: env.nodeId,
    name: env.name,
    url: `${api}/repos/${path}/environments/${encodeURIComponent(env.name)}`,
    html_url: `${WEB}/${path}/deployments/activity_log?environments_filter=${encodeURIComponent(env.name)}`,
    created_at: iso(env.createdAt),
    updated_at: iso(env.updatedAt),
    protection_rules: rules,
    deployment_branch_policy: env.branchPolicy,
  };
}
