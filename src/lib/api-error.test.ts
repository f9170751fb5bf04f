import { describe, expect, it } from 'vitest';
import { ApiError, errorFromResponse, isApiError } from './api-error';

const NOW = 1_700_000_000_000;
const DOCS = 'https://docs.github.com/rest';

function headers(values: Record<string, string> = {}): Headers {
  return new Headers(values);
}

describe('ApiError', () => {
  it('keeps everything it was given and defaults the field errors to none', () => {
    const error = new ApiError({ kind: 'timeout', upstream: 'registrar', message: 'slow' });
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('ApiError');
    expect(error.message).toBe('slow');
    expect(error.kind).toBe('timeout');
    expect(error.upstream).toBe('registrar');
    expect(error.fieldErrors).toEqual([]);
    expect(error.status).toBeUndefined();
    expect(isApiError(error)).toBe(true);
    expect(isApiError(new Error('slow'))).toBe(false);
    expect(isApiError({ kind: 'timeout', message: 'slow' })).toBe(false);
  });
});

describe('errorFromResponse', () => {
  it('reads a GitHub basic-error', () => {
    const error = errorFromResponse(
      'github',
      404,
      headers({ 'x-github-request-id': 'ABCD:1234' }),
      { message: 'Not Found', documentation_url: DOCS, status: '404' },
      NOW,
    );
    expect(error.kind).toBe('http');
    expect(error.upstream).toBe('github');
    expect(error.status).toBe(404);
    expect(error.message).toBe('Not Found');
    expect(error.documentationUrl).toBe(DOCS);
    expect(error.requestId).toBe('ABCD:1234');
    expect(error.fieldErrors).toEqual([]);
    expect(error.retryAt).toBeUndefined();
  });

  it('turns a validation-error errors[] into field errors', () => {
    const error = errorFromResponse(
      'github',
      422,
      headers(),
      {
        message: 'Validation Failed',
        errors: [
          { resource: 'Label', code: 'invalid', field: 'color' },
          { resource: 'Import', code: 'custom', field: 'vcs_url', message: 'vcs_url is not a valid URL' },
          'a plain string error',
          42,
          { field: 'name' },
        ],
        documentation_url: 'https://docs.github.com/rest/reference/issues#create-a-label',
      },
      NOW,
    );
    expect(error.kind).toBe('http');
    expect(error.status).toBe(422);
    expect(error.message).toBe('Validation Failed');
    expect(error.fieldErrors).toEqual([
      { resource: 'Label', code: 'invalid', field: 'color', message: undefined },
      { resource: 'Import', code: 'custom', field: 'vcs_url', message: 'vcs_url is not a valid URL' },
      { code: 'custom', message: 'a plain string error' },
      { code: 'invalid', field: 'name', message: undefined, resource: undefined },
    ]);
  });

  it('reads a 403 with x-ratelimit-remaining 0 as a primary rate limit lifting a second after the reset', () => {
    const error = errorFromResponse(
      'github',
      403,
      headers({
        'x-ratelimit-remaining': '0',
        'x-ratelimit-reset': '1700000600',
        'x-ratelimit-limit': '5000',
      }),
      { message: 'API rate limit exceeded for user ID 1.', documentation_url: DOCS },
      NOW,
    );
    expect(error.kind).toBe('rate-limited');
    expect(error.status).toBe(403);
    expect(error.message).toBe('API rate limit exceeded for user ID 1.');
    expect(error.retryAt).toBe(1_700_000_600 * 1000 + 1000);
  });

  it('measures the wait to the reset on the upstream’s clock (its Date), then places it on this one', () => {
    // The upstream's clock is an hour ahead of this machine (a simulator after /__sim/advance, or drift).
    const upstreamNow = NOW + 3_600_000;
    const error = errorFromResponse(
      'github',
      403,
      headers({
        'x-ratelimit-remaining': '0',
        'x-ratelimit-reset': String((upstreamNow + 60_000) / 1000),
        date: new Date(upstreamNow).toUTCString(),
      }),
      { message: 'API rate limit exceeded for user ID 1.' },
      NOW,
    );
    expect(error.retryAt).toBe(NOW + 61_000);
    // Without a Date header, the skew seen on earlier answers stands in.
    const noDate = errorFromResponse(
      'github',
      403,
      headers({ 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': String((upstreamNow + 60_000) / 1000) }),
      {},
      NOW,
      3_600_000,
    );
    expect(noDate.retryAt).toBe(NOW + 61_000);
  });

  it('treats a 429 primary limit like a 403 and falls back to a minute without a reset header', () => {
    const withReset = errorFromResponse(
      'github',
      429,
      headers({ 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '1700000100' }),
      {},
      NOW,
    );
    expect(withReset.kind).toBe('rate-limited');
    expect(withReset.status).toBe(429);
    expect(withReset.message).toBe('API rate limit exceeded.');
    expect(withReset.retryAt).toBe(1_700_000_101_000);
    const withoutReset = errorFromResponse(
      'github',
      403,
      headers({ 'x-ratelimit-remaining': '0' }),
      { message: 'limited' },
      NOW,
    );
    expect(withoutReset.retryAt).toBe(NOW + 60_000);
  });

  it.each([403, 429])(
    'reads a %i "secondary rate limit" message as a secondary limit waiting retry-after',
    (status) => {
      const error = errorFromResponse(
        'github',
        status,
        headers({ 'retry-after': '30', 'x-ratelimit-remaining': '4000' }),
        {
          message:
            'You have exceeded a secondary rate limit. Please wait a few minutes before you try again.',
        },
        NOW,
      );
      expect(error.kind).toBe('secondary-rate-limited');
      expect(error.status).toBe(status);
      expect(error.retryAt).toBe(NOW + 30_000);
    },
  );

  it('waits 60 s for a secondary limit without retry-after, and wins over remaining 0', () => {
    const error = errorFromResponse(
      'github',
      403,
      headers({ 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '1700009999' }),
      {
        message:
          'You have exceeded a Secondary Rate limit and have been temporarily blocked from content creation.',
      },
      NOW,
    );
    expect(error.kind).toBe('secondary-rate-limited');
    expect(error.retryAt).toBe(NOW + 60_000);
  });

  it('reads a plain 403 as a permission error, not a rate limit', () => {
    const error = errorFromResponse(
      'github',
      403,
      headers({ 'x-ratelimit-remaining': '4999', 'x-ratelimit-reset': '1700000600' }),
      { message: 'Must have admin rights to Repository.', documentation_url: DOCS },
      NOW,
    );
    expect(error.kind).toBe('http');
    expect(error.status).toBe(403);
    expect(error.message).toBe('Must have admin rights to Repository.');
    expect(error.retryAt).toBeUndefined();
  });

  it('does not read "secondary rate" in other statuses as a rate limit', () => {
    const error = errorFromResponse(
      'github',
      500,
      headers({ 'retry-after': '5' }),
      { message: 'secondary rate trouble' },
      NOW,
    );
    expect(error.kind).toBe('http');
    expect(error.retryAt).toBeUndefined();
  });

  it('reads a registrar ERROR envelope under HTTP 200', () => {
    const error = errorFromResponse(
      'registrar',
      200,
      headers({ 'x-request-id': 'header-id' }),
      {
        status: 'ERROR',
        message: 'Domain is not available.',
        code: 'DOMAIN_NOT_AVAILABLE',
        requestId: 'body-id',
      },
      NOW,
    );
    expect(error.kind).toBe('registrar');
    expect(error.upstream).toBe('registrar');
    expect(error.status).toBe(200);
    expect(error.code).toBe('DOMAIN_NOT_AVAILABLE');
    expect(error.message).toBe('Domain is not available.');
    expect(error.requestId).toBe('body-id');
    expect(error.retryAt).toBeUndefined();
  });

  it('reads a registrar 400 rate limit with its code and ttlRemaining', () => {
    const error = errorFromResponse(
      'registrar',
      400,
      headers({ 'x-request-id': 'header-id' }),
      { status: 'ERROR', message: 'Rate limit exceeded.', code: 'RATE_LIMIT_EXCEEDED', ttlRemaining: 12 },
      NOW,
    );
    expect(error.kind).toBe('registrar');
    expect(error.status).toBe(400);
    expect(error.code).toBe('RATE_LIMIT_EXCEEDED');
    expect(error.retryAt).toBe(NOW + 12_000);
    expect(error.requestId).toBe('header-id');
  });

  it('gives a registrar envelope without a message a default one', () => {
    const error = errorFromResponse(
      'registrar',
      400,
      headers(),
      { status: 'ERROR', ttlRemaining: 'soon' },
      NOW,
    );
    expect(error.message).toBe('The registrar reported an error.');
    expect(error.code).toBeUndefined();
    expect(error.retryAt).toBeUndefined();
  });

  it('reads a registrar error that is not an envelope as HTTP', () => {
    const error = errorFromResponse('registrar', 503, headers(), { message: 'down' }, NOW);
    expect(error.kind).toBe('http');
    expect(error.status).toBe(503);
  });

  it('reads a gateway error with its code', () => {
    const error = errorFromResponse(
      'gateway',
      404,
      headers(),
      { message: 'Unknown operation.', code: 'NOT_ALLOWED', source: 'gateway' },
      NOW,
    );
    expect(error.kind).toBe('http');
    expect(error.code).toBe('NOT_ALLOWED');
  });

  it('reads GitHub’s fault relayed by the gateway as GitHub’s, with GitHub’s status and the move’s side', () => {
    const relayed = (body: Record<string, unknown>) =>
      errorFromResponse('gateway', 502, headers(), { message: 'm', source: 'gateway', ...body }, NOW);
    const error = relayed({ upstream: 'github', upstreamStatus: 503, side: 'target' });
    expect(error).toMatchObject({ upstream: 'github', status: 502, upstreamStatus: 503, side: 'target' });
    // The gateway's own fault stays its own; a garbled mark is not read.
    expect(relayed({}).upstream).toBe('gateway');
    expect(relayed({ upstream: 'github', upstreamStatus: 'x', side: 'moon' })).toMatchObject({
      upstream: 'github',
      upstreamStatus: undefined,
      side: undefined,
    });
    expect(errorFromResponse('github', 502, headers(), { upstream: 'registrar' }, NOW).upstream).toBe(
      'github',
    );
  });

  it.each([undefined, 'Bad Gateway', ['not', 'an', 'object'], null, 7])(
    'reads a body that is not a JSON object (%j) as malformed',
    (body) => {
      const error = errorFromResponse('github', 502, headers(), body, NOW);
      expect(error.kind).toBe('malformed');
      expect(error.status).toBe(502);
      expect(error.message).toBe('The server answered HTTP 502.');
    },
  );

  it('uses a default message when the body has none', () => {
    expect(errorFromResponse('github', 500, headers(), {}, NOW).message).toBe(
      'The server answered HTTP 500.',
    );
    expect(errorFromResponse('github', 500, headers(), { message: '' }, NOW).message).toBe(
      'The server answered HTTP 500.',
    );
  });
});
