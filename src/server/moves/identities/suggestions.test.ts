import { describe, expect, it } from 'vitest';
import type { Mannequin, Member } from '@/contracts/identities';
import { personSuggester, suggestIdentities } from './suggestions';

const mannequin = (id: string, login: string, email: string | null, claimed = false): Mannequin => ({
  id,
  databaseId: 1,
  login,
  email,
  claimant: claimed ? { id: 'U_x', login: 'someone' } : null,
});
const member = (login: string, email = ''): Member => ({ id: `U_${login}`, login, email, name: null });

describe('suggestions: who each mannequin probably is', () => {
  it('matches the e-mail first (case and spaces aside), then the login', () => {
    const members = [
      member('hubot-cloud', 'Hubot@Example.com '),
      member('ada'),
      member('mona', 'ada@old.example'),
    ];
    expect(
      suggestIdentities(
        [
          mannequin('M_1', 'hubot', 'hubot@example.com'),
          mannequin('M_2', 'ADA', 'ada@old.example'),
          mannequin('M_3', 'Ada', null),
        ],
        members,
      ),
    ).toEqual([
      { mannequinId: 'M_1', targetUser: 'hubot-cloud', why: 'email' },
      // The e-mail wins over the login.
      { mannequinId: 'M_2', targetUser: 'mona', why: 'email' },
      { mannequinId: 'M_3', targetUser: 'ada', why: 'login' },
    ]);
  });

  it('suggests nobody for a claimed mannequin, an empty e-mail or a key two members share', () => {
    const members = [
      member('one', 'shared@example.com'),
      member('two', 'shared@example.com'),
      member('three'),
    ];
    expect(
      suggestIdentities(
        [
          mannequin('M_1', 'x', 'shared@example.com'),
          mannequin('M_2', 'three', null, true),
          mannequin('M_3', 'nobody', ''),
        ],
        members,
      ),
    ).toEqual([]);
  });
});

describe('suggestions from the archive and for commit authors', () => {
  const members = [member('hubot-cloud', 'hubot@example.com'), member('mona', 'mona@example.com')];

  it('takes the archive user’s e-mail (same login) where the mannequin has none', () => {
    const archiveUsers = [
      { login: 'HUBOT', name: null, emails: ['old@example.com', 'hubot@example.com'] },
      { login: 'mona', name: null, emails: ['elsewhere@example.com'] },
    ];
    expect(
      suggestIdentities(
        [
          mannequin('M_1', 'hubot', null),
          // Its own e-mail wins over the archive's.
          mannequin('M_2', 'mona', 'mona@example.com'),
        ],
        members,
        archiveUsers,
      ),
    ).toEqual([
      { mannequinId: 'M_1', targetUser: 'hubot-cloud', why: 'archive-email' },
      { mannequinId: 'M_2', targetUser: 'mona', why: 'email' },
    ]);
  });

  it('suggests a member for an archive user (any e-mail, then login) and a commit author (e-mail)', () => {
    const suggest = personSuggester(members);
    expect(suggest({ login: 'hubot', emails: ['x@example.com', 'HUBOT@example.com'] })).toEqual({
      targetUser: 'hubot-cloud',
      why: 'email',
    });
    expect(suggest({ login: 'Mona', emails: [] })).toEqual({ targetUser: 'mona', why: 'login' });
    expect(suggest({ emails: [' mona@example.com'] })).toEqual({ targetUser: 'mona', why: 'email' });
    // A commit author has no login: no login match.
    expect(suggest({ emails: ['nobody@example.com'] })).toBeUndefined();
  });
});
