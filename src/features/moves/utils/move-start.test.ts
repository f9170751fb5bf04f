import { describe, expect, it } from 'vitest';
import type { MovePreview, TokenCheck } from '@/contracts/moves';
import { startBlockedBecause, trialRequest } from './move-start';

const token = (change: Partial<TokenCheck>): TokenCheck => ({
  side: 'target',
  credential: 'default',
  kind: 'classic',
  steps: ['start-import'],
  ok: true,
  reason: 'scopes repo, admin:org, workflow',
  ...change,
});

const preview = (ready: number, tokens: TokenCheck[]) => ({ ready, tokens }) as unknown as MovePreview;

describe('when a move may start', () => {
  it('waits for a preview', () => {
    expect(startBlockedBecause(undefined)).toMatch(/^Preview first/);
  });

  it('starts with ready repositories and every token able', () => {
    expect(startBlockedBecause(preview(3, [token({ side: 'source' }), token({})]))).toBeUndefined();
  });

  it('names each refused token with GitHub’s reason', () => {
    const reason = startBlockedBecause(
      preview(3, [
        token({ side: 'source' }),
        token({ credential: 'app', ok: false, reason: 'GEI refuses App tokens' }),
      ]),
    );
    expect(reason).toBe('GitHub would refuse the target token “app”: GEI refuses App tokens');
  });

  it('refuses a plan with no ready repository', () => {
    expect(startBlockedBecause(preview(0, [token({})]))).toBe('No repository of this plan is ready to move.');
  });
});

describe('a trial’s start', () => {
  const planned = (sizes: number[]) => ({
    request: {
      source: { kind: 'org' as const, login: 'octo-org' },
      target: { login: 'octo-target' },
      filters: { namePattern: 'svc-*', visibility: 'all' as const },
      caps: { maxRepos: 1, maxSizeKb: 1_000_000, concurrency: 3 },
      repositories: [{ name: 'svc-3', targetName: 'svc-three' }, { name: 'svc-0' }],
    },
    preview: {
      repositories: sizes.map((sizeKb, index) => ({
        name: `svc-${index}`,
        targetName: `svc-${index}`,
        sourceVisibility: 'private' as const,
        visibility: 'private' as const,
        sizeKb,
        checks: [],
        // svc-1 is not ready: never in a sample.
        ready: index !== 1,
      })),
    } as unknown as MovePreview,
  });

  it('of every ready one: the plan as it is, marked a trial (kept when asked)', () => {
    const plan = planned([5, 50, 7]);
    expect(trialRequest(plan, 'all', false)).toEqual({ ...plan.request, trial: true });
    expect(trialRequest(plan, 'all', true)).toEqual({ ...plan.request, trial: true, keepTrial: true });
  });

  it('of the 10 largest ready ones, by exact names, their choices kept', () => {
    const sizes = Array.from({ length: 14 }, (_, index) => index * 10);
    const request = trialRequest(planned(sizes), 'largest', false);
    expect(request.filters.namePattern?.split(' ')).toEqual([
      'svc-13',
      'svc-12',
      'svc-11',
      'svc-10',
      'svc-9',
      'svc-8',
      'svc-7',
      'svc-6',
      'svc-5',
      'svc-4',
    ]);
    expect(request.filters.visibility).toBe('all');
    expect(request.repositories).toEqual([]);
    const withChoice = trialRequest(
      planned(sizes.map((size, index) => (index === 3 ? 10_000 : size))),
      'largest',
      false,
    );
    expect(withChoice.repositories).toEqual([{ name: 'svc-3', targetName: 'svc-three' }]);
    expect(withChoice.trial).toBe(true);
  });
});
