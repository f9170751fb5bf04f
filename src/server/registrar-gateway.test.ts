import Ajv2020 from 'ajv/dist/2020';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIM_REGISTRAR_KEYS } from '@/simulator/registrar/keys';
import { CATALOGUE } from '@/simulator/registrar/requirements/catalogue';
import {
  FAKE_SECRETS,
  headerText,
  inProcessGateway,
  spyGateway,
  startGateway,
  startSimulatorServer,
  TEST_PORT,
  type Listening,
} from '@/testing/node-servers';

type Body = Record<string, unknown> & { status: string; code?: string; requestId?: string };

describe('registrar requirements through the gateway (embedded simulator)', () => {
  const gateway = inProcessGateway({ SIM_SPEED: '0', SIM_SCENARIO: 'quiet' }, { controlAccess: 'any' });

  it('answers every catalogue TLD with a draft 2020-12 schema, the request id and a gateway describedby link', async () => {
    const ajv = new Ajv2020({ strict: false });
    for (const entry of CATALOGUE.slice(0, 6)) {
      const response = await gateway.call(`/api/registrar/domain/getRegistrationRequirements/${entry.tld}`);
      expect(response.status, entry.tld).toBe(200);
      const body = (await response.json()) as Body;
      expect(body.status).toBe('SUCCESS');
      expect(response.headers.get('x-request-id')).toBe(body.requestId);
      expect(response.headers.get('link')).toBe(
        `<http://127.0.0.1:${TEST_PORT}/api/registrar/spec>; rel="describedby"`,
      );
      const validate = ajv.compile(body.requestSchema as Record<string, unknown>);
      expect(validate(entry.examples[0])).toBe(true);
    }
  });

  it('serves the describedby document through the allow-listed GET', async () => {
    const response = await gateway.call('/api/registrar/spec');
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ openapi: '3.0.0' });
  });

  it('passes INVALID_TLD through as HTTP 400 with the envelope', async () => {
    const response = await gateway.call('/api/registrar/domain/getRegistrationRequirements/nosuchtld');
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ status: 'ERROR', code: 'INVALID_TLD' });
  });

  it('never returns the simulator’s keys, in headers or bodies, on success or error', async () => {
    const paths = [
      'domain/getRegistrationRequirements/ca',
      'domain/getRegistrationRequirements/nosuchtld',
      'spec',
    ];
    for (const path of paths) {
      const response = await gateway.call(`/api/registrar/${path}`);
      const text = headerText(response.headers) + (await response.text());
      expect(text, path).not.toContain(SIM_REGISTRAR_KEYS.apiKey);
      expect(text, path).not.toContain(SIM_REGISTRAR_KEYS.secretApiKey);
    }
  });

  it('refuses what the allow-list does not know before it reaches the registrar', async () => {
    for (const path of ['domain/getRegistrationRequirements/COM', 'domain/create/example.com', 'spec/x']) {
      const response = await gateway.call(`/api/registrar/${path}`);
      expect(response.status, path).toBeGreaterThanOrEqual(400);
      expect(((await response.json()) as { source?: string }).source).toBe('gateway');
    }
  });
});

describe('registrar keys', () => {
  it('go upstream as headers on the GET lookup, never on the describedby fetch, and never come back', async () => {
    const echo = (request: Request) =>
      Response.json(
        { status: 'SUCCESS', echoed: [...request.headers].map(([name, value]) => `${name}=${value}`) },
        { headers: { link: '<https://registrar.example.test/api/json/v3/spec>; rel="describedby"' } },
      );
    const gateway = spyGateway({ registrar: echo });
    const lookup = await gateway.call('/api/registrar/domain/getRegistrationRequirements/com');
    const spec = await gateway.call('/api/registrar/spec');
    const [get, specRequest] = gateway.sent.registrar as [Request, Request];
    expect(get.headers.get('x-api-key')).toBe(FAKE_SECRETS.PORKBUN_API_KEY);
    expect(get.headers.get('x-secret-api-key')).toBe(FAKE_SECRETS.PORKBUN_SECRET_API_KEY);
    expect(specRequest.headers.has('x-api-key')).toBe(false);
    expect(specRequest.headers.has('x-secret-api-key')).toBe(false);
    expect(lookup.headers.get('link')).toBe(
      `<http://127.0.0.1:${TEST_PORT}/api/registrar/spec>; rel="describedby"`,
    );
    // The spy upstream echoes the keys in its body: the gateway passes bodies as they are, so this proves
    // the test would see a leak; the real registrar never echoes them (see the simulator tests).
    const specText = headerText(spec.headers) + (await spec.text());
    expect(specText).not.toContain(FAKE_SECRETS.PORKBUN_API_KEY);
    expect(specText).not.toContain(FAKE_SECRETS.PORKBUN_SECRET_API_KEY);
    expect(headerText(lookup.headers)).not.toContain(FAKE_SECRETS.PORKBUN_SECRET_API_KEY);
  });

  it('a 200 carrying {"status":"ERROR"} reaches the browser as an error status', async () => {
    const gateway = spyGateway({
      registrar: () =>
        Response.json({ status: 'ERROR', code: 'INVALID_API_KEYS_002', message: 'Invalid API key. (002)' }),
    });
    const response = await gateway.call('/api/registrar/domain/getRegistrationRequirements/com');
    expect(response.status).toBe(502);
    expect(await response.json()).toMatchObject({ status: 'ERROR', code: 'INVALID_API_KEYS_002' });
  });
});

describe('live code path: the simulator on its own address as PORKBUN_API_URL', () => {
  let upstream: Listening;
  let gateway: Listening;
  beforeAll(async () => {
    const sim = await startSimulatorServer();
    upstream = sim;
    gateway = await startGateway({
      PORKBUN_API_KEY: SIM_REGISTRAR_KEYS.apiKey,
      PORKBUN_SECRET_API_KEY: SIM_REGISTRAR_KEYS.secretApiKey,
      PORKBUN_API_URL: `${sim.origin}/api/json/v3`,
      GITHUB_TOKEN: 'ghp_unused',
      GITHUB_API_URL: `${sim.origin}/api/v3`,
    });
  });
  afterAll(async () => {
    await gateway.close();
    await upstream.close();
  });

  it('looks up .us over HTTP with the keys as headers, and the describedby document is reachable', async () => {
    const response = await fetch(`${gateway.origin}/api/registrar/domain/getRegistrationRequirements/us`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as Body;
    expect(body).toMatchObject({ status: 'SUCCESS', tld: 'us', apiRegisterable: false });
    expect(response.headers.get('x-request-id')).toBe(body.requestId);
    const link = response.headers.get('link');
    expect(link).toBe(`<${gateway.origin}/api/registrar/spec>; rel="describedby"`);
    const spec = await fetch(`${gateway.origin}/api/registrar/spec`);
    expect(await spec.json()).toMatchObject({
      openapi: '3.0.0',
      servers: [{ url: `${upstream.origin}/api/json/v3` }],
    });
  });

  it('explains bad keys: the registrar’s 400 envelope passes through', async () => {
    const wrong = await startGateway({
      PORKBUN_API_KEY: FAKE_SECRETS.PORKBUN_API_KEY,
      PORKBUN_SECRET_API_KEY: FAKE_SECRETS.PORKBUN_SECRET_API_KEY,
      PORKBUN_API_URL: `${upstream.origin}/api/json/v3`,
      GITHUB_TOKEN: 'ghp_unused',
      GITHUB_API_URL: `${upstream.origin}/api/v3`,
    });
    try {
      const response = await fetch(`${wrong.origin}/api/registrar/domain/getRegistrationRequirements/com`);
      expect(response.status).toBe(400);
      const text = headerText(response.headers) + (await response.text());
      expect(text).toContain('INVALID_API_KEYS_002');
      expect(text).not.toContain(FAKE_SECRETS.PORKBUN_API_KEY);
      expect(text).not.toContain(FAKE_SECRETS.PORKBUN_SECRET_API_KEY);
    } finally {
      await wrong.close();
    }
  });

  it('fast repeated lookups never get throttled: cached, coalesced and spaced', async () => {
    const tlds = ['com', 'net', 'org', 'com', 'net', 'org', 'io', 'ai'];
    const answers = await Promise.all(
      tlds.map((tld) => fetch(`${gateway.origin}/api/registrar/domain/getRegistrationRequirements/${tld}`)),
    );
    expect(answers.map((answer) => answer.status)).toEqual(tlds.map(() => 200));
  });
});
