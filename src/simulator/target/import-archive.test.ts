import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { importArchives } from './import-archive';
import { buildTestArchive } from './test-archive';

const request = (bytes: Buffer, maxInflatedBytes?: number) => ({
  git: bytes,
  metadata: bytes,
  skipReleases: false,
  targetLogins: new Set(['octocat']),
  lossy: false,
  maxInflatedBytes,
});

describe('importArchives', () => {
  it('refuses an archive that inflates past the bound (a gzip bomb) with a reason, without inflating it all', async () => {
    const bomb = gzipSync(Buffer.alloc(4 * 1024 * 1024));
    const result = await importArchives(request(bomb, 1024 * 1024));
    expect(result).toEqual({
      ok: false,
      state: 'FAILED',
      reason: 'The git archive is larger than the importer accepts once decompressed.',
    });
  });

  it('reads a real archive within the bound', async () => {
    const bytes = await buildTestArchive({
      owner: 'o',
      name: 'r',
      commits: 2,
      branches: [],
      tags: [],
      issueAuthors: ['hubot'],
      pullAuthors: [],
      releases: 0,
    });
    const result = await importArchives(request(bytes, 1024 * 1024));
    expect(result).toMatchObject({
      ok: true,
      counts: { commitCount: 2, issues: 1 },
      mannequins: [{ login: 'hubot' }],
    });
  });
});
