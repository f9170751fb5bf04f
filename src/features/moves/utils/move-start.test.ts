import { describe, expect, it } from 'vitest';
import type { MovePreview, TokenCheck } from '@/contracts/moves';
import { startBlockedBecause } from './move-start';

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
