import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '@/server/config';
import { composeGateway, type Gateway } from '@/server/gateway';

/** Hostile input and a failing target: every answer a 4xx (or the target's own limit), never a 500 or a hang. */
let gateway: Gateway;
const ORIGIN = 'http://localhost:5180';
const PLAN = { source: { kind: 'org', login: 'octo-org' }, target: { login: 'octo-target' } };

function post(body: string, contentType = 'application/json') {
  return gateway.app.request(`${ORIGIN}/api/moves/preview`, {
    method: 'POST',
    headers: { 'sec-fetch-site': 'same-origin', origin: ORIGIN, 'content-type': contentType },
    body,
  });
}

beforeAll(() => {
  gateway = composeGateway(loadConfig({ SIM_SPEED: '0' }), { watch: false, controlAccess: 'any' });
});
afterAll(() => gateway.stop());

const json = (value: unknown) => JSON.stringify(value);
const tenThousand = Array.from({ length: 10_000 }, (_, i) => ({ name: `r${i}` }));

describe('POST /api/moves/preview refuses hostile input', () => {
  const cases: [string, string, string?][] = [
    ['not JSON', '{"source":'],
    ['an array', '[]'],
    ['JSON null', 'null'],
    ['a NUL in the source login', json({ ...PLAN, source: { kind: 'org', login: 'octo\u0000org' } })],
    ['a NUL in a target name', json({ ...PLAN, repositories: [{ name: 'docs', targetName: 'do\u0000cs' }] })],
    ['an unknown top-level field', json({ ...PLAN, lockSource: true })],
    ['an unknown source field', json({ ...PLAN, source: { ...PLAN.source, token: 'x' } })],
    ['an unknown filter', json({ ...PLAN, filters: { regex: '.*' } })],
    ['a user as the source', json({ ...PLAN, source: { kind: 'user', login: 'octocat' } })],
    ['a huge cap', json({ ...PLAN, caps: { concurrency: 1e308 } })],
    ['a cap past 2^53', json({ ...PLAN, caps: { maxSizeKb: 2 ** 64 } })],
    ['a fractional cap', json({ ...PLAN, caps: { concurrency: 1.5 } })],
    ['a negative size filter', json({ ...PLAN, filters: { minSizeKb: -1 } })],
    ['an unknown visibility filter', json({ ...PLAN, filters: { visibility: 'secret' } })],
    [
      'a visibility GEI does not take',
      json({ ...PLAN, repositories: [{ name: 'docs', visibility: 'secret' }] }),
    ],
    ['a path as target name', json({ ...PLAN, repositories: [{ name: 'docs', targetName: '../x' }] })],
    ['a name chosen twice', json({ ...PLAN, repositories: [{ name: 'docs' }, { name: 'DOCS' }] })],
    ['10,000 names', json({ ...PLAN, repositories: tenThousand })],
    ['a name the filters do not select', json({ ...PLAN, repositories: [{ name: 'not-there' }] })],
    ['a bad glob', json({ ...PLAN, filters: { namePattern: '[' } })],
    [
      'a credential name with a newline',
      json({ ...PLAN, target: { login: 'octo-target', credential: 'a\nb' } }),
    ],
    [
      'an unknown target credential',
      json({ ...PLAN, target: { login: 'octo-target', credential: 'nobody' } }),
    ],
    ['text/plain', json(PLAN), 'text/plain'],
    ['a form', 'source=octo-org', 'application/x-www-form-urlencoded'],
    ['a 1 MB body', json({ ...PLAN, pad: 'x'.repeat(1024 * 1024) })],
  ];
  it.each(cases)('%s: a 4xx with a reason', async (_, body, type) => {
    const response = await post(body, type);
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    const answer = (await response.json()) as { message: string; code: string };
    expect(answer.message.length).toBeGreaterThan(5);
    expect(answer.message).not.toContain('\u0000');
  });

  it('answers each refusal with its own status: 400 bad JSON, 413 too large, 415 wrong type, 422 the rest', async () => {
    expect((await post('{')).status).toBe(400);
    expect((await post(json({ ...PLAN, pad: 'x'.repeat(1024 * 1024) }))).status).toBe(413);
    expect((await post(json(PLAN), 'text/plain')).status).toBe(415);
    const unknown = await post(json({ ...PLAN, extra: 1 }));
    expect(unknown.status).toBe(422);
    expect(((await unknown.json()) as { message: string }).message).toMatch(/unknown field "extra"/);
  });
});

describe('POST /api/moves/preview when the target fails', () => {
  it('answers GEI’s outage 503, its limits 429 (with retry-after), a 502 as the target’s failure', async () => {
    const faults = gateway.simulator?.target.world.faults;
    if (!faults) throw new Error('no simulator');
    for (const [kind, status] of [
      ['service-unavailable', 503],
      ['bad-gateway', 502],
    ] as const) {
      faults.clear();
      faults.add([{ kind }]);
      const response = await post(json(PLAN));
      expect(response.status).toBe(status);
      if (status !== 502) expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
      // Whose trouble it is: GitHub's importer (the target), not the gateway's, though the gateway answers.
      expect(await response.json()).toMatchObject({
        source: 'gateway',
        upstream: 'github',
        side: 'target',
        ...(status === 502
          ? { code: 'UPSTREAM_ERROR', upstreamStatus: 502 }
          : { code: 'TARGET_UNAVAILABLE' }),
      });
    }
    faults.clear();
    expect((await post(json(PLAN))).status).toBe(200);
    // A secondary limit holds the account: the next preview is told to wait without asking the target again.
    faults.add([{ kind: 'secondary-rate-limit', count: 5 }]);
    for (let preview = 0; preview < 2; preview++) {
      const limited = await post(json(PLAN));
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(50);
    }
    expect(faults.list()[0]?.hits).toBe(1);
  });
});
