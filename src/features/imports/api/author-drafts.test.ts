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
    'keeps 12,000 drafts on the server in a dozen requests, and another reader gets all of them',
    { timeout: 110_000 },
    async () => {
      // More than ten requests' worth proves the chunks lose nothing; 100,000 (what the file once sent) cost
      // 20 CPU-seconds of every run and proved no more: sizes are the benchmarks' job.
      const total = 12_000;
      const saves = Array.from({ length: total }, (_, index) => save(index + 1));
      expect(saves.length).toBeGreaterThan(DRAFT_SAVES_PER_REQUEST * 10);
      const { results } = await saveDrafts('octo-org', 'hello-world', saves);
      expect(results).toHaveLength(total);
      const { drafts } = await getDrafts('octo-org', 'hello-world');
      expect(drafts).toHaveLength(total);
      expect(drafts.at(-1)).toMatchObject({ authorId: total, name: `Author ${total}` });
    },
  );
});
