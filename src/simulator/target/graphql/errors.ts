import type { GraphQLError } from 'graphql';
import { githubError } from '@/simulator/graphql/github-error';
import type { Caller } from '../world';

export { githubError };

/** GEI answers only classic PATs: App installations and fine-grained tokens get GitHub's refusal. */
export function requireClassic(caller: Caller): asserts caller is Caller & { login: string } {
  if (caller.kind === 'installation')
    throw githubError('FORBIDDEN', 'Resource not accessible by integration');
  if (caller.kind === 'fine-grained')
    throw githubError('FORBIDDEN', 'Resource not accessible by personal access token');
}

/** GitHub's message when a classic token lacks a scope a field needs. */
export function requireScopes(caller: Caller, field: string, anyOf: string[][]): void {
  if (anyOf.some((all) => all.every((scope) => caller.scopes.includes(scope)))) return;
  const wanted = anyOf.map((all) => all.join(', ')).join("', '");
  const granted = caller.scopes.map((scope) => `'${scope}'`).join(', ');
  throw githubError(
    'INSUFFICIENT_SCOPES',
    `Your token has not been granted the required scopes to execute this query. The '${field}' field requires one of the following scopes: ['${wanted}'], but your token has only been granted the: [${granted}] scopes. Please modify your token's scopes at: https://github.com/settings/tokens.`,
  );
}

export function notResolvable(id: string): GraphQLError {
  return githubError('NOT_FOUND', `Could not resolve to a node with the global id of '${id.slice(0, 100)}'`);
}
