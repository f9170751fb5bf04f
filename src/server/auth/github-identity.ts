import { isRecord, stringOf } from '@/contracts/json';
import type { Role } from '@/contracts/session';
import { parseLinkHeader } from '@/lib/link-header';
import {
  fetchBounded,
  readBounded,
  type OutboundBounds,
  type UpstreamFetch,
} from '@/server/outbound/bounded-fetch';

/**
 * What GitHub says of a signed-in person, with their own token (never a credential of Ferry's): who they are
 * (`GET /user`) and their role in the source organization — an owner is `admin`; a member who administers some
 * of its repositories (`permissions.admin` in the organization's listing, as their token sees it) is
 * `self-service` on those; any other member a `viewer`. A non-member signs in to nothing.
 */
export interface Identity {
  login: string;
  name: string | null;
  role: Exclude<Role, 'local'>;
  repositories?: string[];
}

export class SignInRefused extends Error {
  constructor(
    message: string,
    /** GitHub no longer accepts the token (revoked, expired): the session ends. */
    readonly tokenGone = false,
  ) {
    super(message);
  }
}

/** Pages of the organization's repositories read at most (100 each): a self-service person's list is bounded. */
const MAX_PAGES = 10;

export interface GithubReads {
  fetch: UpstreamFetch;
  apiUrl: string;
  bounds: OutboundBounds;
  apiVersion?: string;
}

async function getJson(reads: GithubReads, path: string, token: string) {
  const url = path.startsWith('http') ? path : `${reads.apiUrl.replace(/\/+$/, '')}/${path}`;
  const { response, body } = await fetchBounded(
    reads.fetch,
    url,
    {
      headers: {
        accept: 'application/vnd.github+json',
        authorization: `Bearer ${token}`,
        'x-github-api-version': reads.apiVersion ?? '2022-11-28',
      },
      redirect: 'manual',
    },
    reads.bounds,
  );
  const text = new TextDecoder().decode(await readBounded(body));
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  return { status: response.status, body: parsed, link: response.headers.get('link') };
}

export async function readIdentity(
  reads: GithubReads,
  token: string,
  organization: string,
): Promise<Identity> {
  const user = await getJson(reads, 'user', token);
  if (user.status === 401) throw new SignInRefused('GitHub no longer accepts this sign-in.', true);
  const login = isRecord(user.body) ? stringOf(user.body.login) : undefined;
  if (user.status !== 200 || !login)
    throw new SignInRefused(`GitHub did not say who signed in (${user.status}).`);
  const name = isRecord(user.body) ? (stringOf(user.body.name) ?? null) : null;
  const org = encodeURIComponent(organization);
  const membership = await getJson(reads, `user/memberships/orgs/${org}`, token);
  if (membership.status === 401) throw new SignInRefused('GitHub no longer accepts this sign-in.', true);
  if (membership.status === 404 || membership.status === 403)
    throw new SignInRefused(`${login} is not a member of ${organization}: Ferry signs in its members only.`);
  const body = isRecord(membership.body) ? membership.body : {};
  if (membership.status !== 200 || body.state !== 'active')
    throw new SignInRefused(`${login}'s membership of ${organization} is not active yet.`);
  if (body.role === 'admin') return { login, name, role: 'admin' };
  const repositories: string[] = [];
  let next: string | undefined = `orgs/${org}/repos?per_page=100&type=all`;
  for (let page = 0; next && page < MAX_PAGES; page++) {
    const answer = await getJson(reads, next, token);
    if (answer.status !== 200 || !Array.isArray(answer.body)) break;
    for (const repo of answer.body)
      if (
        isRecord(repo) &&
        isRecord(repo.permissions) &&
        repo.permissions.admin === true &&
        typeof repo.name === 'string'
      )
        repositories.push(repo.name);
    next = parseLinkHeader(answer.link).next;
    // Only GitHub's own pages: a `Link` elsewhere is not followed with the person's token.
    if (next && !next.startsWith(reads.apiUrl)) next = undefined;
  }
  return repositories.length > 0
    ? { login, name, role: 'self-service', repositories }
    : { login, name, role: 'viewer' };
}
