import type { ArchiveUser, Mannequin, Member, PersonSuggestion, Suggestion } from '@/contracts/identities';

const key = (value: string | null | undefined) => (value ?? '').trim().toLowerCase();

/** Members by a key, only where the key names exactly one member: an ambiguous match suggests nobody. */
function uniqueBy(members: readonly Member[], keyOf: (member: Member) => string): Map<string, Member | null> {
  const found = new Map<string, Member | null>();
  for (const member of members) {
    const k = keyOf(member);
    if (!k) continue;
    found.set(k, found.has(k) ? null : member);
  }
  return found;
}

/**
 * Who someone probably is among the target's members (pure): the member with one of their e-mails (case and
 * spaces aside; the member's is the public one of the profile) first, else the member with the same login. A
 * key two members share suggests nobody.
 */
export function personSuggester(members: readonly Member[]) {
  const byEmail = uniqueBy(members, (member) => key(member.email));
  const byLogin = uniqueBy(members, (member) => key(member.login));
  return (person: { login?: string; emails: readonly (string | null)[] }): PersonSuggestion | undefined => {
    for (const email of person.emails) {
      const same = key(email) ? byEmail.get(key(email)) : undefined;
      if (same) return { targetUser: same.login, why: 'email' };
    }
    const same = person.login ? byLogin.get(key(person.login)) : undefined;
    return same ? { targetUser: same.login, why: 'login' } : undefined;
  };
}

/**
 * For each unclaimed mannequin: the member with its e-mail; where GitHub gives the mannequin none (GitHub.com's
 * often lack one), the member with an e-mail of the archive's user of the same login (`archive-email`); else the
 * member with its login.
 */
export function suggestIdentities(
  mannequins: readonly Mannequin[],
  members: readonly Member[],
  archiveUsers: readonly ArchiveUser[] = [],
): Suggestion[] {
  const suggest = personSuggester(members);
  const archived = new Map(archiveUsers.map((user) => [key(user.login), user]));
  const suggestions: Suggestion[] = [];
  for (const mannequin of mannequins) {
    if (mannequin.claimant) continue;
    const own = suggest({ emails: [mannequin.email] });
    const fromArchive = key(mannequin.email)
      ? undefined
      : suggest({ emails: archived.get(key(mannequin.login))?.emails ?? [] });
    const found =
      own ??
      (fromArchive ? { ...fromArchive, why: 'archive-email' as const } : undefined) ??
      suggest({ login: mannequin.login, emails: [] });
    if (found) suggestions.push({ mannequinId: mannequin.id, ...found });
  }
  return suggestions;
}
