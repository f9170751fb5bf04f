import { describe, expect, it } from 'vitest';
import {
  applyEdit,
  applyEdits,
  buildRows,
  filterRows,
  pendingChanges,
  pruneEdits,
  sortRows,
} from './author-edits';
import { saveSerially } from './serial-save';

const uuid = 'fc7da526-431c-80fe-3c8c-c148ff18d7ef';
const authors = [
  { id: 1, remoteId: `svner@${uuid}`, remoteName: 'svner', name: 'svner', email: `svner@${uuid}` },
  { id: 2, remoteId: `nobody@${uuid}`, remoteName: 'nobody', name: 'Hubot', email: 'hubot@github.com' },
];

describe('author edits', () => {
  it('keeps edits apart from server values and drops edits back to them', () => {
    let edits = applyEdit({}, authors[0]!, 'name', 'Sven');
    expect(edits).toEqual({ 1: { name: 'Sven' } });
    edits = applyEdit(edits, authors[0]!, 'name', 'svner');
    expect(edits).toEqual({});
    edits = applyEdits({}, authors, [
      { id: 1, name: 'Sven', email: 'sven@x.io' },
      { id: 9, name: 'Ghost', email: 'g@x.io' },
    ]);
    expect(edits).toEqual({ 1: { name: 'Sven', email: 'sven@x.io' } });
  });

  it('applies a 10,000-line mapping at once to authors with GitHub-sized ids (was one object copy per change)', () => {
    // Ids like GitHub's (2,268,557 up) put the edits object in dictionary mode: copying it per change took 79 s.
    const many = Array.from({ length: 10_000 }, (_, index) => ({
      id: 2_268_557 + index,
      remoteId: `user${index}@${uuid}`,
      remoteName: `user${index}`,
      name: `user${index}`,
      email: `user${index}@${uuid}`,
    }));
    const edits = applyEdits(
      { [many[0]!.id]: { name: 'Kept?' } },
      many,
      many.map((author, index) => ({
        id: author.id,
        name: index === 0 ? author.name : `Person ${index}`,
        email: `p${index}@example.com`,
      })),
    );
    expect(Object.keys(edits)).toHaveLength(10_000);
    expect(edits[many[0]!.id]).toEqual({ email: 'p0@example.com' });
    expect(edits[many[9_999]!.id]).toEqual({ name: 'Person 9999', email: 'p9999@example.com' });
  });

  it('builds rows with changed, synthesised and validation flags, and the pending changes', () => {
    const rows = buildRows(authors, { 2: { email: 'bad' } });
    expect(rows[0]).toMatchObject({ changed: false, synthesised: true });
    expect(rows[1]).toMatchObject({
      changed: true,
      synthesised: false,
      emailError: expect.any(String) as string,
    });
    expect(pendingChanges(rows)).toEqual([{ id: 2, name: 'Hubot', email: 'bad', valid: false }]);
  });

  it('filters by search across fields and by changed / still synthesised', () => {
    const rows = buildRows(authors, { 2: { name: 'Robot' } });
    expect(filterRows(rows, 'HUBOT@', 'all').map((row) => row.id)).toEqual([2]);
    expect(filterRows(rows, uuid.slice(0, 8), 'all').map((row) => row.id)).toEqual([1, 2]);
    expect(filterRows(rows, '', 'changed').map((row) => row.id)).toEqual([2]);
    expect(filterRows(rows, '', 'synthesised').map((row) => row.id)).toEqual([1]);
    expect(filterRows(rows, 'nobody', 'all').map((row) => row.id)).toEqual([2]);
  });

  it('prunes edits that match the server or name unknown authors', () => {
    expect(pruneEdits({ 1: { name: 'svner' }, 2: { name: 'X' }, 7: { name: 'Y' } }, authors)).toEqual({
      2: { name: 'X' },
    });
  });

  it('handles 10,000 authors', () => {
    const many = Array.from({ length: 10_000 }, (_, index) => ({
      id: index + 1,
      remoteId: `u${index}@${uuid}`,
      remoteName: `u${index}`,
      name: `u${index}`,
      email: `u${index}@${uuid}`,
    }));
    const rows = buildRows(many, { 5: { name: 'Five' } });
    expect(filterRows(rows, 'u99', 'synthesised')).toHaveLength(111);
    expect(pendingChanges(rows)).toHaveLength(1);
  });
});

describe('serial save', () => {
  it('sends one at a time, spaced, and goes on after a failure', async () => {
    const order: string[] = [];
    const sleeps: number[] = [];
    let inFlight = 0;
    const outcome = await saveSerially(
      ['a', 'b', 'c'],
      (item) => item,
      async (item) => {
        inFlight += 1;
        expect(inFlight).toBe(1);
        order.push(item);
        await Promise.resolve();
        inFlight -= 1;
        if (item === 'b') throw new Error('nope');
      },
      {
        spacingMs: 1000,
        sleep: (ms) => {
          sleeps.push(ms);
          return Promise.resolve();
        },
      },
    );
    expect(order).toEqual(['a', 'b', 'c']);
    expect(sleeps).toEqual([1000, 1000]);
    expect(outcome.saved).toEqual(['a', 'c']);
    expect(outcome.failed.map((failure) => failure.key)).toEqual(['b']);
  });
});

describe('sorting', () => {
  it('sorts by a column (stable)', () => {
    const rows = buildRows(authors, {});
    expect(sortRows(rows, { field: 'name', direction: 'asc' }).map((row) => row.id)).toEqual([2, 1]);
    expect(sortRows(rows, { field: 'id', direction: 'desc' }).map((row) => row.id)).toEqual([2, 1]);
    expect(sortRows(rows, undefined).map((row) => row.id)).toEqual([1, 2]);
  });
});
