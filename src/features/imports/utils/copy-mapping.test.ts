import { describe, expect, it } from 'vitest';
import { buildRows } from './author-edits';
import { copyChanges } from './copy-mapping';

const here = 'fc7da526-431c-80fe-3c8c-c148ff18d7ef';
const there = '0f0f0f0f-431c-80fe-3c8c-c148ff18d7ef';
const author = (
  id: number,
  remoteName: string,
  uuid: string,
  name = remoteName,
  email = `${remoteName}@${uuid}`,
) => ({
  id,
  remoteId: `${remoteName}@${uuid}`,
  remoteName,
  name,
  email,
});

describe('copy from another import', () => {
  it('takes what the other import mapped, by remote name, and skips what it left synthesised', () => {
    const rows = buildRows([author(1, 'svner', here), author(2, 'ada', here), author(3, 'bob', here)], {});
    const other = [
      author(11, 'svner', there, 'Sven Er', 'sven@company.com'),
      author(12, 'ada', there),
      author(13, 'carol', there, 'Carol', 'carol@company.com'),
    ];
    expect(copyChanges(rows, other)).toEqual([
      { id: 1, remoteName: 'svner', name: 'Sven Er', email: 'sven@company.com' },
    ]);
    const already = buildRows([author(1, 'svner', here, 'Sven Er', 'sven@company.com')], {});
    expect(copyChanges(already, other)).toEqual([]);
  });
});
