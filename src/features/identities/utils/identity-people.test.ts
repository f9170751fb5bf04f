import { describe, expect, it } from 'vitest';
import type { IdentitiesAnswer } from '@/contracts/identities';
import { kindCounts, ofKind, personRows, rowLabel, suggestionText } from './identity-people';
import { identityRows } from './identity-rows';

const answer: IdentitiesAnswer = {
  target: 'octo-target',
  credential: 'default',
  mannequins: [{ id: 'M_1', databaseId: 1, login: 'hubot', email: null, claimant: null }],
  members: [],
  suggestions: [{ mannequinId: 'M_1', targetUser: 'hubot-cloud', why: 'archive-email' }],
  drafts: [],
  invitations: [],
  archiveUsers: [
    {
      login: 'hubot',
      name: 'Hubot',
      emails: ['hubot@example.com'],
      suggestion: { targetUser: 'hubot-cloud', why: 'email' },
    },
  ],
  commitAuthors: [
    { name: 'Octocat', email: 'octocat@example.com', from: 'archive' },
    { name: 'Mona', email: 'mona@example.com', from: 'archive' },
  ],
  archives: [{ repository: 'octo-org/hello-world', state: 'read' }],
};

describe('the people of the identity map', () => {
  const rows = personRows(answer, identityRows(answer));

  it('lists every kind, mannequins first, each with a name of its own', () => {
    expect(rows.map((row) => [row.kind, rowLabel(row)])).toEqual([
      ['mannequin', 'hubot'],
      ['archive-user', 'hubot (archive user)'],
      ['commit-author', 'Octocat <octocat@example.com> (commit author)'],
      ['commit-author', 'Mona <mona@example.com> (commit author)'],
    ]);
    expect(new Set(rows.map((row) => row.key)).size).toBe(rows.length);
  });

  it('filters and counts by kind', () => {
    expect(kindCounts(rows)).toEqual({ mannequin: 1, 'archive-user': 1, 'commit-author': 2 });
    expect(ofKind(rows, 'commit-author')).toHaveLength(2);
    expect(ofKind(rows, 'all')).toBe(rows);
    // An older gateway's answer has no archive people.
    const older = { ...answer, archiveUsers: undefined, commitAuthors: undefined };
    expect(personRows(older, identityRows(older)).map((row) => row.kind)).toEqual(['mannequin']);
  });

  it('says why a member is suggested', () => {
    expect(suggestionText({ targetUser: 'hubot-cloud', why: 'archive-email' })).toBe(
      'hubot-cloud (same e-mail in the archive)',
    );
    expect(suggestionText({ targetUser: 'ada', why: 'login' })).toBe('ada (same login)');
    expect(suggestionText(undefined)).toBe('—');
  });
});
