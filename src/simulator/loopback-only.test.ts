import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen, type Listening } from '@/testing/node-servers';
import { isLoopbackAddress, loopbackOnly } from './loopback-only';

describe('isLoopbackAddress', () => {
  it.each(['127.0.0.1', '127.1.2.3', '127.255.255.255', '::1', '::ffff:127.0.0.1'])(
    'admits %s',
    (address) => {
      expect(isLoopbackAddress(address)).toBe(true);
    },
  );

  it.each([
    undefined,
    '',
    '0.0.0.0',
    '::',
    '10.0.0.1',
    '192.168.1.20',
    '128.0.0.1',
    '::ffff:10.0.0.1',
    '127.0.0.1.evil.example',
    'x127.0.0.1',
    '127.0.0',
    'localhost',
    'fe80::1',
  ])('refuses %j', (address) => {
    expect(isLoopbackAddress(address)).toBe(false);
  });
});

describe('loopbackOnly middleware', () => {
  const app = new Hono();
  app.use('*', loopbackOnly);
  app.get('/ok', (c) => c.text('in'));

  let server: Listening;
  beforeAll(async () => {
    server = await listen((request, env) => app.fetch(request, env));
  });
  afterAll(() => server.close());

  it('admits a caller on 127.0.0.1', async () => {
    const response = await fetch(`${server.origin}/ok`);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('in');
  });

  it('refuses when the caller’s address cannot be known (no socket)', async () => {
    const response = await app.fetch(new Request('http://127.0.0.1/ok'));
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ error: 'The control interface answers loopback callers only.' });
  });
});
