import { describe, expect, it } from 'vitest';
import type { IdentitiesAnswer } from '@/contracts/identities';
import { acceptSuggestions, identityRows, invitationsToSend, standingRefusal } from './identity-rows';

const answer: IdentitiesAnswer = {
  target: 'octo-target',
  credential: 'default',
  mannequins: [
    { id: 'M_1', databaseId: 1, login: 'hubot', email: 'hubot@example.com', claimant: null },
    { id: 'M_2', databaseId: 2, login: 'ada', email: null, claimant: null },
    { id: 'M_3', databaseId: 3, login: 'mona', email: null, claimant: { id: 'U_1', login: 'monalisa' } },
    { id: 'M_4', databaseId: 4, login: 'bot', email: null, claimant: null },
  ],
  members: [],
  suggestions: [
    { mannequinId: 'M_1', targetUser: 'hubot-cloud', why: 'email' },
    { mannequinId: 'M_2', targetUser: 'ada', why: 'login' },
  ],
  drafts: [
    { mannequinId: 'M_2', databaseId: 2, targetUser: '', version: 1, updatedAt: '', updatedBy: 'x' },
    { mannequinId: 'M_4', databaseId: 4, targetUser: 'octocat', version: 1, updatedAt: '', updatedBy: 'x' },
  ],
  invitations: [{ mannequinId: 'M_4', targetUser: 'octocat', sentAt: '2026-11-01T00:00:00Z' }],
};

describe('the identity rows', () => {
  const rows = identityRows(answer);
  it('shows each invitation’s state: accepted once claimed, invited once sent', () => {
    expect(rows.map((row) => [row.mannequin.login, row.chosen, row.invitation, row.invitee])).toEqual([
      ['hubot', '', 'none', undefined],
      ['ada', '', 'none', undefined],
      ['mona', '', 'accepted', 'monalisa'],
      ['bot', 'octocat', 'invited', 'octocat'],
    ]);
  });

  it('says a mannequin Ferry reattributed (EMU) was reattributed, not accepted', () => {
    const [mona] = identityRows({
      ...answer,
      mannequins: [answer.mannequins[2]!],
      reattributions: [{ mannequinId: 'M_3', targetUser: 'MonaLisa', sentAt: '2026-11-01T00:00:00Z' }],
    });
    expect([mona?.invitation, mona?.invitee]).toEqual(['reattributed', 'monalisa']);
    expect(invitationsToSend([{ ...mona!, chosen: 'octocat' }])).toEqual([]);
  });

  it('keeps a refusal only while the row maps to the member refused', () => {
    const refused = { mannequinId: 'M_4', targetUser: 'Octocat', result: 'refused' as const, reason: 'No.' };
    const bot = rows[3]!;
    expect(standingRefusal(bot, refused)).toBe('No.');
    expect(standingRefusal({ ...bot, chosen: 'monalisa' }, refused)).toBeUndefined();
    expect(standingRefusal({ ...bot, chosen: '' }, refused)).toBeUndefined();
    expect(standingRefusal(bot, { ...refused, result: 'invited' })).toBeUndefined();
  });

  it('accepts a suggestion only where nothing was chosen, not even "nobody" on purpose', () => {
    expect(acceptSuggestions(rows)).toEqual([
      { mannequinId: 'M_1', databaseId: 1, targetUser: 'hubot-cloud', baseVersion: 0 },
    ]);
  });

  it('sends nothing twice: not to a reclaimed mannequin, not again to the person already invited', () => {
    expect(invitationsToSend(rows)).toEqual([]);
    const changed = identityRows({
      ...answer,
      drafts: [{ ...answer.drafts[1]!, targetUser: 'hubot-cloud' }],
    });
    expect(invitationsToSend(changed)).toEqual([{ mannequinId: 'M_4', targetUser: 'hubot-cloud' }]);
  });
});
