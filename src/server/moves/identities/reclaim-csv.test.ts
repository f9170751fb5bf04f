import { describe, expect, it } from 'vitest';
import type { Mannequin } from '@/contracts/identities';
import { readAsGhGei } from './gh-gei-csv-reader';
import { reclaimCsv } from './reclaim-csv';

const mannequin = (id: string, login: string, claimed = false): Mannequin => ({
  id,
  databaseId: 1,
  login,
  email: null,
  claimant: claimed ? { id: 'U_1', login: 'mona' } : null,
});

describe('the reclaim CSV: what gh gei reclaim-mannequin --csv reads', () => {
  it('has gh gei’s header and one line per mapped, unclaimed mannequin, read back unchanged', () => {
    const { csv, rows, leftOut } = reclaimCsv(
      [
        mannequin('M_kgDOAAAAAQ', 'hubot'),
        mannequin('M_kgDOAAAAAg', 'ada.lovelace_1'),
        mannequin('M_kgDOAAAAAw', 'not-mapped'),
        mannequin('M_kgDOAAAABA', 'claimed', true),
      ],
      new Map([
        ['M_kgDOAAAAAQ', 'hubot-cloud'],
        ['M_kgDOAAAAAg', 'ada'],
        ['M_kgDOAAAABA', 'mona'],
      ]),
    );
    expect(csv).toBe(
      'mannequin-user,mannequin-id,target-user\nhubot,M_kgDOAAAAAQ,hubot-cloud\nada.lovelace_1,M_kgDOAAAAAg,ada\n',
    );
    expect(rows).toBe(2);
    expect(leftOut).toEqual([]);
    expect(readAsGhGei(csv)).toEqual([
      { login: 'hubot', id: 'M_kgDOAAAAAQ', target: 'hubot-cloud' },
      { login: 'ada.lovelace_1', id: 'M_kgDOAAAAAg', target: 'ada' },
    ]);
  });

  it('never quotes: a value gh gei could not read back (comma, quote, line break, spaces, formula) is left out', () => {
    const hostile = ['a,b', 'say "hi"', 'two\nlines', ' padded', '=cmd()', '@sum', 'tab\there'];
    const { csv, rows, leftOut } = reclaimCsv(
      [...hostile.map((login, i) => mannequin(`M_${i}`, login)), mannequin('M_ok', 'fine')],
      new Map([...hostile.map((_, i): [string, string] => [`M_${i}`, 'mona']), ['M_ok', 'mona']]),
    );
    expect(leftOut).toEqual(hostile.map((_, i) => `M_${i}`));
    expect(rows).toBe(1);
    expect(csv).not.toContain('"');
    expect(readAsGhGei(csv)).toEqual([{ login: 'fine', id: 'M_ok', target: 'mona' }]);
  });

  it('is the header alone when nothing is mapped (gh gei then reclaims nothing)', () => {
    const { csv } = reclaimCsv([mannequin('M_1', 'hubot')], new Map());
    expect(csv).toBe('mannequin-user,mannequin-id,target-user\n');
    expect(readAsGhGei(csv)).toEqual([]);
  });
});
