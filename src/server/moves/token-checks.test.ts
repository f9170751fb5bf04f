import { describe, expect, it } from 'vitest';
import { sourceTokenCheck, targetTokenCheck, tokenKindOf } from './token-checks';

describe('the tokens a move needs', () => {
  it('tells a token’s kind by GitHub’s prefixes', () => {
    const token = (value: string) => tokenKindOf({ name: 'n', kind: 'classic', token: value });
    expect(token('ghp_abc')).toBe('classic');
    expect(token('sim-token-target-octocat-FAKE')).toBe('classic');
    expect(token('github_pat_abc')).toBe('fine-grained');
    expect(token('ghs_abc')).toBe('app');
    expect(tokenKindOf({ name: 'a', kind: 'app', appId: '1', installationId: 2, privateKey: 'k' })).toBe(
      'app',
    );
  });

  it('refuses App and fine-grained target tokens, with GitHub’s words when it said them', () => {
    const refusal = { message: 'Resource not accessible by integration', type: 'FORBIDDEN' };
    expect(targetTokenCheck('app', 'app', { geiRefusal: refusal })).toMatchObject({
      ok: false,
      reason: 'GitHub says: Resource not accessible by integration',
    });
    // Without GitHub's words (it answered the probe), the documented rule still refuses.
    const fineGrained = targetTokenCheck('fg', 'fine-grained', { geiRefusal: null });
    expect(fineGrained.ok).toBe(false);
    expect(fineGrained.reason).toMatch(/only a personal access token \(classic\)/);
    expect(targetTokenCheck('app', 'app', { geiRefusal: null }).reason).toMatch(/gh-gei#1260/);
  });

  it('takes a classic target token with an owner’s or a migrator’s scopes, refuses one without', () => {
    const check = (scopes?: string[]) => targetTokenCheck('t', 'classic', { geiRefusal: null, scopes });
    expect(check(undefined).ok).toBe(true);
    expect(check(['repo', 'admin:org', 'workflow']).ok).toBe(true);
    expect(check(['workflow', 'read:org', 'repo']).ok).toBe(true);
    expect(check(['repo', 'admin:org']).ok).toBe(false);
    expect(check(['repo', 'admin:org']).reason).toMatch(/workflow/);
    expect(
      targetTokenCheck('t', 'classic', {
        geiRefusal: { message: 'Bad scopes', type: 'INSUFFICIENT_SCOPES' },
      }),
    ).toMatchObject({ ok: false, reason: 'GitHub says: Bad scopes' });
  });

  it('takes a source token that may export with admin:org and repo', () => {
    expect(sourceTokenCheck('s', 'classic', ['admin:org', 'repo', 'user']).ok).toBe(true);
    expect(sourceTokenCheck('s', 'classic', undefined).ok).toBe(true);
    const narrow = sourceTokenCheck('s', 'classic', ['repo']);
    expect(narrow.ok).toBe(false);
    expect(narrow.reason).toMatch(/admin:org, repo; this token has repo/);
  });
});
