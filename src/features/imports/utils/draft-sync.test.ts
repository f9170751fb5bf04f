import { describe, expect, it } from 'vitest';
import type { AuthorDraftEntry } from '@/contracts/ferry';
import { changedElsewhere, hasPending, mergeEdits, NO_PENDING, pendingFrom, withoutSent } from './draft-sync';

const draft = (authorId: number, email: string, version = 1, updatedBy = 'me-000001'): AuthorDraftEntry => ({
  authorId,
  name: 'N',
  email,
  version,
  updatedAt: '2026-11-23T10:00:00Z',
  updatedBy,
});

describe('draft sync', () => {
  it('shows the server’s drafts with this browser’s unsent edits on top, minus pending deletes', () => {
    const server = [draft(1, 'a@x'), draft(2, 'b@x')];
    expect(mergeEdits(server, { edits: { 2: { email: 'mine@x' }, 3: { name: 'C' } }, deletes: [1] })).toEqual(
      {
        2: { email: 'mine@x' },
        3: { name: 'C' },
      },
    );
  });

  it('finds what still has to be sent, and the drafts whose edit went away', () => {
    const server = [draft(1, 'a@x'), draft(2, 'b@x')];
    const pending = pendingFrom({ 1: { name: 'N', email: 'a@x' }, 3: { email: 'c@x' } }, server);
    expect(pending).toEqual({ edits: { 3: { email: 'c@x' } }, deletes: [2] });
    expect(hasPending(pending)).toBe(true);
    expect(hasPending(pendingFrom(mergeEdits(server, NO_PENDING), server))).toBe(false);
  });

  it('keeps an edit typed while its earlier value was being sent', () => {
    const sent = { edits: { 1: { email: 'first@x' } }, deletes: [4] };
    const now = { edits: { 1: { email: 'second@x' }, 2: { email: 'b@x' } }, deletes: [4] };
    expect(withoutSent(now, sent)).toEqual({
      edits: { 1: { email: 'second@x' }, 2: { email: 'b@x' } },
      deletes: [],
    });
    expect(withoutSent(sent, sent)).toEqual(NO_PENDING);
  });

  it('notices only other browsers’ newer drafts', () => {
    const before = [draft(1, 'a@x', 1), draft(2, 'b@x', 1)];
    const after = [
      draft(1, 'a2@x', 2, 'other-00001'),
      draft(2, 'b2@x', 2),
      draft(3, 'c@x', 1, 'other-00001'),
    ];
    expect(changedElsewhere(before, after, 'me-000001').map((entry) => entry.authorId)).toEqual([1, 3]);
  });
});
