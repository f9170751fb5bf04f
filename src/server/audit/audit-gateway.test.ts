import Papa from 'papaparse';
import { beforeEach, describe, expect, it } from 'vitest';
import type { AuditEntry, AuditPage, AuditVerifyResult } from '@/contracts/audit';
import { loadConfig } from '@/server/config';
import { composeGateway } from '@/server/gateway';
import { composedQuietGateway } from '@/testing/composed-gateway';

/**
 * The audit log through the gateway as composed (embedded simulator, a test store): what a write leaves in it,
 * what never does, and `/api/audit*` with its filters and hostile parameters.
 */
const composed = composedQuietGateway('ferry-audit-');
const ORIGIN = 'http://localhost:5180';
const SECRET = 'hush-hush-very-secret-1234';

function send(method: string, pathname: string, body?: unknown) {
  return composed.gateway.app.request(`${ORIGIN}${pathname}`, {
    method,
    headers: { 'sec-fetch-site': 'same-origin', origin: ORIGIN, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

const get = (pathname: string) => composed.gateway.app.request(`${ORIGIN}${pathname}`);

async function entries(query = ''): Promise<AuditEntry[]> {
  const response = await get(`/api/audit${query}`);
  expect(response.status).toBe(200);
  return ((await response.json()) as AuditPage).entries;
}

beforeEach(() => composed.test.reset());

describe('what the audit log records', () => {
  it('records a write that succeeded, as local, with the route, the path, the outcome and the request id', async () => {
    const response = await send('POST', '/api/ferry/recent?note=not-recorded', {
      kind: 'org',
      key: 'octo-org',
    });
    expect(response.status).toBe(204);
    const requestId = response.headers.get('x-request-id');
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    const [entry, ...rest] = await entries();
    expect(rest).toEqual([]);
    expect(entry).toMatchObject({
      seq: 1,
      actor: 'local',
      role: 'local',
      action: 'POST /api/ferry/recent',
      target: '/api/ferry/recent',
      outcome: '204 ok',
      requestId,
    });
    expect(Date.parse(entry!.at)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('records a refused write with its status, ids as route parameters', async () => {
    expect((await send('DELETE', '/api/alerts/t-no-such-target')).status).toBe(404);
    expect((await send('POST', '/api/moves/preview', { nonsense: true })).status).toBeGreaterThanOrEqual(400);
    const [preview, removal] = await entries();
    expect(removal).toMatchObject({
      action: 'DELETE /api/alerts/:id',
      target: '/api/alerts/t-no-such-target',
      outcome: '404 refused',
    });
    expect(preview).toMatchObject({
      action: 'POST /api/moves/preview',
      outcome: expect.stringMatching(/^4\d\d refused$/) as string,
    });
  });

  it('names a forwarded GitHub write by its operation’s path, and an unknown route by its shape', async () => {
    const started = await send('POST', '/api/github/orgs/octo-org/migrations', {
      repositories: ['hello-world'],
    });
    expect(started.status).toBe(201);
    expect((await send('POST', '/api/no-such-area/12345/things')).status).toBe(404);
    const [unknown, forwarded] = await entries();
    expect(forwarded).toMatchObject({
      action: 'POST /api/github/orgs/:org/migrations',
      target: '/api/github/orgs/octo-org/migrations',
      outcome: '201 ok',
    });
    expect(unknown).toMatchObject({ action: 'POST /api/no-such-area/:id/things', outcome: '404 refused' });
  });

  it('does not record reads', async () => {
    expect((await get('/api/ferry/recent')).status).toBe(200);
    expect((await get('/api/health')).status).toBe(200);
    expect(
      (await composed.gateway.app.request(`${ORIGIN}/api/ferry/recent`, { method: 'HEAD' })).status,
    ).toBe(200);
    expect(await entries()).toEqual([]);
  });

  it('never records a body, a query string or a secret', async () => {
    const alert = await send('POST', `/api/alerts?secret=${SECRET}`, {
      name: 'ops',
      kind: 'webhook',
      url: `https://hooks.example.com/ferry?token=${SECRET}`,
      secret: SECRET,
      events: ['wave-finished'],
    });
    expect(alert.status).toBeLessThan(500);
    await send('PUT', '/api/identities/drafts', { token: SECRET, password: SECRET });
    const logged = await entries();
    expect(logged).toHaveLength(2);
    const csv = await (await get('/api/audit.csv')).text();
    const json = await (await get('/api/audit.json')).text();
    for (const text of [JSON.stringify(logged), csv, json]) {
      expect(text).not.toContain(SECRET);
      expect(text).not.toContain('hooks.example.com');
      expect(text).not.toContain('?');
    }
  });
});

describe('GET /api/audit', () => {
  const seed = async () => {
    const log = composed.test.store.auditLog;
    for (let n = 1; n <= 7; n++)
      await log.append({
        at: new Date(Date.UTC(2026, 2, n, 12)),
        actor: n % 2 ? 'mona' : 'hubot',
        role: 'admin',
        action: n % 2 ? 'POST /api/moves' : 'DELETE /api/alerts/:id',
        target: n === 7 ? '=HYPERLINK("http://evil.example")' : `/api/moves/m${n}`,
        outcome: '201 ok',
        requestId: `r-${n}`,
      });
  };

  it('filters by actor, action text and dates, newest first, with a cursor to older entries', async () => {
    await seed();
    expect((await entries('?actor=hubot')).map((e) => e.seq)).toEqual([6, 4, 2]);
    expect((await entries('?action=alerts')).map((e) => e.seq)).toEqual([6, 4, 2]);
    expect((await entries('?from=2026-03-03&to=2026-03-05')).map((e) => e.seq)).toEqual([5, 4, 3]);
    expect(
      (await entries('?from=2026-03-03T13:00Z&to=2026-03-05T11:00:00%2B00:00')).map((e) => e.seq),
    ).toEqual([4]);
    // Empty fields of a form are no filter.
    expect(await entries('?actor=&action=&from=&to=')).toHaveLength(7);

    const first = (await (await get('/api/audit?limit=3')).json()) as AuditPage;
    expect(first.entries.map((e) => e.seq)).toEqual([7, 6, 5]);
    expect(first.next).toBe(5);
    const last = (await (await get(`/api/audit?limit=3&before=${first.next}`)).json()) as AuditPage;
    expect(last.entries.map((e) => e.seq)).toEqual([4, 3, 2]);
    const end = (await (await get('/api/audit?limit=3&before=2')).json()) as AuditPage;
    expect(end).toMatchObject({ entries: [{ seq: 1 }], next: null });
  });

  it('refuses hostile or wrong parameters with a 4xx that says why', async () => {
    const refused: [string, RegExp][] = [
      ['?who=me', /Unknown parameter "who"/],
      ['?%3Cscript%3E=1', /Unknown parameter/],
      ['?actor=a&actor=b', /more than once/],
      ['?actor=%00', /printable/],
      [`?action=${'x'.repeat(500)}`, /at most 200/],
      ['?from=yesterday', /from must be a date/],
      ['?from=2026-02-30', /from must be a date/],
      ['?to=1999-12-31', /to must be a date/],
      ['?to=2101-01-01', /to must be a date/],
      ['?from=2026-03-01T25:00Z', /from must be a date/],
      ['?from=2026-03-05&to=2026-03-01', /from is after to/],
      ['?before=0', /before must be a whole number/],
      ['?before=-1', /before must be a whole number/],
      ['?before=1.5', /before must be a whole number/],
      ['?before=99999999999999999999', /before must be a whole number/],
      ['?limit=501', /limit must be a whole number from 1 to 500/],
      ['?limit=abc', /limit must be a whole number/],
    ];
    for (const [query, reason] of refused) {
      const response = await get(`/api/audit${query}`);
      expect(response.status, query).toBe(422);
      const body = (await response.json()) as { message: string; code: string; source: string };
      expect(body, query).toMatchObject({ code: 'INVALID', source: 'gateway' });
      expect(body.message, query).toMatch(reason);
    }
    for (const path of [
      '/api/audit?%zz=1',
      '/api/audit?from=%E0%A4%A',
      `/api/audit?${'a=1&'.repeat(2000)}`,
    ]) {
      const status = (await get(path)).status;
      expect(status, path).toBeGreaterThanOrEqual(400);
      expect(status, path).toBeLessThan(500);
    }
    expect((await get('/api/audit/verify?x=1')).status).toBe(422);
    expect((await get('/api/audit?limit=500')).status).toBe(200);
  });

  it('downloads CSV (formulas escaped) and JSON as attachments, with the same filters', async () => {
    await seed();
    const csv = await get('/api/audit.csv?actor=mona');
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(csv.headers.get('content-disposition')).toMatch(
      /^attachment; filename="ferry-audit-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const parsed = Papa.parse<Record<string, string>>(await csv.text(), {
      header: true,
      skipEmptyLines: true,
    });
    expect(parsed.data.map((row) => row.seq)).toEqual(['7', '5', '3', '1']);
    expect(parsed.data[0]!.target).toBe(`'=HYPERLINK("http://evil.example")`);
    expect(Object.keys(parsed.data[0]!)).toEqual([
      'seq',
      'at',
      'actor',
      'role',
      'action',
      'target',
      'outcome',
      'request_id',
      'prev_hash',
      'hash',
    ]);

    const json = await get('/api/audit.json?limit=2');
    expect(json.headers.get('content-disposition')).toMatch(/^attachment; filename="ferry-audit-.*\.json"$/);
    expect(json.headers.get('x-ferry-audit-next')).toBe('6');
    expect(((await json.json()) as AuditEntry[]).map((e) => e.seq)).toEqual([7, 6]);
    expect((await get('/api/audit.json?limit=10001')).status).toBe(422);
  });

  it('verifies the chain, and says where it broke', async () => {
    await seed();
    expect(await (await get('/api/audit/verify')).json()).toMatchObject({
      ok: true,
      entries: 7,
      head: { seq: 7 },
    });
    await composed.test.store.executeSql(`update audit_entries set outcome = '500 failed' where seq = 4`);
    const broken = (await (await get('/api/audit/verify')).json()) as AuditVerifyResult;
    expect(broken).toMatchObject({ ok: false, seq: 4 });
  });

  it('keeps its routes from the unknown-API answer; other methods there are refused, not served', async () => {
    for (const path of ['/api/audit', '/api/audit.csv', '/api/audit.json', '/api/audit/verify'])
      expect((await get(path)).status, path).toBe(200);
    expect(composed.gateway.routes()).toEqual(
      expect.arrayContaining([
        'GET /api/audit',
        'GET /api/audit.csv',
        'GET /api/audit.json',
        'GET /api/audit/verify',
      ]),
    );
    expect((await send('POST', '/api/audit')).status).toBe(404);
    expect((await get('/api/audit/nothing')).status).toBe(404);
  });
});

describe('a gateway with the sign-in configured (FERRY_AUTH=github)', () => {
  it('keeps the audit log behind the sign-in, and records a write without a session as anonymous', async () => {
    const gateway = composeGateway(
      loadConfig({ SIM_SPEED: '0', SIM_SCENARIO: 'quiet', FERRY_AUTH: 'github' }),
      { store: composed.test.store, watch: false },
    );
    try {
      for (const path of ['/api/audit', '/api/audit.csv', '/api/audit.json', '/api/audit/verify']) {
        const status = (await gateway.app.request(`${ORIGIN}${path}`)).status;
        expect(status, path).toBe(401);
      }
      const write = await gateway.app.request(`${ORIGIN}/api/ferry/recent`, {
        method: 'POST',
        headers: { origin: ORIGIN, 'content-type': 'application/json' },
        body: JSON.stringify({ kind: 'org', key: 'octo-org' }),
      });
      expect(write.status).toBe(401);
      expect(await entries()).toEqual([
        expect.objectContaining({ actor: 'anonymous', role: 'none', outcome: '401 refused' }),
      ]);
    } finally {
      await gateway.stop();
    }
  });
});

describe('a gateway without a store', () => {
  it('records nothing, answers its writes as before, and says the log needs the store', async () => {
    const bare = composeGateway(loadConfig({ SIM_SPEED: '0', SIM_SCENARIO: 'quiet' }), { watch: false });
    try {
      const response = await bare.app.request(`${ORIGIN}/api/moves/preview`, {
        method: 'POST',
        headers: { origin: ORIGIN, 'content-type': 'application/json' },
        body: '{}',
      });
      expect(response.status).toBeLessThan(500);
      expect(response.headers.get('x-request-id')).toBeNull();
      const audit = await bare.app.request(`${ORIGIN}/api/audit`);
      expect(audit.status).toBe(503);
      expect(await audit.json()).toMatchObject({ code: 'NO_STORE' });
    } finally {
      await bare.stop();
    }
  });
});
