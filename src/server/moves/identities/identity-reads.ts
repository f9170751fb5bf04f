import {
  parseMannequinPage,
  parseMemberPage,
  parseUserNode,
  type Claimant,
  type Mannequin,
  type Member,
  type Page,
} from '@/contracts/identities';
import { isShapeError } from '@/contracts/json';
import { UpstreamFailureError, upstreamError } from '@/server/outbound/upstream-failure';
import type { TargetClient } from '../target-client';
import { TargetGraphqlError } from '../target-errors';
import { IdentityInputError } from './identity-input-error';

/** Pages read per list (100 each: 5,000 mannequins, 5,000 members); past it the answer says the list was cut. */
export const MAX_IDENTITY_PAGES = 50;
/** Logins looked up in one aliased query (`u0: user(login: $u0) { id login }`): no connection, 1 point. */
const USERS_PER_QUERY = 50;

const MANNEQUINS = `query ferryMannequins($login: String!, $after: String) {
  organization(login: $login) { id mannequins(first: 100, after: $after) {
    pageInfo { endCursor hasNextPage } nodes { id databaseId login email claimant { id login } } } }
}`;
const MEMBERS = `query ferryMembers($login: String!, $after: String) {
  organization(login: $login) { membersWithRole(first: 100, after: $after) {
    pageInfo { endCursor hasNextPage } nodes { id login email name } } }
}`;

const shaped = <T>(read: () => T): T => {
  try {
    return read();
  } catch (error) {
    if (isShapeError(error)) throw new UpstreamFailureError(upstreamError(200, error.message));
    throw error;
  }
};

export interface Listed<T> {
  items: T[];
  /** The organization's node id (read with the first page). */
  organizationId?: string;
  cut: boolean;
}

/** Every page of one organization connection, bounded; an organization GitHub does not know is the user's to fix. */
async function allPages<T>(
  client: TargetClient,
  text: string,
  login: string,
  parse: (organization: unknown) => Page<T> | null,
): Promise<Listed<T>> {
  const items: T[] = [];
  let after: string | null = null;
  let organizationId: string | undefined;
  for (let page = 0; page < MAX_IDENTITY_PAGES; page++) {
    const { answer } = await client.query(text, { login, after });
    const organization = answer.data?.organization;
    const read = shaped(() => parse(organization));
    if (!read) {
      const error = answer.errors[0];
      if (!error || error.type === 'NOT_FOUND')
        throw new IdentityInputError(
          `No organization ${login} on the target${error ? `: GitHub says “${error.message}”` : ''}.`,
        );
      throw new TargetGraphqlError(error.message, error.type);
    }
    if (answer.errors[0]) throw new TargetGraphqlError(answer.errors[0].message, answer.errors[0].type);
    const id = (organization as { id?: unknown }).id;
    if (typeof id === 'string') organizationId ??= id;
    items.push(...read.nodes);
    if (!read.hasNextPage || !read.endCursor) return { items, organizationId, cut: false };
    after = read.endCursor;
  }
  return { items, organizationId, cut: true };
}

/** The organization's mannequins, 100 a page, ≤ 50 pages (1 point a page). */
export const listMannequins = (client: TargetClient, login: string) =>
  allPages<Mannequin>(client, MANNEQUINS, login, parseMannequinPage);

/** Its owners and members with the public e-mail of their profile, 100 a page, ≤ 50 pages. */
export const listMembers = (client: TargetClient, login: string) =>
  allPages<Member>(client, MEMBERS, login, parseMemberPage);

/**
 * Node ids of logins (for invitations to people who are not listed as members: GitHub then refuses them in its
 * own words). One aliased query per 50; a login GitHub does not know maps to its message.
 */
export async function userIds(
  client: TargetClient,
  logins: readonly string[],
): Promise<Map<string, Claimant | { missing: string }>> {
  const found = new Map<string, Claimant | { missing: string }>();
  for (let start = 0; start < logins.length; start += USERS_PER_QUERY) {
    const chunk = logins.slice(start, start + USERS_PER_QUERY);
    const variables = chunk.map((_, i) => `$u${i}: String!`).join(', ');
    const fields = chunk.map((_, i) => `u${i}: user(login: $u${i}) { id login }`).join('\n  ');
    const values = Object.fromEntries(chunk.map((login, i) => [`u${i}`, login]));
    const { answer } = await client.query(`query ferryUsers(${variables}) {\n  ${fields}\n}`, values);
    chunk.forEach((login, i) => {
      const user = shaped(() => parseUserNode(answer.data?.[`u${i}`]));
      if (user) return found.set(login.toLowerCase(), user);
      const error = answer.errors.find((e) => e.path?.[0] === `u${i}`);
      if (error && error.type !== 'NOT_FOUND') throw new TargetGraphqlError(error.message, error.type);
      found.set(login.toLowerCase(), {
        missing: error?.message ?? `Could not resolve to a User with the login of '${login}'.`,
      });
    });
  }
  return found;
}
