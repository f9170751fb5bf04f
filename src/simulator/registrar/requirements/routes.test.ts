import Ajv2020 from 'ajv/dist/2020';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { createRegistrarApp } from '../app';
import { REGISTRAR_PREFIX } from '../envelope';
import { SIM_REGISTRAR_KEYS } from '../keys';
import { CATALOGUE } from './catalogue';
import { registerRequirementRoutes } from './routes';

const BASE = 'http://sim.test/api/json/v3';
const headerKeys = {
  'x-api-key': SIM_REGISTRAR_KEYS.apiKey,
  'x-secret-api-key': SIM_REGISTRAR_KEYS.secretApiKey,
};
const bodyKeys = { apikey: SIM_REGISTRAR_KEYS.apiKey, secretapikey: SIM_REGISTRAR_KEYS.secretApiKey };

/** A registrar with a hand-driven clock, so bursts are deterministic. */
function registrarAt() {
  let now = 1_000_000;
  const app = new Hono();
  app.route(REGISTRAR_PREFIX, createRegistrarApp([registerRequirementRoutes], { now: () => now }));
  return {
    call: (path: string, init: RequestInit = {}) => app.fetch(new Request(`${BASE}${path}`, init)),
    tick: (ms: number) => {
      now += ms;
    },
  };
}

type Body = Record<string, unknown> & { status: string; code?: string; requestId: string };

/** UUIDv7: version nibble 7, variant 10xx, like Porkbun's `019fa6cf-aa0e-7083-8d51-92119ff2c113`. */
const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

async function read(response: Response): Promise<Body> {
  const body = (await response.json()) as Body;
  expect(response.headers.get('x-request-id')).toBe(body.requestId);
  expect(body.requestId).toMatch(UUID_V7);
  expect(response.headers.get('link')).toBe(`<${BASE}/spec>; rel="describedby"`);
  return body;
}

describe('getRegistrationRequirements', () => {
  it('answers every catalogue TLD by GET with header keys, with schemas that compile', async () => {
    const registrar = registrarAt();
    for (const entry of CATALOGUE) {
      registrar.tick(1000);
      const response = await registrar.call(`/domain/getRegistrationRequirements/${entry.tld}`, {
        headers: headerKeys,
      });
      expect(response.status, entry.tld).toBe(200);
      const body = await read(response);
      expect(body).toMatchObject({
        status: 'SUCCESS',
        tld: entry.tld,
        apiRegisterable: entry.apiRegisterable,
      });
      expect(body).not.toHaveProperty('examples');
      const ajv = new Ajv2020({ strict: false });
      expect(() => ajv.compile(body.requestSchema as Record<string, unknown>)).not.toThrow();
      if (body.registryRequirements) ajv.compile(body.registryRequirements);
    }
    // Compiling every catalogue schema takes ~1.5 s alone, over 5 s on a loaded machine.
  }, 30_000);

  it('matches the published .com shape: registryRequirements omitted, max term 10', async () => {
    const body = await read(
      await registrarAt().call('/domain/getRegistrationRequirements/com', { headers: headerKeys }),
    );
    expect(body).toMatchObject({
      registrationDurationYears: 1,
      maxRegistrationYears: 10,
      whoisPrivacySupported: true,
      requiresValidatedAddress: false,
      registrantOnly: false,
      requestSchema: {
        required: ['cost', 'agreeToTerms'],
        properties: { agreeToTerms: { enum: ['yes', '1'] } },
      },
    });
    expect(body).not.toHaveProperty('notApiRegisterableReason');
    expect(body).not.toHaveProperty('registryRequirements');
  });

  it('answers every TLD of the root zone (generic answers), not only the curated catalogue', async () => {
    const registrar = registrarAt();
    for (const tld of ['info', 'me', 'co', 'shop', 'online', 'site', 'fr', 'nl', 'xn--p1ai']) {
      registrar.tick(1000);
      const response = await registrar.call(`/domain/getRegistrationRequirements/${tld}`, {
        headers: headerKeys,
      });
      expect(response.status, tld).toBe(200);
      const body = await read(response);
      expect(body, tld).toMatchObject({
        status: 'SUCCESS',
        tld,
        apiRegisterable: true,
        registrationDurationYears: 1,
      });
      expect(body).not.toHaveProperty('registryRequirements');
      const ajv = new Ajv2020({ strict: false });
      expect(
        ajv.validate(body.requestSchema as Record<string, unknown>, { cost: 0, agreeToTerms: 'yes' }),
      ).toBe(false);
    }
    registrar.tick(1000);
    const infrastructure = await registrar.call('/domain/getRegistrationRequirements/arpa', {
      headers: headerKeys,
    });
    expect(infrastructure.status).toBe(400);
  });

  it('accepts body keys by POST, and is case-insensitive on the TLD', async () => {
    const response = await registrarAt().call('/domain/getRegistrationRequirements/US', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(bodyKeys),
    });
    expect(response.status).toBe(200);
    expect(await read(response)).toMatchObject({ tld: 'us', apiRegisterable: false });
  });

  it('refuses an unsupported TLD with HTTP 400 INVALID_TLD', async () => {
    for (const tld of ['nosuchtld', '.com', 'com.']) {
      const response = await registrarAt().call(`/domain/getRegistrationRequirements/${tld}`, {
        headers: headerKeys,
      });
      expect(response.status, tld).toBe(400);
      expect(await read(response)).toMatchObject({
        status: 'ERROR',
        code: 'INVALID_TLD',
        message: 'Unsupported TLD.',
      });
    }
  });

  it.each([
    ['no keys', {}, 'API_KEY_REQUIRED'],
    ['wrong keys', { 'x-api-key': 'pk1_wrong', 'x-secret-api-key': 'sk1_wrong' }, 'INVALID_API_KEYS_002'],
    ['no secret', { 'x-api-key': SIM_REGISTRAR_KEYS.apiKey }, 'MISSING_SECRETAPIKEY'],
  ])('refuses %s with HTTP 400 %s', async (_what, headers, code) => {
    const response = await registrarAt().call('/domain/getRegistrationRequirements/com', { headers });
    expect(response.status).toBe(400);
    expect(await read(response)).toMatchObject({ status: 'ERROR', code });
  });

  it('lets wrong body keys win over valid header keys on POST', async () => {
    const response = await registrarAt().call('/domain/getRegistrationRequirements/com', {
      method: 'POST',
      headers: { ...headerKeys, 'content-type': 'application/json' },
      body: JSON.stringify({ apikey: 'pk1_wrong', secretapikey: 'sk1_wrong' }),
    });
    expect((await read(response)).code).toBe('INVALID_API_KEYS_002');
  });

  it('answers a burst beyond 3 requests a second with HTTP 429 RATE_LIMIT_EXCEEDED and X-RateLimit-Reset, then recovers', async () => {
    const registrar = registrarAt();
    const lookup = () => registrar.call('/domain/getRegistrationRequirements/com', { headers: headerKeys });
    for (let i = 0; i < 3; i += 1) expect((await lookup()).status).toBe(200);
    const refused = await lookup();
    expect(refused.status).toBe(429);
    expect(refused.headers.get('content-type')).toMatch(/^application\/json/);
    expect(refused.headers.get('x-ratelimit-remaining')).toBe('0');
    expect(refused.headers.get('x-ratelimit-reset')).toBe(String(Math.ceil(1_000_000 / 1000) + 1));
    expect(await read(refused)).toMatchObject({
      status: 'ERROR',
      code: 'RATE_LIMIT_EXCEEDED',
      message: 'Rate limit exceeded. Please try again later.',
      ttlRemaining: 1,
    });
    registrar.tick(1001);
    expect((await lookup()).status).toBe(200);
  });

  it('spaces of a third of a second or more never trip the limit', async () => {
    const registrar = registrarAt();
    for (let i = 0; i < 20; i += 1) {
      registrar.tick(334);
      const response = await registrar.call('/domain/getRegistrationRequirements/net', {
        headers: headerKeys,
      });
      expect(response.status).toBe(200);
    }
  });

  it('never echoes the keys', async () => {
    const response = await registrarAt().call('/domain/getRegistrationRequirements/ca', {
      headers: headerKeys,
    });
    const text = [...response.headers.values()].join('\n') + (await response.text());
    expect(text).not.toContain(SIM_REGISTRAR_KEYS.apiKey);
    expect(text).not.toContain(SIM_REGISTRAR_KEYS.secretApiKey);
  });
});

describe('the describedby document', () => {
  it('is served without credentials, as OpenAPI 3.0 JSON describing the operation', async () => {
    const response = await registrarAt().call('/spec');
    expect(response.status).toBe(200);
    expect(response.headers.get('link')).toBe(`<${BASE}/spec>; rel="describedby"`);
    const spec = (await response.json()) as {
      openapi: string;
      paths: Record<string, unknown>;
      servers: { url: string }[];
    };
    expect(spec.openapi).toBe('3.0.0');
    expect(spec.servers[0]?.url).toBe(BASE);
    expect(Object.keys(spec.paths)).toContain('/domain/getRegistrationRequirements/{tld}');
  });
});
