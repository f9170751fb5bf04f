import type { Hono } from 'hono';
import { deployKeyJson } from '../settling-bodies';
import { nextSettlingId, settlingOf } from '../settling-state';
import type { TargetWorld } from '../world';
import { jsonBody, problemsParsingJson, repoAccess, validationFailed } from './guard';

const DOCS = {
  list: 'deploy-keys/deploy-keys#list-deploy-keys',
  create: 'deploy-keys/deploy-keys#create-a-deploy-key',
};

/** An OpenSSH public key: its type and base64 body (a trailing comment is dropped, as GitHub drops it). */
const PUBLIC_KEY =
  /^(ssh-ed25519|ssh-rsa|ssh-dss|ecdsa-sha2-nistp(?:256|384|521)|sk-ssh-ed25519@openssh\.com|sk-ecdsa-sha2-nistp256@openssh\.com) ([A-Za-z0-9+/]{16,8192}={0,2})(?: [^\n]{0,200})?$/;

/**
 * A repository's deploy keys (owners only). A public key serves one repository on GitHub.com: adding one that any
 * repository of the world holds is GitHub's 422 "key is already in use".
 */
export function registerDeployKeyRoutes(app: Hono, world: TargetWorld): void {
  app.get('/repos/:owner/:repo/keys', (c) => {
    const access = repoAccess(c, world, DOCS.list, 'admin-read');
    if (access instanceof Response) return access;
    const api = new URL(c.req.url).origin;
    return c.json(access.resources.deployKeys.map((key) => deployKeyJson(key, access.repo, api)));
  });

  app.post('/repos/:owner/:repo/keys', async (c) => {
    const access = repoAccess(c, world, DOCS.create, 'write');
    if (access instanceof Response) return access;
    const body = await jsonBody(c);
    if (!body) return problemsParsingJson(c, DOCS.create);
    const match = typeof body.key === 'string' ? PUBLIC_KEY.exec(body.key.trim()) : null;
    if (!match)
      return validationFailed(c, DOCS.create, [
        {
          resource: 'PublicKey',
          code: 'custom',
          field: 'key',
          message: 'key is invalid. You must supply a key in OpenSSH public key format',
        },
      ]);
    if (
      (body.title !== undefined && typeof body.title !== 'string') ||
      (body.read_only !== undefined && typeof body.read_only !== 'boolean')
    )
      return validationFailed(c, DOCS.create, [{ resource: 'PublicKey', code: 'invalid', field: 'title' }]);
    const key = `${match[1]} ${match[2]}`;
    const inUse = [...settlingOf(access.state).repos.values()].some((resources) =>
      resources.deployKeys.some((held) => held.key === key),
    );
    if (inUse)
      return validationFailed(c, DOCS.create, [
        { resource: 'PublicKey', code: 'custom', field: 'key', message: 'key is already in use' },
      ]);
    const created = {
      id: nextSettlingId(access.state, 'key'),
      title: typeof body.title === 'string' ? body.title : '',
      key,
      readOnly: body.read_only === true,
      addedBy: access.caller.login ?? '',
      createdAt: world.clock.now(),
    };
    access.resources.deployKeys.push(created);
    return c.json(deployKeyJson(created, access.repo, new URL(c.req.url).origin), 201);
  });
}
