import { Hono } from 'hono';
import type { Credentials } from './credentials';

/** `GET /api/credentials`: each credential's kind, owner, scopes or permissions and expiry; never its value. */
export function createCredentialRoutes(credentials: Credentials) {
  const app = new Hono();
  app.get('/', async (c) => c.json({ credentials: await credentials.details() }));
  return app;
}
