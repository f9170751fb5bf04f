import { networkInterfaces } from 'node:os';
import { describe, expect, it } from 'vitest';
import { ownAddressRefusal, refusingOwnAddress, OwnAddressError } from './own-address';

const own = { ports: new Set([5180]) };
const refusal = (url: string, resolve?: (host: string) => Promise<string[]>) =>
  ownAddressRefusal(new URL(url), own, resolve);

describe('a receiver that is Ferry itself', () => {
  it.each([
    'http://127.0.0.1:5180/api/alerts',
    'http://localhost:5180/anything',
    'http://[::1]:5180/',
    'http://0.0.0.0:5180/',
    'http://[::]:5180/',
    'http://127.1:5180/', // the URL parser writes it 127.0.0.1
    'http://2130706433:5180/',
    'http://0x7f.0.0.1:5180/',
    'http://127.255.255.254:5180/',
    'http://[::ffff:127.0.0.1]:5180/',
    'http://[0:0:0:0:0:0:0:1]:5180/',
  ])('%s is refused', async (url) => {
    expect(await refusal(url)).toMatch(/Ferry's own address/);
  });

  it('refuses a name that resolves to loopback, and any address of this machine', async () => {
    expect(await refusal('http://looks-remote.example:5180/', () => Promise.resolve(['127.0.0.1']))).toMatch(
      /own/,
    );
    const lan = Object.values(networkInterfaces())
      .flat()
      .find((entry) => entry && !entry.internal && entry.family === 'IPv4')?.address;
    if (lan) expect(await refusal(`http://${lan}:5180/`)).toMatch(/own/);
  });

  it('refuses a simulator control route on any host and port, however it is spelled', async () => {
    for (const url of [
      'https://hooks.example.com/__sim/reset',
      'http://127.0.0.1:4010/__sim/advance',
      'http://127.0.0.1:4010//__sim/faults',
      'http://127.0.0.1:4010/%5F%5Fsim/reset',
      'http://127.0.0.1:4010/__SIM/reset',
    ])
      expect(await refusal(url), url).toMatch(/control route/);
  });

  it('lets other ports of this machine and other hosts through', async () => {
    expect(await refusal('http://127.0.0.1:5181/hook')).toBeUndefined();
    expect(
      await refusal('https://hooks.example.com/x', () => Promise.resolve(['203.0.113.7'])),
    ).toBeUndefined();
    expect(
      await refusal('http://receiver.example:5180/x', () => Promise.resolve(['203.0.113.7'])),
    ).toBeUndefined();
  });

  it('sends nothing when refused', async () => {
    let sent = 0;
    const fetch = refusingOwnAddress(() => {
      sent += 1;
      return Promise.resolve(new Response('ok'));
    }, own);
    await expect(fetch(new Request('http://localhost:5180/__sim/reset', { method: 'POST' }))).rejects.toThrow(
      OwnAddressError,
    );
    expect(sent).toBe(0);
  });
});
