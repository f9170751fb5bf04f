import { parseAttributionInvitation, type Mannequin, type ReclaimAnswer } from '@/contracts/identities';
import { isShapeError } from '@/contracts/json';
import type { TargetClient } from '../target-client';
import { TargetGraphqlError, TargetRateLimitedError, TargetUnavailableError } from '../target-errors';

/**
 * GitHub's secondary limit for GraphQL: 2,000 points a minute per account, a mutation counting 5. One invitation
 * every 250 ms is 240 a minute — 1,200 points, leaving 800 for the move's own polling on the same token — and
 * 1,000 mappings (a request's bound) take ~4 minutes.
 */
export const INVITATION_SPACING_MS = 250;

/** gh gei's two mutations, the same input and selection (whole-move.md §1.2). */
const mutationOf = (field: 'createAttributionInvitation' | 'reattributeMannequinToUser') =>
  `mutation ferryReclaim($ownerId: ID!, $sourceId: ID!, $targetId: ID!) {
  ${field}(input: { ownerId: $ownerId, sourceId: $sourceId, targetId: $targetId }) {
    source { ... on Mannequin { id login } } target { ... on User { id login } } }
}`;

/** Refusals of the credential itself, not of one mapping: the first stops the sending (threats: "says so once"). */
const CREDENTIAL_REFUSALS = ['FORBIDDEN', 'INSUFFICIENT_SCOPES'];

export interface Invitation {
  mannequin: Mannequin;
  targetUser: string;
  targetId: string;
}

export interface SendOptions {
  client: TargetClient;
  organizationId: string;
  /** Waits until this credential's next mutation slot (shared by a team's gateways through the store). */
  pace: () => Promise<void>;
  /** Called as soon as GitHub accepted an invitation, before the next is sent (not for a reattribution). */
  sent: (invitation: Invitation) => Promise<void>;
  /** Called as soon as GitHub reattributed a mannequin (`skipInvitation`), before the next is sent. */
  reattributed?: (invitation: Invitation) => Promise<void>;
  /**
   * `reattributeMannequinToUser` (EMU only). GitHub refuses it per organization, so its refusal
   * (UNPROCESSABLE) before any success stops the sending: one request, not one per mapping.
   */
  skipInvitation?: boolean;
}

type Result = ReclaimAnswer['results'][number];
const isDone = (result: Result) => result.result !== 'refused';

/**
 * `createAttributionInvitation` per mapping, one at a time, paced. A mapping GitHub refuses (not a member, already
 * claimed) is answered with GitHub's words and the rest go on; a refusal of the credential, a limit or GEI's
 * outage stops the sending: thrown when nothing was sent yet, else the rest answered "not sent".
 */
export async function sendInvitations(
  invitations: readonly Invitation[],
  options: SendOptions,
): Promise<{ results: Result[]; retryAfterSeconds?: number }> {
  const results: Result[] = [];
  const answer = (invitation: Invitation, result: Result['result'], reason?: string): Result => ({
    mannequinId: invitation.mannequin.id,
    targetUser: invitation.targetUser,
    result,
    ...(reason ? { reason } : {}),
  });
  const stop = (from: number, reason: string) => {
    for (const rest of invitations.slice(from)) results.push(answer(rest, 'refused', `Not sent: ${reason}`));
  };
  const field = options.skipInvitation ? 'reattributeMannequinToUser' : 'createAttributionInvitation';
  for (const [index, invitation] of invitations.entries()) {
    await options.pace();
    let exchange;
    try {
      exchange = await options.client.query(mutationOf(field), {
        ownerId: options.organizationId,
        sourceId: invitation.mannequin.id,
        targetId: invitation.targetId,
      });
    } catch (error) {
      if (results.length === 0) throw error;
      if (error instanceof TargetRateLimitedError) {
        stop(index, `GitHub’s rate limit (“${error.message}”); send again later.`);
        return { results, retryAfterSeconds: error.retryAfterSeconds };
      }
      if (error instanceof TargetUnavailableError) {
        stop(index, `GitHub says “${error.message}”`);
        return { results, retryAfterSeconds: 60 };
      }
      // No answer: GitHub may or may not have created this one; the mannequins' next read tells.
      stop(
        index,
        `no answer from GitHub (${error instanceof Error ? error.message : 'unknown'}); read the mannequins again before sending.`,
      );
      return { results };
    }
    const { answer: graphql } = exchange;
    const error = graphql.errors[0];
    if (error && CREDENTIAL_REFUSALS.includes(error.type ?? '')) {
      if (results.length === 0) throw new TargetGraphqlError(error.message, error.type);
      stop(index, `GitHub says “${error.message}”`);
      return { results };
    }
    if (options.skipInvitation && error?.type === 'UNPROCESSABLE' && !results.some(isDone)) {
      // Not an organization of Enterprise Managed Users: the rest would be refused alike.
      results.push(answer(invitation, 'refused', error.message));
      stop(index + 1, `GitHub says “${error.message}”`);
      return { results };
    }
    let created;
    try {
      created = parseAttributionInvitation(graphql.data?.[field]);
    } catch (shape) {
      if (!isShapeError(shape)) throw shape;
      created = null;
    }
    if (created && created.sourceId === invitation.mannequin.id && created.targetId === invitation.targetId) {
      if (options.skipInvitation) {
        await options.reattributed?.(invitation);
        results.push(answer(invitation, 'reattributed'));
      } else {
        await options.sent(invitation);
        results.push(answer(invitation, 'invited'));
      }
    } else {
      results.push(
        answer(invitation, 'refused', error?.message ?? 'GitHub answered another mannequin or user.'),
      );
    }
  }
  return { results };
}
