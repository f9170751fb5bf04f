import type { ArchiveUser } from '@/contracts/identities';
import { isRecord } from '@/contracts/json';
import { ArchiveIdentityError } from './archive-identity-error';

/** `users_000001.json`, … in GitHub's migration archive (one JSON array of user records per file). */
export const USERS_FILE = /^users_\d+\.json$/;
/** Bytes one users file may have (it is parsed whole): ~40,000 users at GitHub's ~400 bytes a record. */
export const MAX_USERS_FILE_BYTES = 16 * 1024 * 1024;
/** E-mails kept per user: a record cannot grow the map's rows. */
const MAX_EMAILS = 10;
// eslint-disable-next-line no-control-regex -- control characters (NUL…) are what is refused
export const CONTROL = /[\u0000-\u001f\u007f]/;

/** A string from the archive, as shown: none when empty, too long or holding a control character (NUL…). */
function clean(value: unknown, max: number): string | undefined {
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  return trimmed && trimmed.length <= max && !CONTROL.test(trimmed) ? trimmed : undefined;
}

/** A user record's e-mails: GitHub's `emails: [{ address, primary }]` (primary first), or a bare `email`. */
function emailsOf(record: Record<string, unknown>): string[] {
  const listed = Array.isArray(record.emails) ? record.emails.slice(0, MAX_EMAILS) : [];
  const found = listed
    .filter(isRecord)
    .sort((a, b) => Number(b.primary === true) - Number(a.primary === true))
    .map((email) => clean(email.address, 320));
  found.push(clean(record.email, 320));
  const seen = new Set<string>();
  return found.filter((email): email is string => {
    if (!email || !email.includes('@') || seen.has(email.toLowerCase())) return false;
    seen.add(email.toLowerCase());
    return true;
  });
}

/**
 * The users of one `users_*.json` (pure). A file that is not a JSON array is refused with its name; a record that
 * is not a user, or whose login is unusable, is skipped.
 */
export function parseArchiveUsers(fileName: string, body: Buffer): ArchiveUser[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.toString('utf8'));
  } catch {
    throw new ArchiveIdentityError(`${fileName} is not valid JSON.`);
  }
  if (!Array.isArray(parsed)) throw new ArchiveIdentityError(`${fileName} is not a JSON array.`);
  return parsed.flatMap((record): ArchiveUser[] => {
    if (!isRecord(record) || (record.type !== undefined && record.type !== 'user')) return [];
    const login = clean(record.login, 100);
    if (!login) return [];
    return [{ login, name: clean(record.name, 256) ?? null, emails: emailsOf(record) }];
  });
}

/** Users of several files or archives as one list, merged by login (case aside), their e-mails joined. */
export function mergeArchiveUsers(
  into: Map<string, ArchiveUser>,
  users: readonly ArchiveUser[],
  max: number,
) {
  for (const user of users) {
    const key = user.login.toLowerCase();
    const known = into.get(key);
    if (!known) {
      if (into.size >= max) return false;
      into.set(key, { ...user, emails: [...user.emails] });
      continue;
    }
    known.name ??= user.name;
    for (const email of user.emails)
      if (
        known.emails.length < MAX_EMAILS &&
        !known.emails.some((e) => e.toLowerCase() === email.toLowerCase())
      )
        known.emails.push(email);
  }
  return true;
}
