import { networkInterfaces } from 'node:os';
import { describe, expect, it } from 'vitest';
import { OutboundLimitError } from './bounded-fetch';
import { GITHUB_STORAGE_HOSTS } from './handed-sources';
import { fetchHanded, handedUrlCheck, HandedUrlRefusedError } from './handed-url';

/** GitHub's log storage, as GitHub's DNS answers it. */
const PUBLIC = ['185.199.108.133'];
const names: Record<string, string[]> = {
  'objects-origin.githubusercontent.com': PUBLIC,
  'github-cloud.s3.amazonaws.com': ['52.217.1.1'],
  's3.amazonaws.com': ['52.216.1.1'],
};
const resolved: string[] = [];
const check = handedUrlCheck({
  // The simulator on loopback in tests, GitHub.com's API in production: both configured, both taken as they are.
  origins: ['http://127.0.0.1:4010', 'https://api.github.com'],
  hosts: GITHUB_STORAGE_HOSTS,
  resolve: (host) => {
    resolved.push(host);
    return Promise.resolve(names[host] ?? PUBLIC);
  },
});
const refusal = (url: string) => check(new URL(url));

describe('a URL an upstream hands back', () => {
  it('is taken as it is on a configured origin, even on loopback', async () => {
    resolved.length = 0;
    expect(await refusal('http://127.0.0.1:4010/_migration-logs/RM_1.txt?sig=1')).toBeUndefined();
    expect(await refusal('https://api.github.com/organizations/1/repos?page=2')).toBeUndefined();
    expect(resolved).toEqual([]);
  });

  it.each([
    'https://objects-origin.githubusercontent.com/octoshiftmigrationlogs/org/repo-logs.txt?X-Amz-Signature=s',
    'https://github-cloud.s3.amazonaws.com/migration/79/67?sig=1',
    'https://s3.amazonaws.com/github-cloud/migration/79/67',
  ])('is allowed on GitHub’s storage over https when its name resolves to the internet: %s', async (url) => {
    expect(await refusal(url)).toBeUndefined();
  });

  it.each([
    // Other ports of a configured host are other services.
    ['http://127.0.0.1:4011/steal', /loopback/],
    ['http://127.0.0.1:5180/__sim/reset', /control route/],
    ['http://localhost:4010/x', /not https/],
    ['https://127.0.0.1/x', /loopback/],
    // Spellings the URL parser turns into 127.0.0.1: hex, decimal, octal, short.
    ['https://0x7f000001/x', /loopback/],
    ['https://2130706433/x', /loopback/],
    ['https://0177.0.0.1/x', /loopback/],
    ['https://0x7f.0.0.1/x', /loopback/],
    ['https://127.1/x', /loopback/],
    ['https://[::1]/x', /loopback/],
    ['https://[0:0:0:0:0:0:0:1]/x', /loopback/],
    ['https://[::ffff:127.0.0.1]/x', /loopback/],
    ['https://[::ffff:7f00:1]/x', /loopback/],
    ['https://[::127.0.0.1]/x', /loopback/],
    ['https://[64:ff9b::7f00:1]/x', /loopback/],
    ['https://[2002:7f00:1::]/x', /loopback/],
    ['https://0.0.0.0/x', /unspecified/],
    ['https://0/x', /unspecified/],
    ['https://[::]/x', /unspecified/],
    // Cloud metadata, however written.
    ['http://169.254.169.254/latest/meta-data/', /link-local/],
    ['https://0xa9fea9fe/latest/meta-data/', /link-local/],
    ['https://2852039166/latest/meta-data/', /link-local/],
    ['https://[::ffff:169.254.169.254]/', /link-local/],
    ['https://[::ffff:a9fe:a9fe]/', /link-local/],
    ['https://[fe80::1]/', /link-local/],
    ['https://10.0.0.1/', /private/],
    ['https://012.0.0.1/', /private/],
    ['https://172.16.0.1/', /private/],
    ['https://172.31.255.255/', /private/],
    ['https://192.168.1.1/', /private/],
    ['https://[::ffff:192.168.1.1]/', /private/],
    ['https://[fc00::1]/', /private/],
    ['https://[fd12:3456::1]/', /private/],
    ['https://100.64.0.1/', /shared/],
    ['https://100.127.255.254/', /shared/],
    ['https://224.0.0.1/', /multicast/],
    ['https://255.255.255.255/', /reserved/],
  ])('%s is refused (%s)', async (url, reason) => {
    expect(await refusal(url)).toMatch(reason);
  });

  it('is refused off GitHub’s storage, over http, on another port, or with credentials', async () => {
    expect(await refusal('https://evil.example/x')).toMatch(/not on a host/);
    expect(await refusal('https://s3.amazonaws.com.evil.example/x')).toMatch(/not on a host/);
    expect(await refusal('https://githubusercontent.com/x')).toMatch(/not on a host/);
    expect(await refusal('https://203.0.113.7/x')).toMatch(/not on a host/);
    expect(await refusal('http://objects-origin.githubusercontent.com/x')).toMatch(/not https/);
    expect(await refusal('https://objects-origin.githubusercontent.com:8443/x')).toMatch(/port/);
    expect(await refusal('https://user:pw@objects-origin.githubusercontent.com/x')).toMatch(/credentials/);
    expect(await refusal('https://user@127.0.0.1:4010/x')).toMatch(/credentials/);
  });

  it('never reaches a simulator control route, on any origin, however it is spelled', async () => {
    for (const url of [
      'https://objects-origin.githubusercontent.com/__sim/reset',
      'http://127.0.0.1:4010/__sim/reset',
      'http://127.0.0.1:4010//__sim/faults',
      'http://127.0.0.1:4010/%5F%5Fsim/reset',
      'http://127.0.0.1:4010/__SIM/advance',
    ])
      expect(await refusal(url), url).toMatch(/control route/);
  });

  it('is refused when a storage name resolves to loopback, metadata, the private network or this machine', async () => {
    const lan = Object.values(networkInterfaces())
      .flat()
      .find((entry) => entry && !entry.internal)?.address;
    for (const [addresses, reason] of [
      [['127.0.0.1'], /resolves to a loopback/],
      [['52.0.0.1', '::ffff:7f00:1'], /resolves to a loopback/],
      [['169.254.169.254'], /resolves to a link-local/],
      [['10.1.2.3'], /resolves to a private/],
      [['fd00::5'], /resolves to a private/],
      ...(lan
        ? [[[lan], /resolves to (?:an address of Ferry|a (?:private|link-local|shared))/] as const]
        : []),
    ] as const) {
      const rebound = handedUrlCheck({
        origins: [],
        hosts: GITHUB_STORAGE_HOSTS,
        resolve: () => Promise.resolve([...addresses]),
      });
      expect(await rebound(new URL('https://objects-origin.githubusercontent.com/log.txt'))).toMatch(reason);
    }
  });

  it('rejects, rather than allows, a name that does not resolve or resolves too slowly', async () => {
    const unknown = handedUrlCheck({
      origins: [],
      hosts: ['.example.com'],
      resolve: () => Promise.reject(new Error('ENOTFOUND x.example.com')),
    });
    await expect(unknown(new URL('https://x.example.com/'))).rejects.toThrow(
      'the address could not be resolved',
    );
    const slow = handedUrlCheck({
      origins: [],
      hosts: ['.example.com'],
      resolve: () => new Promise(() => undefined),
    });
    await expect(slow(new URL('https://x.example.com/'), 50)).rejects.toBeInstanceOf(OutboundLimitError);
  });

  it('never names the URL in its reason (presigned URLs are secrets)', async () => {
    for (const url of [
      'http://127.0.0.1:4011/log?X-Amz-Signature=secret',
      'https://evil.example/log?sig=secret',
    ])
      expect(await refusal(url)).not.toMatch(/secret|evil|127\.0\.0\.1|4011/);
  });
});

describe('fetchHanded', () => {
  const bounds = { headersMs: 1_000, idleMs: 1_000, totalMs: 2_000, maxBytes: 1024 };

  it('sends nothing to a refused URL', async () => {
    let sent = 0;
    const fetch = () => {
      sent += 1;
      return Promise.resolve(new Response('ok'));
    };
    await expect(fetchHanded(fetch, 'http://127.0.0.1:4011/x', {}, bounds, check)).rejects.toBeInstanceOf(
      HandedUrlRefusedError,
    );
    expect(sent).toBe(0);
  });

  it('never follows a redirect: the 3xx comes back to the caller', async () => {
    const seen: Request[] = [];
    const answer = await fetchHanded(
      (request) => {
        seen.push(request);
        return Promise.resolve(
          new Response(null, { status: 302, headers: { location: 'http://127.0.0.1:5180/' } }),
        );
      },
      'http://127.0.0.1:4010/log',
      { redirect: 'follow' },
      bounds,
      check,
    );
    expect(answer.response.status).toBe(302);
    expect(seen.map((request) => request.redirect)).toEqual(['manual']);
  });
});
