import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestStore, type TestStore } from '@/server/store/test-store';
import { identityDrafts } from './identity-drafts';
import { IdentityInputError } from './identity-input-error';

let testStore: TestStore;
beforeAll(async () => {
  testStore = await openTestStore();
}, 60_000);
afterAll(async () => {
  await testStore.store.close();
});

const save = (databaseId: number, targetUser = 'mona') => ({
  mannequinId: `M_${databaseId}`,
  databaseId,
  targetUser,
  baseVersion: 0,
});

describe('the identity map in the draft store', () => {
  it('holds at most as many mannequins as a read lists: past it nothing is saved; changing a kept one still works', async () => {
    const drafts = identityDrafts(testStore.store, 3);
    await drafts.save('octo-target', { client: 'browser-one', saves: [save(1), save(2)] });
    await expect(
      drafts.save('octo-target', { client: 'browser-one', saves: [save(3), save(4)] }),
    ).rejects.toBeInstanceOf(IdentityInputError);
    expect((await drafts.list('octo-target')).map((d) => d.databaseId)).toEqual([1, 2]);
    await drafts.save('octo-target', { client: 'browser-one', saves: [save(1, 'ada'), save(3)] });
    expect((await drafts.list('octo-target')).map((d) => [d.databaseId, d.targetUser])).toEqual([
      [1, 'ada'],
      [2, 'mona'],
      [3, 'mona'],
    ]);
    // Another organization's map is its own, and invitations are kept apart from the map.
    await drafts.save('other-org', { client: 'browser-one', saves: [save(9)] });
    await drafts.invited('octo-target', 2, 'M_2', 'mona');
    expect(await drafts.list('other-org')).toHaveLength(1);
    expect(await drafts.invitations('octo-target')).toEqual([
      { mannequinId: 'M_2', targetUser: 'mona', sentAt: expect.any(String) as unknown },
    ]);
  });
});
