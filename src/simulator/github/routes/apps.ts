import type { Context, Hono } from 'hono';
import { mintInstallationToken, SIM_APP } from '../apps';
import type { GithubEnv } from '../auth';
import { buildSimpleUser } from '../factories/user';
import { apiBase, githubError, sendJson, webBase } from '../http';
import type { GithubState } from '../state';

/** Installation tokens live an hour, as on GitHub. */
const TOKEN_LIFETIME_MS = 3_600_000;

/**
 * The App routes an App's JWT may call: its installations, and minting an installation token (which has
 * the installation's own rate-limit budget and permissions).
 */
export function registerAppRoutes(app: Hono<GithubEnv>, state: () => GithubState) {
  const installation = (c: Context<GithubEnv>) => {
    const account = state().world.accounts.get(SIM_APP.account);
    if (!account) return undefined;
    const api = apiBase(c);
    return {
      id: SIM_APP.installationId,
      account: buildSimpleUser(account, api, webBase(c)),
      repository_selection: 'all',
      access_tokens_url: `${api}/app/installations/${SIM_APP.installationId}/access_tokens`,
      repositories_url: `${api}/installation/repositories`,
      html_url: `${webBase(c)}/organizations/${SIM_APP.account}/settings/installations/${SIM_APP.installationId}`,
      app_id: SIM_APP.id,
      app_slug: SIM_APP.slug,
      target_id: account.id,
      target_type: account.type,
      permissions: SIM_APP.permissions,
      events: [],
      created_at: account.createdAt,
      updated_at: account.createdAt,
      single_file_name: null,
      suspended_at: null,
      suspended_by: null,
    };
  };
  const asApp = (c: Context<GithubEnv>) =>
    c.get('actor').kind === 'app'
      ? undefined
      : githubError(c, 401, 'A JSON web token could not be decoded', {
          documentation_url:
            'https://docs.github.com/rest/apps/apps#list-installations-for-the-authenticated-app',
        });

  app.get('/app/installations', (c) => {
    const found = installation(c);
    return asApp(c) ?? sendJson(c, found ? [found] : []);
  });

  app.get('/app/installations/:id', (c) => {
    const refused = asApp(c);
    if (refused) return refused;
    const found = installation(c);
    return found && c.req.param('id') === String(SIM_APP.installationId)
      ? sendJson(c, found)
      : githubError(c, 404, 'Not Found');
  });

  app.post('/app/installations/:id/access_tokens', (c) => {
    const refused = asApp(c);
    if (refused) return refused;
    if (c.req.param('id') !== String(SIM_APP.installationId)) return githubError(c, 404, 'Not Found');
    const { tokens } = state().world;
    // Expired tokens are forgotten (they answer 401 either way).
    for (const [value, held] of tokens)
      if (held.expiresAt && held.expiresAt <= Date.now()) tokens.delete(value);
    const expiresAt = Date.now() + TOKEN_LIFETIME_MS;
    const token = mintInstallationToken(SIM_APP.installationId, expiresAt);
    tokens.set(token, {
      scopes: [],
      kind: 'installation',
      permissions: { ...SIM_APP.permissions },
      installationId: SIM_APP.installationId,
      expiresAt,
    });
    return sendJson(
      c,
      {
        token,
        expires_at: new Date(expiresAt).toISOString().replace(/\.\d{3}Z$/, 'Z'),
        permissions: SIM_APP.permissions,
        repository_selection: 'all',
      },
      201,
    );
  });
}
