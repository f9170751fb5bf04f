import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '@/contracts/audit';
import { NEEDS_ROLE, type Actor } from '@/contracts/session';
import type { AuditAppend, AuditLog } from '@/server/store/audit-store';
import { normalisedApiPath, withoutParamPatterns } from './audit-action';
import { createAuditRecorder } from './audit-recorder';
import { createAuditRoutes } from './audit-routes';

/**
 * The recorder and the routes on a small app, with the actor the sign-in sets (`ferryActor`) and a log that
 * keeps entries in memory or fails.
 */
function memoryLog(fail?: Error) {
  const appended: AuditAppend[] = [];
  const log: AuditLog = {
    append: (entry) => {
      if (fail) return Promise.reject(fail);
      appended.push(entry);
      return Promise.resolve({
        seq: appended.length,
        at: '',
        prevHash: '',
        hash: '',
        ...entry,
      } as AuditEntry);
    },
    list: () => Promise.resolve([]),
    verify: () => Promise.resolve({ ok: true, entries: appended.length, head: null }),
    prune: () => Promise.resolve({ pruned: 0 }),
  };
  return { log, appended };
}

function appWith(
  log: AuditLog,
  actor?: Actor,
  options: { secrets?: string[]; lines?: string[]; failures?: number[]; signIn?: boolean } = {},
) {
  const recorder = createAuditRecorder({
    log: () => Promise.resolve(log),
    signInConfigured: options.signIn ?? false,
    secrets: () => options.secrets ?? [],
    onFailure: () => options.failures?.push(1),
    logLine: (line) => options.lines?.push(line),
  });
  const app = new Hono();
  if (actor)
    app.use('*', async (c, next) => {
      (c.set as unknown as (key: string, value: unknown) => void)('ferryActor', actor);
      await next();
    });
  app.use('/api/*', recorder.middleware);
  app.route(
    '/api',
    createAuditRoutes(() => Promise.resolve(log)),
  );
  app.post('/api/things/:id{[0-9]+}/poke', (c) => c.json({ poked: c.req.param('id') }, 201));
  app.post('/api/broken', () => {
    throw new Error('boom');
  });
  app.onError((_error, c) => c.json({ message: 'failed' }, 500));
  return { app, recorder };
}

const post = (app: Hono, path: string, body = '{}') =>
  app.request(`http://localhost${path}`, {
    method: 'POST',
    body,
    headers: { 'content-type': 'application/json' },
  });

describe('the audit recorder', () => {
  it('records the signed-in actor and role', async () => {
    const { log, appended } = memoryLog();
    const { app } = appWith(log, { login: 'mona', role: 'self-service' });
    expect((await post(app, '/api/things/42/poke')).status).toBe(201);
    expect(appended).toEqual([
      expect.objectContaining({
        actor: 'mona',
        role: 'self-service',
        action: 'POST /api/things/:id/poke',
        target: '/api/things/42/poke',
        outcome: '201 ok',
      }),
    ]);
  });

  it('records a write without a session as anonymous when a sign-in is configured', async () => {
    const { log, appended } = memoryLog();
    const { app } = appWith(log, undefined, { signIn: true });
    await post(app, '/api/things/1/poke');
    expect(appended[0]).toMatchObject({ actor: 'anonymous', role: 'none' });
  });

  it('records a route that threw as failed', async () => {
    const { log, appended } = memoryLog();
    const { app } = appWith(log);
    expect((await post(app, '/api/broken')).status).toBe(500);
    expect(appended[0]).toMatchObject({ action: 'POST /api/broken', outcome: '500 failed', actor: 'local' });
  });

  it('keeps a successful write’s answer when the append fails: logged (redacted) and counted', async () => {
    const { log } = memoryLog(new Error('connection to "db" lost; password hush-secret-99 refused'));
    const lines: string[] = [];
    const failures: number[] = [];
    const { app } = appWith(log, undefined, { secrets: ['hush-secret-99'], lines, failures });
    const response = await post(app, '/api/things/7/poke', '{"token":"hush-secret-99"}');
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ poked: '7' });
    expect(failures).toHaveLength(1);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^\[audit\] POST \/api\/things\/:id\/poke by local \(201 ok, request [0-9a-f-]{36}\) not recorded/,
    );
    expect(lines[0]).not.toContain('hush-secret-99');
  });

  it('redacts a known secret that is part of a path', async () => {
    const { log, appended } = memoryLog();
    const { app } = appWith(log, undefined, { secrets: ['ghp_abcdefghijklmnop'] });
    await post(app, '/api/unknown/ghp_abcdefghijklmnop');
    expect(JSON.stringify(appended)).not.toContain('ghp_abcdefghijklmnop');
  });

  it('records background work for the person who started it', async () => {
    const { log, appended } = memoryLog();
    const { recorder } = appWith(log);
    await recorder.auditFor(
      { login: 'hubot', role: 'admin' },
      'POST /api/moves/:id/repositories/:name/retry',
      '/api/moves/m1/repositories/r/retry',
      '200 ok',
    );
    expect(appended[0]).toMatchObject({ actor: 'hubot', role: 'admin', outcome: '200 ok' });
    expect(appended[0]!.requestId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('names actions from routes and paths', () => {
    expect(withoutParamPatterns('/api/waves/:id/batches/:batch{[0-9]{1,3}}/retry')).toBe(
      '/api/waves/:id/batches/:batch/retry',
    );
    expect(normalisedApiPath('/api/moves/2026-11-26-0a1b/cancel')).toBe('/api/moves/:id/cancel');
    expect(normalisedApiPath('/api/weird/%00/UPPER/ok')).toBe('/api/weird/:id/:id/ok');
    expect(normalisedApiPath(`/api${'/a'.repeat(30)}`)).toBe(`/api${'/a'.repeat(12)}/…`);
  });
});

describe('who reads the audit log', () => {
  it('refuses a signed-in viewer or self-service person with the role it needs', async () => {
    for (const role of ['viewer', 'self-service'] as const) {
      const { app } = appWith(memoryLog().log, { login: 'mona', role });
      for (const path of ['/api/audit', '/api/audit.csv', '/api/audit.json', '/api/audit/verify']) {
        const response = await app.request(`http://localhost${path}`);
        expect(response.status, `${role} ${path}`).toBe(403);
        expect(await response.json()).toEqual({
          message: NEEDS_ROLE.admin,
          code: 'FORBIDDEN',
          source: 'gateway',
        });
      }
    }
  });

  it('lets an admin, and anyone without a sign-in (local), read it', async () => {
    for (const actor of [{ login: 'octo', role: 'admin' } as const, undefined]) {
      const { app } = appWith(memoryLog().log, actor);
      expect((await app.request('http://localhost/api/audit')).status).toBe(200);
      expect(await (await app.request('http://localhost/api/audit/verify')).json()).toMatchObject({
        ok: true,
      });
    }
  });
});
