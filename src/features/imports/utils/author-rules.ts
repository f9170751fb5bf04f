import type { CommitAuthor } from '@/contracts/github/source-import';

/** An email as Git accepts it for an author: something, one `@`, something; no spaces or angle brackets. */
export function emailProblem(email: string): string | undefined {
  if (email.trim() === '') return 'Enter an email address.';
  if (/[\s<>]/.test(email)) return 'An email cannot contain spaces or < >.';
  if (!/^[^@]+@[^@]+$/.test(email)) return 'An email needs exactly one @ with text on both sides.';
  return undefined;
}

export function nameProblem(name: string): string | undefined {
  if (name.trim() === '') return 'Enter a name.';
  if (/[<>\n\r]/.test(name)) return 'A name cannot contain < > or line breaks.';
  return undefined;
}

const OPAQUE_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * "Still as the importer synthesised it": for a source that only knows a bare username, the importer makes the
 * identity `username <username@OPAQUE-ID>` (GitHub's example: `svner <svner@fc7da526-431c-80fe-3c8c-c148ff18d7ef>`).
 * So: the email is the remote name, `@`, an opaque identifier (a UUID); and the name is still the remote name.
 */
export function isSynthesised(author: Pick<CommitAuthor, 'remoteName' | 'name' | 'email'>): boolean {
  const at = author.email.lastIndexOf('@');
  if (at <= 0) return false;
  const local = author.email.slice(0, at);
  const domain = author.email.slice(at + 1);
  return OPAQUE_ID.test(domain) && local === author.remoteName && author.name === author.remoteName;
}
