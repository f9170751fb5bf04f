import type {
  IdentitiesAnswer,
  IdentityDraft,
  InvitationState,
  Mannequin,
  ReclaimAnswer,
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
  /** Whom an invitation went to (invited), who accepted (accepted) or was given the mannequin (reattributed). */
  invitee?: string;
}

const sameLogin = (a: string | undefined, b: string | undefined) =>
  (a ?? '').trim().toLowerCase() === (b ?? '').trim().toLowerCase();

/**
 * One row per mannequin: its suggestion, the map's choice, and its invitation's state — claimant set: reattributed
 * when Ferry reattributed it to that member (EMU), else accepted; an invitation sent: invited.
 */
export function identityRows(answer: IdentitiesAnswer): IdentityRow[] {
  const suggestions = new Map(answer.suggestions.map((s) => [s.mannequinId, s]));
  const drafts = new Map(answer.drafts.map((d) => [d.mannequinId, d]));
  const invitations = new Map(answer.invitations.map((i) => [i.mannequinId, i]));
  const reattributions = new Map((answer.reattributions ?? []).map((r) => [r.mannequinId, r]));
  return answer.mannequins.map((mannequin) => {
    const draft = drafts.get(mannequin.id);
    const sent = invitations.get(mannequin.id);
    const suggestion = suggestions.get(mannequin.id);
    const claimant = mannequin.claimant?.login;
    const invitation: InvitationState = claimant
      ? sameLogin(reattributions.get(mannequin.id)?.targetUser, claimant)
        ? 'reattributed'
        : 'accepted'
      : sent
        ? 'invited'
        : 'none';
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

/**
 * The refusal a row still shows from the last sending: only while the row maps to the member refused. A row
 * remapped since (another member, or nobody) drops it: the refusal was of the old mapping.
 */
export function standingRefusal(
  row: IdentityRow,
  result: ReclaimAnswer['results'][number] | undefined,
): string | undefined {
  if (result?.result !== 'refused' || !sameLogin(result.targetUser, row.chosen)) return undefined;
  return result.reason ?? 'GitHub gave no reason.';
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
    !row.mannequin.claimant &&
    !(row.invitation === 'invited' && row.invitee?.toLowerCase() === row.chosen.toLowerCase())
      ? [{ mannequinId: row.mannequin.id, targetUser: row.chosen }]
      : [],
  );
}
