import { describe, expect, it } from 'vitest';
import { DEFAULT_PORT, isLoopbackHost, loadConfig } from './config';
import { publicConfig } from './public-config';

describe('loadConfig', () => {
  it('defaults to loopback, the fixed port and the embedded simulator for both upstreams', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      host: '127.0.0.1',
      port: DEFAULT_PORT,
      password: undefined,
      allowedHosts: [],
      github: { mode: 'simulator' },
      registrar: { mode: 'simulator' },
      upstreamTimeoutMs: 15_000,
      bodyLimitBytes: 256 * 1024,
    });
  });

  it('takes the public address alerts link to from FERRY_PUBLIC_URL, else the address it binds', () => {
    expect(loadConfig({}).publicUrl).toBe(`http://127.0.0.1:${DEFAULT_PORT}`);
    expect(loadConfig({ HOST: '::1', PORT: '8080' }).publicUrl).toBe('http://[::1]:8080');
    expect(loadConfig({ FERRY_PUBLIC_URL: ' https://ferry.example.com/tools/ferry/ ' }).publicUrl).toBe(
      'https://ferry.example.com/tools/ferry',
    );
    for (const FERRY_PUBLIC_URL of [
      'ferry.example.com',
      'ftp://ferry.example.com',
      'https://user:pw@ferry.example.com',
      'https://ferry.example.com/?a=1',
      'https://ferry.example.com/#top',
    ])
      expect(() => loadConfig({ FERRY_PUBLIC_URL }), FERRY_PUBLIC_URL).toThrow(/^FERRY_PUBLIC_URL/);
  });

  it('refuses to listen beyond loopback without a password', () => {
    for (const HOST of ['0.0.0.0', '::', '192.168.1.20', 'ferry.lan']) {
      expect(() => loadConfig({ HOST }), HOST).toThrow(/FERRY_PASSWORD/);
    }
    expect(loadConfig({ HOST: '0.0.0.0', FERRY_PASSWORD: 's3cret' })).toMatchObject({
      host: '0.0.0.0',
      password: 's3cret',
    });
    for (const HOST of ['localhost', '127.0.0.1', '127.0.1.1', '::1']) {
      expect(loadConfig({ HOST }).host).toBe(HOST);
    }
  });

  it('goes live for GitHub with a token, defaulting to api.github.com', () => {
    expect(loadConfig({ GITHUB_TOKEN: ' ghp_x ' }).github).toEqual({
      mode: 'live',
      baseUrl: 'https://api.github.com',
      credentials: [{ name: 'default', kind: 'classic', token: 'ghp_x' }],
      apiVersion: '2022-11-28',
    });
    expect(loadConfig({ GITHUB_API_URL: 'https://ghe.example/api/v3/' }).github).toEqual({
      mode: 'live',
      baseUrl: 'https://ghe.example/api/v3',
      credentials: [],
      apiVersion: '2022-11-28',
    });
  });

  it('goes live for the registrar with both keys, and refuses just one', () => {
    expect(loadConfig({ PORKBUN_API_KEY: 'pk1_a', PORKBUN_SECRET_API_KEY: 'sk1_b' }).registrar).toEqual({
      mode: 'live',
      baseUrl: 'https://api.porkbun.com/api/json/v3',
      apiKey: 'pk1_a',
      secretApiKey: 'sk1_b',
    });
    expect(() => loadConfig({ PORKBUN_API_KEY: 'pk1_a' })).toThrow(/both/);
    expect(() => loadConfig({ PORKBUN_SECRET_API_KEY: 'sk1_b' })).toThrow(/both/);
  });

  it('rejects upstream URLs that are not plain http(s)', () => {
    expect(() => loadConfig({ GITHUB_API_URL: 'not a url' })).toThrow(/not a URL/);
    expect(() => loadConfig({ GITHUB_API_URL: 'file:///etc/passwd' })).toThrow(/http/);
    expect(() => loadConfig({ PORKBUN_API_URL: 'https://user:pw@api.porkbun.com' })).toThrow(/credentials/);
  });

  it('validates numbers', () => {
    expect(loadConfig({ PORT: '8080', UPSTREAM_TIMEOUT_MS: '200', BODY_LIMIT_BYTES: '1024' })).toMatchObject({
      port: 8080,
      upstreamTimeoutMs: 200,
      bodyLimitBytes: 1024,
    });
    for (const PORT of ['0', '-1', '80.5', 'eighty', '65536'])
      expect(() => loadConfig({ PORT }), PORT).toThrow(/PORT/);
  });

  it('refuses durations a timer cannot hold (they would fire at once) and sizes past safe integers', () => {
    for (const name of ['UPSTREAM_TIMEOUT_MS', 'UPSTREAM_TOTAL_MS', 'ARCHIVE_TOTAL_MS'])
      expect(() => loadConfig({ [name]: String(2 ** 31) }), name).toThrow(new RegExp(name));
    expect(() => loadConfig({ ARCHIVE_MAX_BYTES: '99999999999999999999' })).toThrow(/ARCHIVE_MAX_BYTES/);
    expect(loadConfig({})).toMatchObject({
      upstreamTotalMs: 60_000,
      archiveTotalMs: 6 * 60 * 60_000,
      archiveMaxBytes: 100 * 1024 ** 3,
    });
  });

  it('takes GITHUB_STORAGE_ORIGINS as exact origins', () => {
    expect(
      loadConfig({ GITHUB_STORAGE_ORIGINS: 'http://127.0.0.1:4011, https://storage.ghe.example.test' })
        .storageOrigins,
    ).toEqual(['http://127.0.0.1:4011', 'https://storage.ghe.example.test']);
    for (const GITHUB_STORAGE_ORIGINS of [
      'ftp://x.test',
      'https://x.test/path',
      'https://u:p@x.test',
      'nope',
    ])
      expect(() => loadConfig({ GITHUB_STORAGE_ORIGINS }), GITHUB_STORAGE_ORIGINS).toThrow(
        /GITHUB_STORAGE_ORIGINS/,
      );
  });

  it('caps JSON answers read into memory at 8 MB unless UPSTREAM_JSON_LIMIT_BYTES says otherwise', () => {
    expect(loadConfig({}).upstreamJsonLimitBytes).toBe(8 * 1024 * 1024);
    expect(loadConfig({ UPSTREAM_JSON_LIMIT_BYTES: '1024' }).upstreamJsonLimitBytes).toBe(1024);
  });

  it.each([
    ['GITHUB_TOKEN', 'ghp_abc\r\ndef'],
    ['GITHUB_TOKEN', 'ghp_abc\tdef'],
    ['PORKBUN_API_KEY', 'pk1_a\u0000b'],
    ['PORKBUN_SECRET_API_KEY', 'sk1_a\u007fb'],
    ['FERRY_PASSWORD', 'pass\nword'],
  ])('refuses %s with a control character, naming it without showing it', (name, value) => {
    const env = { PORKBUN_API_KEY: 'pk1_x', PORKBUN_SECRET_API_KEY: 'sk1_x', [name]: value };
    expect(() => loadConfig(env)).toThrow(`${name} contains a control character`);
    try {
      loadConfig(env);
    } catch (error) {
      expect(String(error)).not.toContain(value.slice(0, 5));
    }
  });

  it('still trims a trailing newline from a token read from a file', () => {
    expect(loadConfig({ GITHUB_TOKEN: 'ghp_abc\n' }).github.credentials).toEqual([
      { name: 'default', kind: 'classic', token: 'ghp_abc' },
    ]);
  });

  it('lower-cases and trims FERRY_ALLOWED_HOSTS', () => {
    expect(loadConfig({ FERRY_ALLOWED_HOSTS: ' Ferry.LAN:5180 ,, x:1 ' }).allowedHosts).toEqual([
      'ferry.lan:5180',
      'x:1',
    ]);
  });
});

describe('isLoopbackHost', () => {
  it('knows loopback names', () => {
    expect(['localhost', '127.0.0.1', '127.9.9.9', '::1', '[::1]'].every(isLoopbackHost)).toBe(true);
    expect(
      ['0.0.0.0', '::', '10.0.0.1', 'localhost.evil.example', '127.0.0.1.nip.io'].some(isLoopbackHost),
    ).toBe(false);
  });
});

describe('publicConfig', () => {
  it('shows modes and hosts, never a secret', () => {
    const config = loadConfig({
      GITHUB_TOKEN: 'ghp_SECRET_TOKEN',
      GITHUB_API_URL: 'https://ghe.example/api/v3',
      PORKBUN_API_KEY: 'pk1_SECRET_KEY',
      PORKBUN_SECRET_API_KEY: 'sk1_SECRET_KEY',
      FERRY_PASSWORD: 'SECRET_PASSWORD',
    });
    const shown = publicConfig(config);
    expect(shown).toEqual({
      github: {
        mode: 'live',
        baseUrl: 'https://ghe.example/api/v3',
        host: 'ghe.example',
        credentialConfigured: true,
        apiVersion: '2022-11-28',
        credentials: [{ name: 'default', kind: 'classic' }],
      },
      registrar: {
        mode: 'live',
        baseUrl: 'https://api.porkbun.com/api/json/v3',
        host: 'api.porkbun.com',
        credentialConfigured: true,
      },
      passwordProtected: true,
    });
    expect(JSON.stringify(shown)).not.toMatch(/SECRET/);
  });

  it('describes the simulator', () => {
    expect(publicConfig(loadConfig({})).github).toMatchObject({
      mode: 'simulator',
      host: 'Simulator',
      baseUrl: 'embedded simulator',
    });
    expect(
      publicConfig(loadConfig({ GITHUB_API_URL: 'https://ghe.example' })).github.credentialConfigured,
    ).toBe(false);
  });
});
