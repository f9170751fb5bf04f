import { describe, expect, it } from 'vitest';
import { createSimulator } from '../simulator';
import { SIM_REGISTRAR_KEYS } from './keys';

const sim = createSimulator({ speed: 0, scenario: 'quiet' });
const BASE = 'http://sim.test/api/json/v3';

function registrar(path: string, init: RequestInit = {}) {
  return sim.fetch(new Request(`${BASE}${path}`, init));
}

const headerKeys = {
  'x-api-key': SIM_REGISTRAR_KEYS.apiKey,
  'x-secret-api-key': SIM_REGISTRAR_KEYS.secretApiKey,
};
const bodyKeys = { apikey: SIM_REGISTRAR_KEYS.apiKey, secretapikey: SIM_REGISTRAR_KEYS.secretApiKey };
const json = (body: unknown) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

type Envelope = {
  status: string;
  message?: string;
  code?: string;
  credentialsValid?: boolean;
  requestId: string;
  yourIp?: string;
};

async function read(response: Response) {
  const body = (await response.json()) as Envelope;
  // Every answer, success or error, carries a request id (header = body) and a describedby link.
  expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  expect(body.requestId).toBe(response.headers.get('x-request-id'));
  expect(response.headers.get('link')).toBe(`<http://sim.test/api/json/v3/spec>; rel="describedby"`);
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  return body;
}

describe('registrar ping', () => {
  it('answers SUCCESS without credentialsValid when no keys are given', async () => {
    for (const response of [await registrar('/ping', { method: 'POST' }), await registrar('/ping')]) {
      expect(response.status).toBe(200);
      const body = await read(response);
      expect(body).toMatchObject({ status: 'SUCCESS', yourIp: '127.0.0.1' });
      expect(body).not.toHaveProperty('credentialsValid');
    }
  });

  it('accepts valid keys in headers', async () => {
    for (const method of ['GET', 'POST']) {
      const response = await registrar('/ping', { method, headers: headerKeys });
      expect(response.status).toBe(200);
      expect(await read(response)).toMatchObject({ status: 'SUCCESS', credentialsValid: true });
    }
  });

  it('accepts valid keys in a JSON body', async () => {
    const response = await registrar('/ping', json(bodyKeys));
    expect(response.status).toBe(200);
    expect(await read(response)).toMatchObject({ status: 'SUCCESS', credentialsValid: true });
  });

  it('lets body keys win over header keys', async () => {
    const wrongBody = await registrar('/ping', {
      ...json({ apikey: 'pk1_wrong', secretapikey: 'sk1_wrong' }),
      headers: { 'content-type': 'application/json', ...headerKeys },
    });
    expect(wrongBody.status).toBe(400);
    expect((await read(wrongBody)).code).toBe('INVALID_API_KEYS_002');
  });

  it.each([
    [
      'wrong header keys',
      { method: 'GET', headers: { 'x-api-key': 'pk1_wrong', 'x-secret-api-key': 'sk1_wrong' } },
    ],
    ['a wrong secret in the body', json({ ...bodyKeys, secretapikey: 'sk1_wrong' })],
    ['a wrong key in the body', json({ ...bodyKeys, apikey: 'pk1_wrong' })],
  ])('refuses %s with HTTP 400 INVALID_API_KEYS_002', async (_what, init) => {
    const response = await registrar('/ping', init);
    expect(response.status).toBe(400);
    expect(await read(response)).toMatchObject({
      status: 'ERROR',
      code: 'INVALID_API_KEYS_002',
      message: 'Invalid API key. (002)',
    });
  });

  it('reports a missing secret key', async () => {
    const response = await registrar('/ping', json({ apikey: SIM_REGISTRAR_KEYS.apiKey }));
    expect(response.status).toBe(400);
    expect(await read(response)).toMatchObject({ status: 'ERROR', code: 'MISSING_SECRETAPIKEY' });
  });

  it('reports a body that is not JSON', async () => {
    const response = await registrar('/ping', { method: 'POST', body: '{"apikey":' });
    expect(response.status).toBe(400);
    expect(await read(response)).toMatchObject({ status: 'ERROR', code: 'INVALID_OR_EMPTY_JSON' });
  });

  it('uses the first X-Forwarded-For address as yourIp', async () => {
    const response = await registrar('/ping', { headers: { 'x-forwarded-for': '203.0.113.7, 10.0.0.1' } });
    expect(await read(response)).toMatchObject({ yourIp: '203.0.113.7', xForwardedFor: '203.0.113.7' });
  });

  it('answers an unknown endpoint with its error envelope', async () => {
    const response = await registrar('/domain/nothingHere', { method: 'POST' });
    expect(response.status).toBe(404);
    expect(await read(response)).toMatchObject({ status: 'ERROR', code: 'NOT_FOUND' });
  });

  it('does not touch the GitHub rate-limit counters', async () => {
    const before = { ...sim.github().stats };
    await registrar('/ping', { headers: headerKeys });
    expect(sim.github().stats).toEqual(before);
  });
});
