import { describe, expect, it } from 'vitest';
import { GITHUB_API_VERSION, JSON_ACCEPT, PREVIEW_ACCEPT, USER_AGENT } from './http';
import { parseRateLimitHeaders, RATE_LIMIT_HEADERS, rateLimitHeaderEntries } from './rate-limit';
import { API_VERSION_SELECTED_HEADER, githubRequestHeaders, storageRequestHeaders } from './wire-headers';

describe('the headers Ferry sends GitHub', () => {
  it('every request: Ferry’s User-Agent, the API version asked, GitHub’s JSON media type', () => {
    expect(githubRequestHeaders({ apiVersion: '2026-03-10' })).toEqual({
      'user-agent': USER_AGENT,
      'x-github-api-version': '2026-03-10',
      accept: JSON_ACCEPT,
    });
  });

  it('the migrations API asks for its preview media type', () => {
    expect(githubRequestHeaders({ apiVersion: GITHUB_API_VERSION, accept: 'preview' }).accept).toBe(
      PREVIEW_ACCEPT,
    );
  });

  it('an authorization is added when given, and only then', () => {
    expect(githubRequestHeaders({ apiVersion: GITHUB_API_VERSION, authorization: 'Bearer x' })).toMatchObject(
      {
        authorization: 'Bearer x',
      },
    );
    expect(githubRequestHeaders({ apiVersion: GITHUB_API_VERSION })).not.toHaveProperty('authorization');
  });

  it('is a valid Headers init and a fresh object each time (callers add to it)', () => {
    const first = githubRequestHeaders({ apiVersion: GITHUB_API_VERSION });
    first['if-none-match'] = '"x"';
    expect(githubRequestHeaders({ apiVersion: GITHUB_API_VERSION })).not.toHaveProperty('if-none-match');
    expect(new Headers(first).get('user-agent')).toBe(USER_AGENT);
  });

  it('a signed storage URL gets Ferry’s User-Agent and nothing else (no credential, no GitHub media type)', () => {
    expect(storageRequestHeaders()).toEqual({ 'user-agent': USER_AGENT });
  });
});

describe('GitHub’s rate-limit headers', () => {
  it('are named once, as GitHub sends them', () => {
    expect(RATE_LIMIT_HEADERS).toEqual([
      'x-ratelimit-limit',
      'x-ratelimit-remaining',
      'x-ratelimit-used',
      'x-ratelimit-reset',
      'x-ratelimit-resource',
    ]);
    expect(API_VERSION_SELECTED_HEADER).toBe('x-github-api-version-selected');
  });

  it('a reading written as headers reads back the same', () => {
    const reading = { resource: 'search', limit: 30, remaining: 12, used: 18, reset: 1_700_000_000 };
    const entries = rateLimitHeaderEntries(reading);
    expect(entries.map(([name]) => name)).toEqual(RATE_LIMIT_HEADERS);
    expect(parseRateLimitHeaders(new Headers(entries))).toEqual(reading);
  });
});
