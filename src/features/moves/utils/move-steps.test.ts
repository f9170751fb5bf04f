import { describe, expect, it } from 'vitest';
import type { MoveRepository } from '@/contracts/move-run';
import { canAbort, canRetry, fieldWords, sideText, sourceText, stepText, stepTone } from './move-steps';

const repo = (change: Partial<MoveRepository>): MoveRepository => ({
  name: 'hello-world',
  targetName: 'hello-world',
  visibility: 'private',
  step: 'waiting',
  ...change,
});

describe('a repository’s step in words', () => {
  it('says each step as someone watching would', () => {
    expect(stepText(repo({ step: 'importing' }))).toBe('Importing');
    expect(stepText(repo({ step: 'queued' }))).toBe('Queued for import');
    expect(stepText(repo({ step: 'validating' }))).toBe('Validating');
    expect(stepText(repo({ step: 'done' }))).toBe('Done');
    expect(stepText(repo({ step: 'verified' }))).toBe('Archive verified');
  });

  it('says why a repository failed, GitHub’s words first', () => {
    expect(
      stepText(
        repo({
          step: 'failed',
          error: 'Repository has a file over 400 MiB',
          migration: { failureReason: 'other' },
        }),
      ),
    ).toBe('Failed: Repository has a file over 400 MiB');
    expect(stepText(repo({ step: 'failed', migration: { failureReason: 'Git source not reachable' } }))).toBe(
      'Failed: Git source not reachable',
    );
    expect(
      stepText(
        repo({
          step: 'failed',
          validation: {
            result: 'failed',
            differences: [{ field: 'issues', source: 3, archive: 3, target: 2 }],
          },
        }),
      ),
    ).toBe('Failed: the target differs from the archive');
    expect(stepText(repo({ step: 'failed' }))).toBe('Failed: no reason given');
  });

  it('shows an upload’s progress, bounded, and none without a size', () => {
    const archive = { file: 'a.tar.gz', bytes: 1000, sha256: 'x' };
    expect(stepText(repo({ step: 'uploading', archive, upload: { bytesSent: 405 } }))).toBe(
      'Uploading (40%)',
    );
    expect(stepText(repo({ step: 'uploading', archive, upload: { bytesSent: 5000 } }))).toBe(
      'Uploading (100%)',
    );
    expect(stepText(repo({ step: 'uploading', upload: { bytesSent: 5 } }))).toBe('Uploading');
    expect(
      stepText(repo({ step: 'uploading', archive: { ...archive, bytes: 0 }, upload: { bytesSent: 0 } })),
    ).toBe('Uploading');
  });

  it('tones ends apart from work under way, never by colour alone (the words stay)', () => {
    expect(stepTone('done')).toBe('success');
    expect(stepTone('failed')).toBe('error');
    expect(stepTone('importing')).toBe('info');
    expect(stepTone('cancelled')).toBe('warning');
  });

  it('offers retry on a failed repository and abort on an import GitHub holds or runs', () => {
    expect(canRetry(repo({ step: 'failed' }))).toBe(true);
    expect(canRetry(repo({ step: 'aborted' }))).toBe(true);
    expect(canRetry(repo({ step: 'done' }))).toBe(false);
    expect(canRetry(repo({ step: 'cancelled' }))).toBe(false);
    expect(canAbort(repo({ step: 'queued' }))).toBe(true);
    expect(canAbort(repo({ step: 'importing' }))).toBe(true);
    expect(canAbort(repo({ step: 'uploading' }))).toBe(false);
    expect(canAbort(repo({ step: 'validating' }))).toBe(false);
  });

  it('names validation fields and side values', () => {
    expect(fieldWords('pullRequests.merged')).toBe('Merged pull requests');
    expect(fieldWords('wikis')).toBe('wikis');
    expect(sideText('issues', 12345)).toBe('12,345');
    expect(sideText('repository', null)).toBe('missing');
    expect(sideText('headOid', 'a'.repeat(40))).toBe('aaaaaaa');
    expect(sideText('defaultBranch', 'main')).toBe('main');
  });
});

describe('the source column', () => {
  it('says the source’s lock, and Archived once GitHub confirmed the archive', () => {
    expect(sourceText(repo({}))).toBe('—');
    expect(sourceText(repo({ sourceLock: 'locked' }))).toBe('Locked');
    expect(sourceText(repo({ sourceLock: 'unlocked' }))).toBe('Unlocked');
    expect(sourceText(repo({ sourceLock: 'unlocked', sourceArchived: true }))).toBe('Archived');
  });
});
