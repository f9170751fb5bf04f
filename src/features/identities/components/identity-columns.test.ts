import { describe, expect, it } from 'vitest';
import { gridLayout } from '@/components/virtual-grid/grid-columns';
import { identityColumns } from './identity-columns';

describe('the identity grid’s columns', () => {
  it('on a phone, put who the row is and the member chosen for it first, and fit both in 360 px', () => {
    const phone = identityColumns(true);
    expect(phone.map((column) => column.header)).toEqual([
      'Who',
      'Target user',
      'Suggested',
      'Invitation',
      'E-mail on the source',
      'Kind',
    ]);
    // The page's padding leaves ~320 px of a 360 px screen to the grid.
    expect(gridLayout(phone.slice(0, 2)).minWidth).toBeLessThanOrEqual(320);
    expect(identityColumns(false).map((column) => column.field)).toEqual([
      'kind',
      'who',
      'email',
      'suggested',
      'targetUser',
      'invitation',
    ]);
  });
});
