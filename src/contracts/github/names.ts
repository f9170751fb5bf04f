/**
 * GitHub's naming rules, the one copy: the gateway's allow-list validates path segments with them, the SPA's
 * forms check input with them before sending.
 */

/** Logins: alphanumerics and single inner hyphens, at most 39 characters. */
export const LOGIN_PATTERN = /^[A-Za-z0-9](?:[A-Za-z0-9]|-(?=[A-Za-z0-9])){0,38}$/;
/** Repository names: letters, digits, `.`, `-`, `_`; not `.` or `..`. */
export const REPO_NAME_PATTERN = /^(?!\.{1,2}$)[A-Za-z0-9._-]{1,100}$/;
/** Numeric ids as GitHub issues them (no leading zero, within JavaScript's safe integers). */
export const ID_PATTERN = /^[1-9][0-9]{0,15}$/;
/** A TLD in ASCII (IDNs as xn--): one or more dot-separated LDH labels. */
export const TLD_PATTERN =
  /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;

export function isLogin(value: string): boolean {
  return LOGIN_PATTERN.test(value);
}

export function isRepoName(value: string): boolean {
  return REPO_NAME_PATTERN.test(value);
}

export function isRepositoryName(owner: string, repo: string): boolean {
  return isLogin(owner) && isRepoName(repo);
}

export function isId(value: string): boolean {
  return ID_PATTERN.test(value) && Number.isSafeInteger(Number(value));
}

export function isTld(value: string): boolean {
  return TLD_PATTERN.test(value);
}

/** `owner/name` split and checked; undefined when either half breaks GitHub's rules. */
export function parseFullName(value: string): { owner: string; repo: string } | undefined {
  const slash = value.indexOf('/');
  if (slash < 0) return undefined;
  const owner = value.slice(0, slash);
  const repo = value.slice(slash + 1);
  return isRepositoryName(owner, repo) ? { owner, repo } : undefined;
}

/** A repository as a migration's `repositories` list accepts it: `name` or `owner/name`. */
export function isRepoReference(value: string): boolean {
  return value.includes('/') ? parseFullName(value) !== undefined : isRepoName(value);
}
