import { JSON_ACCEPT, PREVIEW_ACCEPT, USER_AGENT } from './http';

/**
 * GitHub's wire level, the one copy: the headers every request from Ferry carries (the gateway's forward path,
 * the wave runner, the credential checks, archive downloads). Anything that sends to GitHub builds its headers
 * here; the rate-limit headers GitHub answers with are named, read and written in `rate-limit.ts`.
 */

export const API_VERSION_HEADER = 'x-github-api-version';
/** The API version GitHub answered with (it may differ from the one asked for). */
export const API_VERSION_SELECTED_HEADER = 'x-github-api-version-selected';

export interface GithubRequestHeaderOptions {
  /** `X-GitHub-Api-Version`: the configured one (`GITHUB_API_VERSION`). */
  apiVersion: string;
  /** `preview` for the migrations API (its specification requires the media type); GitHub's JSON otherwise. */
  accept?: 'json' | 'preview';
  /** The chosen credential's `Authorization` value, when the caller has it already. */
  authorization?: string;
}

/** The headers of a request to GitHub's REST API, as a fresh object the caller may add to. */
export function githubRequestHeaders(options: GithubRequestHeaderOptions): Record<string, string> {
  return {
    'user-agent': USER_AGENT,
    [API_VERSION_HEADER]: options.apiVersion,
    accept: options.accept === 'preview' ? PREVIEW_ACCEPT : JSON_ACCEPT,
    ...(options.authorization === undefined ? {} : { authorization: options.authorization }),
  };
}

/**
 * The headers of a request to the storage GitHub redirects an archive to: Ferry's User-Agent only. The signed
 * URL carries its own authority; a GitHub credential must never travel there.
 */
export function storageRequestHeaders(): Record<string, string> {
  return { 'user-agent': USER_AGENT };
}
