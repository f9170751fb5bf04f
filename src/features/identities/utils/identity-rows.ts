import type {
  IdentitiesAnswer,
  IdentityDraft,
  InvitationState,
  Mannequin,
  ReclaimRequest,
  Suggestion,
} from '@/contracts/identities';

export interface IdentityRow {
  mannequin: Mannequin;
  suggestion?: Suggestion;
  draft?: IdentityDraft;
  /** The target user chosen in the map ('' for none). */
  chosen: string;
  invitation: InvitationState;
  /** Whom an invitation went to (invited) or who accepted (accepted). */
  invitee?: string;
}

/** One row per mannequin: its suggestion, the map's choice, and its invitation's state (claimant set = accepted). */
export function identityRows(answer: IdentitiesAnswer): IdentityRow[] {
  const suggestions = new Map(answer.suggestions.map((s) => [s.mannequinId, s]));
  const drafts = new Map(answer.drafts.map((d) => [d.mannequinId, d]));
  const invitations = new Map(answer.invitations.map((i) => [i.mannequinId, i]));
  return answer.mannequins.map((mannequin) => {
    const draft = drafts.get(mannequin.id);
    const sent = invitations.get(mannequin.id);
    const suggestion = suggestions.get(mannequin.id);
    const invitation: InvitationState = mannequin.claimant ? 'accepted' : sent ? 'invited' : 'none';
    const invitee = mannequin.claimant?.login ?? sent?.targetUser;
    return {
      mannequin,
      chosen: draft?.targetUser ?? '',
      invitation,
      ...(suggestion ? { suggestion } : {}),
      ...(draft ? { draft } : {}),
      ...(invitee ? { invitee } : {}),
    };
  });
}

/** Draft saves that take each unchosen, unclaimed mannequin's suggestion. */
export function acceptSuggestions(rows: readonly IdentityRow[]) {
  return rows.flatMap((row) =>
    row.suggestion &&
    !row.chosen &&
    !row.draft &&
    !row.mannequin.claimant &&
    row.mannequin.databaseId !== null
      ? [
          {
            mannequinId: row.mannequin.id,
            databaseId: row.mannequin.databaseId,
            targetUser: row.suggestion.targetUser,
            baseVersion: 0,
          },
        ]
      : [],
  );
}

/** What "Send invitations" sends: chosen, not reclaimed, not already invited to that same person. */
export function invitationsToSend(rows: readonly IdentityRow[]): ReclaimRequest['mappings'] {
  return rows.flatMap((row) =>
    row.chosen &&
    row.invitation !== 'accepted' &&
    !(row.invitation === 'invited' && row.invitee?.toLowerCase() === row.chosen.toLowerCase())
      ? [{ mannequinId: row.mannequin.id, targetUser: row.chosen }]
      : [],
  );
}
