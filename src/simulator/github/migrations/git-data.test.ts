import { describe, expect, it } from 'vitest';
import type { SimRepo } from '../factories/repository';
import { gitData, paddingBytes } from './git-data';

const repo: SimRepo = {
  id: 4242,
  owner: 'octo-org',
  name: 'cached',
  description: 'Built once',
  language: null,
  size: 300,
  private: false,
  topics: [],
  createdAt: '2024-01-01T00:00:00Z',
  pushedAt: '2024-01-01T00:00:00Z',
  stars: 0,
  archived: false,
};

const packOf = (files: Map<string, Buffer>) =>
  [...files].find(([name]) => name.endsWith('.pack'))?.[1].length ?? 0;

describe('gitData', () => {
  it('builds a repository once and hands the same one to every archive that holds it', () => {
    expect(gitData({ ...repo }, 1)).toBe(gitData({ ...repo }, 1));
  });

  it('builds again when what the bytes depend on changes: description, size or bytes per KB', () => {
    const first = gitData(repo, 1);
    expect(gitData({ ...repo, description: 'Changed' }, 1)).not.toBe(first);
    expect(gitData({ ...repo, size: 600 }, 1)).not.toBe(first);
    const doubled = gitData(repo, 2);
    expect(packOf(doubled.files) - packOf(first.files)).toBeGreaterThanOrEqual(repo.size);
    // Same model, so the same branches and tags; other commit ids (the padding is in the trees).
    expect(Object.keys(doubled.heads)).toEqual(Object.keys(first.heads));
    expect(doubled.trunk[0]).not.toBe(first.trunk[0]);
  });

  it('pads with bytesPerKb bytes per KB of size, never negative', () => {
    expect(paddingBytes(repo, 1)).toBe(300);
    expect(paddingBytes(repo, 0.5)).toBe(150);
    expect(paddingBytes({ ...repo, size: 0 }, 1)).toBe(0);
    expect(paddingBytes(repo, -1)).toBe(0);
  });
});
