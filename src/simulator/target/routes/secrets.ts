import type { Hono } from 'hono';
import { openSealed, repositoryKeyPair } from '../sealed-box';
import type { TargetWorld } from '../world';
import { ghError, iso, jsonBody, problemsParsingJson, repoAccess } from './guard';
import { badActionsName } from './variables';

const DOCS = {
  list: 'actions/secrets#list-repository-secrets',
  key: 'actions/secrets#get-a-repository-public-key',
  put: 'actions/secrets#create-or-update-a-repository-secret',
};

/**
 * A repository's Actions secrets (owners only): the public key to seal values with, `PUT` of a sealed value
 * (201 created, 204 updated; 422 for another key's id or a box that does not open), and the names with dates.
 * No answer ever holds a value.
 */
export function registerSecretRoutes(app: Hono, world: TargetWorld): void {
  app.get('/repos/:owner/:repo/actions/secrets/public-key', (c) => {
    const access = repoAccess(c, world, DOCS.key, 'admin-read');
    if (access instanceof Response) return access;
    return c.json(repositoryKeyPair(access.repo).body);
  });

  app.get('/repos/:owner/:repo/actions/secrets', (c) => {
    const access = repoAccess(c, world, DOCS.list, 'admin-read');
    if (access instanceof Response) return access;
    const asked = Number(c.req.query('per_page') ?? 30);
    const perPage = Number.isInteger(asked) && asked > 0 ? Math.min(asked, 100) : 30;
    const pageAsked = Number(c.req.query('page') ?? 1);
    const page = Number.isInteger(pageAsked) && pageAsked > 0 ? pageAsked : 1;
    const all = access.resources.secrets;
    return c.json({
      total_count: all.length,
      secrets: all.slice((page - 1) * perPage, page * perPage).map((secret) => ({
        name: secret.name,
        created_at: iso(secret.createdAt),
        updated_at: iso(secret.updatedAt),
      })),
    });
  });

  app.put('/repos/:owner/:repo/actions/secrets/:secret_name', async (c) => {
    const access = repoAccess(c, world, DOCS.put, 'write');
    if (access instanceof Response) return access;
    const name = c.req.param('secret_name');
    if (badActionsName(name))
      return ghError(c, 422, 'Invalid request.\n\nA secret name is letters, digits and _.', DOCS.put);
    const body = await jsonBody(c);
    if (!body) return problemsParsingJson(c, DOCS.put);
    const { encrypted_value: encrypted, key_id: keyId } = body;
    if (typeof encrypted !== 'string' || typeof keyId !== 'string')
      return ghError(c, 422, 'Invalid request.\n\nencrypted_value and key_id are required.', DOCS.put);
    if (keyId !== repositoryKeyPair(access.repo).keyId)
      return ghError(c, 422, "Bad request: key_id is not the repository's public key.", DOCS.put);
    if (!(await openSealed(encrypted, access.repo)))
      return ghError(c, 422, 'Bad request: encrypted_value is not a sealed box for this key.', DOCS.put);
    const now = world.clock.now();
    const upper = name.toUpperCase();
    const existing = access.resources.secrets.find((secret) => secret.name === upper);
    if (existing) {
      existing.encryptedValue = encrypted;
      existing.updatedAt = now;
      return c.body(null, 204);
    }
    access.resources.secrets.push({ name: upper, encryptedValue: encrypted, createdAt: now, updatedAt: now });
    return c.json({}, 201);
  });
}
