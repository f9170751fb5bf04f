import { Hono } from 'hono';
import { groupBudgets } from '@/contracts/budgets';
import type { Credentials } from './credentials';

/**
 * `GET /api/credentials`: each credential's kind, owner, scopes or permissions and expiry; never its value.
 * `GET /api/credentials/budgets`: the credentials grouped by the budget they spend (a user's tokens share one).
 */
export function createCredentialRoutes(credentials: Credentials) {
  const app = new Hono();
  app.get('/', async (c) => c.json({ credentials: await credentials.details() }));
  app.get('/budgets', async (c) => c.json({ budgets: groupBudgets(await credentials.accounts()) }));
  return app;
}
