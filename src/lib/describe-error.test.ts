import { describe, expect, it } from 'vitest';
import { ApiError, type ApiErrorInit } from './api-error';
import { describeError } from './describe-error';
import { formatClockTime } from './format';

function error(init: Partial<ApiErrorInit> & Pick<ApiErrorInit, 'kind'>): ApiError {
  return new ApiError({ upstream: 'github', message: 'upstream words', ...init });
}

const RETRY_AT = new Date(2030, 5, 1, 14, 5).getTime();

describe('describeError', () => {
  const cases: [string, ApiError, string][] = [
    ['network', error({ kind: 'network' }), 'Cannot reach the server'],
    ['timeout', error({ kind: 'timeout' }), 'The request timed out'],
    ['401', error({ kind: 'http', status: 401 }), 'Not signed in'],
    ['403', error({ kind: 'http', status: 403 }), 'Permission denied'],
    ['404', error({ kind: 'http', status: 404 }), 'Not found'],
    ['422', error({ kind: 'http', status: 422 }), 'The request was rejected'],
    ['500', error({ kind: 'http', status: 500 }), 'GitHub is having trouble (HTTP 500)'],
    ['503', error({ kind: 'http', status: 503 }), 'GitHub is having trouble (HTTP 503)'],
    ['504', error({ kind: 'http', status: 504 }), 'The upstream timed out'],
    ['409', error({ kind: 'http', status: 409 }), 'Request failed (HTTP 409)'],
    ['no status', error({ kind: 'http' }), 'Request failed (HTTP ?)'],
    ['primary rate limit', error({ kind: 'rate-limited', status: 403 }), 'Rate limit exhausted'],
    [
      'secondary rate limit',
      error({ kind: 'secondary-rate-limited', status: 403 }),
      'Slow down: secondary rate limit',
    ],
    [
      'registrar with a code',
      error({ kind: 'registrar', upstream: 'registrar', code: 'INVALID_DOMAIN' }),
      'The registrar refused (INVALID_DOMAIN)',
    ],
    [
      'registrar without a code',
      error({ kind: 'registrar', upstream: 'registrar' }),
      'The registrar refused',
    ],
    ['malformed', error({ kind: 'malformed' }), 'GitHub sent an answer Ferry could not read'],
  ];

  it.each(cases)('titles %s as %j', (_name, apiError, title) => {
    expect(describeError(apiError).title).toBe(title);
  });

  it('gives each kind of failure a title of its own', () => {
    const titles = cases
      .slice(0, 9)
      .concat(cases.slice(11, 13))
      .map(([, apiError]) => describeError(apiError).title);
    expect(new Set(titles).size).toBe(titles.length);
  });

  it('names the upstream', () => {
    expect(describeError(error({ kind: 'http', status: 502, upstream: 'registrar' })).title).toBe(
      'The registrar is having trouble (HTTP 502)',
    );
    expect(describeError(error({ kind: 'timeout', upstream: 'gateway' })).detail).toBe(
      'Ferry’s server took too long to answer.',
    );
    expect(describeError(error({ kind: 'malformed', upstream: 'gateway' })).title).toBe(
      'Ferry’s server sent an answer Ferry could not read',
    );
  });

  it('heads GitHub’s fault the gateway relays as GitHub’s: the importer’s 503 (a move’s target), GitHub’s own status', () => {
    const importer = describeError(
      error({ kind: 'http', status: 503, side: 'target', code: 'TARGET_UNAVAILABLE' }),
    );
    expect(importer.title).toBe('GitHub’s importer is unavailable (HTTP 503)');
    expect(importer.hint).toBe('The trouble is GitHub’s, not Ferry’s: retry in a minute.');
    // GitHub's HTTP 503, answered by the gateway as a 502: headed with GitHub's status.
    expect(
      describeError(error({ kind: 'http', status: 502, upstreamStatus: 503, side: 'target' })).title,
    ).toBe('GitHub’s importer is unavailable (HTTP 503)');
    expect(describeError(error({ kind: 'http', status: 502, upstreamStatus: 500 })).title).toBe(
      'GitHub is having trouble (HTTP 500)',
    );
    expect(describeError(error({ kind: 'http', status: 503, upstream: 'gateway' })).title).toBe(
      'Ferry’s server is having trouble (HTTP 503)',
    );
  });

  it('shows the upstream’s own words as the detail', () => {
    expect(describeError(error({ kind: 'http', status: 404, message: 'Not Found' })).detail).toBe(
      'Not Found',
    );
    expect(
      describeError(error({ kind: 'rate-limited', message: 'API rate limit exceeded for user ID 1.' }))
        .detail,
    ).toBe('API rate limit exceeded for user ID 1.');
  });

  it('says when a rate limit lifts', () => {
    expect(describeError(error({ kind: 'rate-limited', retryAt: RETRY_AT })).hint).toBe(
      `The limit lifts at ${formatClockTime(RETRY_AT)}; Ferry pauses until then.`,
    );
    expect(describeError(error({ kind: 'rate-limited' })).hint).toBe('Wait for the limit to reset.');
    expect(describeError(error({ kind: 'secondary-rate-limited', retryAt: RETRY_AT })).hint).toBe(
      `Wait until ${formatClockTime(RETRY_AT)} before trying again.`,
    );
    expect(describeError(error({ kind: 'secondary-rate-limited' })).hint).toBe(
      'Wait a minute before trying again.',
    );
    expect(describeError(error({ kind: 'registrar', upstream: 'registrar', retryAt: RETRY_AT })).hint).toBe(
      `Try again after ${formatClockTime(RETRY_AT)}.`,
    );
  });

  it('tells a person what to do about a 401 and a 422', () => {
    expect(describeError(error({ kind: 'http', status: 401 })).hint).toMatch(/GITHUB_TOKEN/);
    const withField = error({
      kind: 'http',
      status: 422,
      fieldErrors: [{ resource: 'Import', field: 'vcs_url', code: 'invalid' }],
    });
    expect(describeError(withField).hint).toBe('Correct the highlighted fields and retry.');
    // No field named (an organization with nothing to export): nothing is highlighted, so it says so.
    expect(describeError(error({ kind: 'http', status: 422 })).hint).toBe(
      'Change what the message names and retry.',
    );
  });

  it('says a 410 is a retired operation that retrying will not bring back', () => {
    const gone = describeError(error({ kind: 'http', status: 410, message: 'The API has been retired.' }));
    expect(gone.title).toBe('Gone: retired on this server');
    expect(gone.detail).toBe('The API has been retired.');
    expect(gone.hint).toBe('GitHub no longer offers this operation; retrying will not help.');
  });
});

describe('a refusal by the signed-in person’s role (issue 51)', () => {
  it('says where a role comes from, and that a session ended means signing in again; not the token', () => {
    const forbidden = describeError(
      error({
        kind: 'http',
        upstream: 'gateway',
        status: 403,
        code: 'FORBIDDEN',
        message: 'This needs the admin role.',
      }),
    );
    expect(forbidden.hint).toBe(
      'Your role comes from GitHub: ask an owner of the source organization if you need more.',
    );
    const ended = describeError(
      error({ kind: 'http', upstream: 'gateway', status: 401, code: 'SIGN_IN_REQUIRED' }),
    );
    expect(ended.hint).toBe('Your session ended: sign in with GitHub again.');
    expect(describeError(error({ kind: 'http', status: 403 })).hint).toBe(
      'The token lacks the permission or scope this needs.',
    );
  });
});
