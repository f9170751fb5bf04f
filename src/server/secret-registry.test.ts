import { describe, expect, it } from 'vitest';
import { createSecretRegistry, MAX_LEARNT_SECRETS } from './secret-registry';
import { secretsOfTarget, shownReceiverUrl } from './alerts/receiver-secrets';

describe('the secret registry', () => {
  it('redacts fixed and learnt secrets, their base64 forms and JSON escapes', () => {
    const registry = createSecretRegistry(['ghp_fixed_token_00000001']);
    registry.add('ghs_minted_installation_token_1', 'short', undefined, null);
    const base64 = Buffer.from('ghs_minted_installation_token_1').toString('base64');
    const text = `a ghp_fixed_token_00000001 b ghs_minted_installation_token_1 c ${base64} d \\u0067hs_minted_installation_token_1`;
    expect(registry.redact(text)).toBe('a [redacted] b [redacted] c [redacted] d [redacted]');
    expect(registry.redact('short stays')).toBe('short stays');
  });

  it('keeps at most MAX_LEARNT_SECRETS learnt ones, forgetting the oldest', () => {
    const registry = createSecretRegistry();
    for (let n = 0; n <= MAX_LEARNT_SECRETS; n++) registry.add(`learnt-secret-${String(n).padStart(4, '0')}`);
    expect(registry.list()).toHaveLength(MAX_LEARNT_SECRETS * 2);
    expect(registry.redact('learnt-secret-0000')).toBe('learnt-secret-0000');
    expect(registry.redact(`learnt-secret-${String(MAX_LEARNT_SECRETS).padStart(4, '0')}`)).toBe(
      '[redacted]',
    );
  });
});

describe('alert receivers', () => {
  const slack = 'https://hooks.slack.com/services/T0ABCDEF1/B0ABCDEF2/abcdefghijklmnop';

  it('a Slack URL is shown with its ids cut and its secret masked', () => {
    expect(shownReceiverUrl('slack', slack)).toBe('https://hooks.slack.com/services/T…/B…/••••');
    expect(shownReceiverUrl('webhook', 'https://hooks.example.com/ferry?token=abc&x=1')).toBe(
      'https://hooks.example.com/ferry?token=••••&x=••••',
    );
    expect(shownReceiverUrl('webhook', 'not a url')).toBe('••••');
  });

  it('what of a target is secret', () => {
    const registry = createSecretRegistry();
    registry.add(...secretsOfTarget({ kind: 'slack', url: slack, secret: null }));
    expect(registry.redact(`posting to ${slack} failed (abcdefghijklmnop)`)).toBe(
      'posting to [redacted] failed ([redacted])',
    );
    expect(
      secretsOfTarget({ kind: 'webhook', url: 'https://x.example/receiver', secret: 'hmac-key-1' }),
    ).toEqual(['hmac-key-1']);
  });
});
