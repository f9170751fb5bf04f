import { describe, expect, it } from 'vitest';
import { DEFAULT_PLAN, toPlanRequest } from './plan-form';

describe('toPlanRequest', () => {
  it('turns typed fields into a plan: MB → KB, GB caps, comma-separated languages', () => {
    const plan = toPlanRequest({
      ...DEFAULT_PLAN,
      org: ' big-org ',
      languages: 'Go, TypeScript,',
      minSizeMb: '1.5',
      maxBatchGb: '1',
      maxRepos: '10',
      lockRepositories: true,
      unlockWhenVerified: true,
    });
    expect(plan.owner).toEqual({ kind: 'org', login: 'big-org' });
    expect(plan.filters).toMatchObject({ languages: ['Go', 'TypeScript'], minSizeKb: 1_536 });
    expect(plan.filters.maxSizeKb).toBeUndefined();
    expect(plan.caps).toEqual({ maxRepos: 10, maxSizeKb: 1_048_576, concurrency: 2 });
    expect(plan.options).toMatchObject({ lockRepositories: true, unlockWhenVerified: true });
  });
  it('never asks to unlock without locking, and takes the user’s own repositories when asked', () => {
    const plan = toPlanRequest({ ...DEFAULT_PLAN, ownRepos: true, unlockWhenVerified: true });
    expect(plan.owner.kind).toBe('user');
    expect(plan.options.unlockWhenVerified).toBe(false);
  });
});
