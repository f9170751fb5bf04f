import type { MiddlewareHandler } from 'hono';
import type { GithubEnv } from '../auth';
import { githubError } from '../http';
import type { GithubState } from '../state';

/** GitHub deprecated the Source Imports API on 2023-10-12 and removed it on github.com on 2024-04-12. */
export const IMPORTS_DEPRECATED = 'Thu, 12 Oct 2023 00:00:00 GMT';
export const IMPORTS_SUNSET = 'Fri, 12 Apr 2024 00:00:00 GMT';
export const IMPORTS_CHANGELOG =
  'https://github.blog/changelog/2023-10-11-deprecation-source-imports-rest-api';
export const IMPORTS_RETIRED_MESSAGE =
  'The Source Imports REST API has been retired: its endpoints were removed on April 12, 2024.';

/**
 * The eight source-import operations. By default they answer as they did while alive, with the `Deprecation`,
 * `Sunset` and `Link rel="deprecation"` headers GitHub sends on deprecated operations (Octokit warns on them).
 * Scenario `imports-retired`: they answer 410 Gone as github.com does since the removal date (GitHub does not
 * document the exact body; this one is GitHub's `basic-error` shape).
 */
export function importsRetirement(state: () => GithubState): MiddlewareHandler<GithubEnv> {
  return async (c, next) => {
    if (state().scenario === 'imports-retired') {
      return githubError(c, 410, IMPORTS_RETIRED_MESSAGE, {
        documentation_url: 'https://docs.github.com/rest/migrations/source-imports',
      });
    }
    await next();
    c.res.headers.set('deprecation', IMPORTS_DEPRECATED);
    c.res.headers.set('sunset', IMPORTS_SUNSET);
    const link = `<${IMPORTS_CHANGELOG}>; rel="deprecation"; type="text/html"`;
    const existing = c.res.headers.get('link');
    c.res.headers.set('link', existing ? `${existing}, ${link}` : link);
  };
}
