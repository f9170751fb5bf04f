import { describe, expect, it } from 'vitest';
import { DRAFT_REQUEST_BYTES, DRAFT_SAVES_PER_REQUEST } from '@/contracts/ferry';
import { draftChunks, getDrafts, saveDrafts } from './author-drafts';

const save = (authorId: number, name = `Author ${authorId}`) => ({
  authorId,
  name,
  email: `a${authorId}@example.test`,
  baseVersion: 0,
});

describe('draftChunks', () => {
  it('cuts by count and by size, in order, losing nothing', () => {
    const many = Array.from({ length: 2_500 }, (_, index) => save(index + 1));
    const short = Array.from({ length: 2_500 }, (_, index) => ({ authorId: index + 1 }));
    expect(draftChunks(short).map((chunk) => chunk.length)).toEqual([1_000, 1_000, 500]);
    const bySizeToo = draftChunks(many);
    expect(bySizeToo.every((chunk) => chunk.length <= DRAFT_SAVES_PER_REQUEST)).toBe(true);
    expect(bySizeToo.flat()).toEqual(many);
    const long = Array.from({ length: 300 }, (_, index) => save(index + 1, 'x'.repeat(1_000)));
    const bySize = draftChunks(long);
    expect(bySize.length).toBeGreaterThan(1);
    for (const chunk of bySize) expect(JSON.stringify(chunk).length).toBeLessThanOrEqual(DRAFT_REQUEST_BYTES);
    expect(bySize.flat()).toEqual(long);
    expect(draftChunks([])).toEqual([]);
  });
});

describe('saving a large mapping', () => {
  it(
    'keeps 100,000 drafts on the server in several requests, and another reader gets all of them',
    { timeout: 1100_000 },
    async () => {
      const saves = Array.from({ length: 100_000 }, (_, index) => save(index + 1));
      expect(saves.length).toBeGreaterThan(DRAFT_SAVES_PER_REQUEST * 10);
      const { results } = await saveDrafts('octo-org', 'hello-world', saves);
      expect(results).toHaveLength(100_000);
      const { drafts } = await getDrafts('octo-org', 'hello-world');
      expect(drafts).toHaveLength(100_000);
      expect(drafts.at(-1)).toMatchObject({ authorId: 100_000, name: 'Author 100000' });
    },
  );
});
