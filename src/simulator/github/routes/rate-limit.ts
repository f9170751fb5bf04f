import type { Hono } from 'hono';
import type { SimClock } from '@/simulator/clock';
import type { GithubEnv } from '../auth';
import { githubError, sendJson } from '../http';
import { CATEGORIES } from '../rate-limits';
import type { GithubState } from '../state';

export function registerRateLimitRoutes(app: Hono<GithubEnv>, state: () => GithubState, clock: SimClock) {
  app.get('/rate_limit', (c) => {
    const s = state();
    if (s.scenario === 'rate-limit-disabled') {
      return githubError(c, 404, 'Rate limiting is not enabled.', {
        documentation_url:
          'https://docs.github.com/rest/rate-limit/rate-limit#get-rate-limit-status-for-the-authenticated-user',
      });
    }
    const now = clock.now();
    const { identity } = c.get('actor');
    const resources = Object.fromEntries(
      CATEGORIES.map((category) => [category.name, s.limiter.status(identity, category.name, now)]),
    );
    // `rate` is deprecated and mirrors `core` in API version 2022-11-28; version 2026-03-10 removed it.
    if (c.get('apiVersion') === '2026-03-10') return sendJson(c, { resources });
    return sendJson(c, { resources, rate: resources.core });
  });
}
