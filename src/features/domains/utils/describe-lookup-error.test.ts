import { describe, expect, it } from 'vitest';
import { ShapeError } from '@/contracts/json';
import { ApiError } from '@/lib/api-error';
import { describeLookupError } from './describe-lookup-error';

const registrar = (
  code: string,
  status = 400,
  extra: Partial<ConstructorParameters<typeof ApiError>[0]> = {},
) => new ApiError({ kind: 'registrar', upstream: 'registrar', status, code, message: 'msg', ...extra });

describe('describeLookupError', () => {
  it.each([
    [registrar('INVALID_TLD'), 'unknown-tld', /does not offer \.zz/],
    [registrar('INVALID_API_KEYS_002'), 'bad-keys', /refused Ferry’s API keys/],
    [registrar('API_KEY_REQUIRED'), 'bad-keys', /API keys/],
    [registrar('RATE_LIMIT_EXCEEDED', 503, { retryAt: Date.now() + 2000 }), 'throttled', /throttling/],
    [
      new ApiError({ kind: 'http', upstream: 'registrar', status: 503, message: 'nginx' }),
      'throttled',
      /throttling/,
    ],
    [
      new ApiError({ kind: 'network', upstream: 'registrar', message: 'no answer' }),
      'network',
      /Cannot reach/,
    ],
    [
      new ApiError({
        kind: 'http',
        upstream: 'registrar',
        status: 502,
        code: 'UPSTREAM_UNREACHABLE',
        message: 'x',
      }),
      'network',
      /registrar could not be reached/,
    ],
    [new ShapeError('registrar', 'tld is missing'), 'unreadable', /could not be read/],
    [new ApiError({ kind: 'http', upstream: 'registrar', status: 500, message: 'boom' }), 'other', /trouble/],
  ])('%s → %s', (error, kind, title) => {
    const description = describeLookupError(error, 'zz');
    expect(description.kind).toBe(kind);
    expect(description.title).toMatch(title);
    expect(description.hint.length).toBeGreaterThan(10);
  });

  it('points bad keys at the server configuration, never asking for keys in the browser', () => {
    expect(describeLookupError(registrar('INVALID_API_KEYS_002'), 'com').hint).toMatch(/PORKBUN_API_KEY/);
  });
});
