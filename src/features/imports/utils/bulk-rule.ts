import type { AuthorRow } from './author-edits';

/** Map by rule: every author (or every one still synthesised) gets `user@domain`, user from the remote name. */
export interface EmailRule {
  domain: string;
  onlySynthesised: boolean;
}

const DOMAIN =
  /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/i;

/** Why a domain cannot be used, or undefined. */
export function domainProblem(domain: string): string | undefined {
  const value = domain.trim().replace(/^@/, '');
  if (value === '') return 'Enter a domain, e.g. company.com.';
  return DOMAIN.test(value) ? undefined : 'A domain like company.com: letters, digits, hyphens and dots.';
}

/** The user part of a remote name: the name itself, or what precedes `@` when it is already an email. */
export function userOf(remoteName: string): string {
  const at = remoteName.indexOf('@');
  return (at > 0 ? remoteName.slice(0, at) : remoteName).trim().replace(/\s+/g, '.');
}

/** The changes a rule makes (rows it would leave as they are are left out). */
export function ruleChanges(
  rows: readonly AuthorRow[],
  rule: EmailRule,
): { id: number; remoteName: string; name: string; email: string }[] {
  if (domainProblem(rule.domain)) return [];
  const domain = rule.domain.trim().replace(/^@/, '').toLowerCase();
  const changes: { id: number; remoteName: string; name: string; email: string }[] = [];
  for (const row of rows) {
    if (rule.onlySynthesised && !row.synthesised) continue;
    const user = userOf(row.remoteName);
    if (!user) continue;
    const email = `${user}@${domain}`;
    if (email !== row.email) changes.push({ id: row.id, remoteName: row.remoteName, name: row.name, email });
  }
  return changes;
}
