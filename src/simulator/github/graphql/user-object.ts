import { createHash } from 'node:crypto';
import { nodeId } from '@/simulator/target/ids';
import type { SimAccount } from '../factories/user';
import type { GithubState } from '../state';

export function userObject(account: SimAccount) {
  return {
    __typename: 'User',
    id: nodeId('U', String(account.id)),
    databaseId: account.id,
    login: account.login,
    name: account.name,
  };
}

/**
 * The user of a login the inventory names (a team member, an outside collaborator): the world's account, or one
 * with a stable id derived from the login when the world has none (outside collaborators are not seeded).
 */
export function userOf(state: GithubState, login: string) {
  const account = state.world.accounts.get(login.toLowerCase());
  if (account) return userObject(account);
  const id = 100_000 + (createHash('sha256').update(`user:${login}`).digest().readUInt32BE(0) % 900_000);
  return userObject({ id, login, type: 'User', name: login, email: null, createdAt: '' });
}
