import { describe, expect, it } from 'vitest';
import type { GraphqlAnswer } from '@/contracts/github/gei';
import type { Mannequin } from '@/contracts/identities';
import type { TargetClient } from '../target-client';
import { TargetGraphqlError, TargetRateLimitedError } from '../target-errors';
import { sendInvitations, type Invitation } from './send-invitations';

const mannequin = (n: number): Mannequin => ({
  id: `M_${n}`,
  databaseId: n,
  login: `user${n}`,
  email: null,
  claimant: null,
});
const invitations: Invitation[] = [1, 2, 3].map((n) => ({
  mannequin: mannequin(n),
  targetUser: `member${n}`,
  targetId: `U_${n}`,
}));
const accepted = (n: number): GraphqlAnswer => ({
  data: { createAttributionInvitation: { source: { id: `M_${n}` }, target: { id: `U_${n}` } } },
  errors: [],
});

/** A target client whose answers are scripted, one per mutation; it counts what was sent. */
function scripted(answers: (GraphqlAnswer | Error)[]) {
  const sent: unknown[] = [];
  const client = {
    query: (_text: string, variables: Record<string, unknown>) => {
      sent.push(variables);
      const next = answers.shift();
      if (!next) throw new Error('no more answers');
      if (next instanceof Error) return Promise.reject(next);
      return Promise.resolve({ answer: next, headers: new Headers() });
    },
  } as unknown as TargetClient;
  return { client, sent };
}

const options = (client: TargetClient, paced: number[] = [], stored: string[] = []) => ({
  client,
  organizationId: 'O_1',
  pace: () => {
    paced.push(1);
    return Promise.resolve();
  },
  sent: (invitation: Invitation) => {
    stored.push(invitation.mannequin.id);
    return Promise.resolve();
  },
});

describe('sending attribution invitations', () => {
  it('paces every mutation, keeps each accepted one before the next, answers a refused mapping in GitHub’s words', async () => {
    const { client, sent } = scripted([
      accepted(1),
      {
        data: { createAttributionInvitation: null },
        errors: [
          { type: 'UNPROCESSABLE', message: 'Target must be a member of the octo-target organization' },
        ],
      },
      accepted(3),
    ]);
    const paced: number[] = [];
    const stored: string[] = [];
    const { results } = await sendInvitations(invitations, options(client, paced, stored));
    expect(results.map((r) => [r.mannequinId, r.result, r.reason])).toEqual([
      ['M_1', 'invited', undefined],
      ['M_2', 'refused', 'Target must be a member of the octo-target organization'],
      ['M_3', 'invited', undefined],
    ]);
    expect(paced).toHaveLength(3);
    expect(stored).toEqual(['M_1', 'M_3']);
    expect(sent[0]).toEqual({ ownerId: 'O_1', sourceId: 'M_1', targetId: 'U_1' });
  });

  it('an answer naming another mannequin or user is not taken for an invitation (gh gei checks both ids)', async () => {
    const { client } = scripted([accepted(9)]);
    const { results } = await sendInvitations(invitations.slice(0, 1), options(client));
    expect(results[0]).toMatchObject({
      result: 'refused',
      reason: 'GitHub answered another mannequin or user.',
    });
  });

  it('a refusal of the credential stops at once: thrown when nothing was sent, else the rest "not sent"', async () => {
    const forbidden: GraphqlAnswer = {
      data: { createAttributionInvitation: null },
      errors: [{ type: 'FORBIDDEN', message: 'monalisa does not have the correct permissions' }],
    };
    const first = scripted([forbidden]);
    await expect(sendInvitations(invitations, options(first.client))).rejects.toBeInstanceOf(
      TargetGraphqlError,
    );
    expect(first.sent).toHaveLength(1);

    const later = scripted([accepted(1), forbidden]);
    const { results } = await sendInvitations(invitations, options(later.client));
    expect(later.sent).toHaveLength(2);
    expect(results.map((r) => r.result)).toEqual(['invited', 'refused', 'refused']);
    expect(results[2]?.reason).toBe('Not sent: GitHub says “monalisa does not have the correct permissions”');
  });

  it('without invitations: reattributeMannequinToUser, answered "reattributed", nothing kept as an invitation', async () => {
    const { client, sent } = scripted([
      { data: { reattributeMannequinToUser: { source: { id: 'M_1' }, target: { id: 'U_1' } } }, errors: [] },
    ]);
    const texts: string[] = [];
    const counting = {
      query: (text: string, variables: Record<string, unknown>) => {
        texts.push(text);
        return client.query(text, variables);
      },
    } as unknown as TargetClient;
    const stored: string[] = [];
    const { results } = await sendInvitations(invitations.slice(0, 1), {
      ...options(counting, [], stored),
      skipInvitation: true,
    });
    expect(results).toEqual([{ mannequinId: 'M_1', targetUser: 'member1', result: 'reattributed' }]);
    expect(texts[0]).toContain('reattributeMannequinToUser(input:');
    expect(sent).toHaveLength(1);
    expect(stored).toEqual([]);
  });

  it('without invitations outside EMU: GitHub’s first refusal stops the rest (one request, not one per mapping)', async () => {
    const notEmu: GraphqlAnswer = {
      data: { reattributeMannequinToUser: null },
      errors: [
        { type: 'UNPROCESSABLE', message: 'Only available to Enterprise Managed User organizations.' },
      ],
    };
    const { client, sent } = scripted([notEmu, notEmu, notEmu]);
    const { results } = await sendInvitations(invitations, { ...options(client), skipInvitation: true });
    expect(sent).toHaveLength(1);
    expect(results.map((r) => [r.result, r.reason])).toEqual([
      ['refused', 'Only available to Enterprise Managed User organizations.'],
      ['refused', 'Not sent: GitHub says “Only available to Enterprise Managed User organizations.”'],
      ['refused', 'Not sent: GitHub says “Only available to Enterprise Managed User organizations.”'],
    ]);
  });

  it('a secondary limit mid-way: nothing more sent, the rest "not sent", when to try again', async () => {
    const { client, sent } = scripted([
      accepted(1),
      new TargetRateLimitedError('You have exceeded a secondary rate limit.', 42),
    ]);
    const answer = await sendInvitations(invitations, options(client));
    expect(sent).toHaveLength(2);
    expect(answer.retryAfterSeconds).toBe(42);
    expect(answer.results.map((r) => r.result)).toEqual(['invited', 'refused', 'refused']);
    expect(answer.results[1]?.reason).toMatch(/^Not sent: GitHub’s rate limit/);
  });
});
