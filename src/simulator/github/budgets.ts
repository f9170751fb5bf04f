import type { SimToken } from './seed';

/**
 * Whose primary budget an identity spends. On GitHub the limit is per user: all of a user's personal tokens
 * (classic, fine-grained, OAuth) share one 5,000 an hour. An App installation, an App's JWT and anonymous
 * callers each have their own. `identity` is what `identify` calls the caller: a token's value,
 * `installation:<id>`, `app:<id>` or `anonymous`.
 */
export function budgetOf(tokens: ReadonlyMap<string, SimToken>, identity: string): string {
  const token = tokens.get(identity);
  if (!token) return identity;
  if (token.installationId !== undefined) return `installation:${token.installationId}`;
  return token.login ? `user:${token.login.toLowerCase()}` : identity;
}
