import type { Mannequin, Member, Suggestion } from '@/contracts/identities';

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
 * Who each unclaimed mannequin probably is among the target's members: the member with the same e-mail
 * (case-insensitive; the mannequin's is the source's, the member's the public one of the profile) first, else the
 * member with the same login. Pure; a key two members share suggests nobody.
 */
export function suggestIdentities(
  mannequins: readonly Mannequin[],
  members: readonly Member[],
): Suggestion[] {
  const byEmail = uniqueBy(members, (member) => key(member.email));
  const byLogin = uniqueBy(members, (member) => key(member.login));
  const suggestions: Suggestion[] = [];
  for (const mannequin of mannequins) {
    if (mannequin.claimant) continue;
    const email = key(mannequin.email);
    const sameEmail = email ? byEmail.get(email) : undefined;
    if (sameEmail) {
      suggestions.push({ mannequinId: mannequin.id, targetUser: sameEmail.login, why: 'email' });
      continue;
    }
    const sameLogin = byLogin.get(key(mannequin.login));
    if (sameLogin) suggestions.push({ mannequinId: mannequin.id, targetUser: sameLogin.login, why: 'login' });
  }
  return suggestions;
}
