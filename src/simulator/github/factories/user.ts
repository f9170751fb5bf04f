import type { components } from '@octokit/openapi-types';

export type SimpleUser = components['schemas']['simple-user'];

export interface SimAccount {
  id: number;
  login: string;
  type: 'User' | 'Organization';
  name: string;
  email: string | null;
  createdAt: string;
}

function nodeId(prefix: string, id: number): string {
  return Buffer.from(`${prefix}:${id}`).toString('base64').replace(/=+$/, '');
}

export function buildSimpleUser(account: SimAccount, api: string, web: string): SimpleUser {
  const url = `${api}/users/${account.login}`;
  return {
    login: account.login,
    id: account.id,
    node_id: nodeId(account.type === 'User' ? 'U' : 'O', account.id),
    avatar_url: `${web}/avatars/${account.login}.png`,
    gravatar_id: '',
    url,
    html_url: `${web}/${account.login}`,
    followers_url: `${url}/followers`,
    following_url: `${url}/following{/other_user}`,
    gists_url: `${url}/gists{/gist_id}`,
    starred_url: `${url}/starred{/owner}{/repo}`,
    subscriptions_url: `${url}/subscriptions`,
    organizations_url: `${url}/orgs`,
    repos_url: `${url}/repos`,
    events_url: `${url}/events{/privacy}`,
    received_events_url: `${url}/received_events`,
    type: account.type,
    site_admin: false,
    user_view_type: 'public',
  };
}

export function buildPrivateUser(account: SimAccount, api: string, web: string, counts: { repos: number }) {
  return {
    ...buildSimpleUser(account, api, web),
    // The description's discriminator maps `private` → private-user (you looking at yourself); `public` would
    // select public-user, which forbids the private fields below.
    user_view_type: 'private',
    name: account.name,
    company: null,
    blog: '',
    location: null,
    email: account.email,
    hireable: null,
    bio: null,
    twitter_username: null,
    public_repos: counts.repos,
    public_gists: 0,
    followers: 0,
    following: 0,
    created_at: account.createdAt,
    updated_at: account.createdAt,
    private_gists: 0,
    total_private_repos: 0,
    owned_private_repos: 0,
    disk_usage: 0,
    collaborators: 0,
    two_factor_authentication: true,
    notification_email: account.email,
  };
}

export function buildOrganizationSimple(account: SimAccount, api: string, web: string) {
  const url = `${api}/orgs/${account.login}`;
  return {
    login: account.login,
    id: account.id,
    node_id: nodeId('O', account.id),
    url,
    repos_url: `${url}/repos`,
    events_url: `${url}/events`,
    hooks_url: `${url}/hooks`,
    issues_url: `${url}/issues`,
    members_url: `${url}/members{/member}`,
    public_members_url: `${url}/public_members{/member}`,
    avatar_url: `${web}/avatars/${account.login}.png`,
    description: account.name,
  };
}
