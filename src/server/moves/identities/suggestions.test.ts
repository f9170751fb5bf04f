import { describe, expect, it } from 'vitest';
import type { Mannequin, Member } from '@/contracts/identities';
import { suggestIdentities } from './suggestions';

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
