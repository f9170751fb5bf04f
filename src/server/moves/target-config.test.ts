import { describe, expect, it } from 'vitest';
import { loadConfig } from '@/server/config';
import { composeGateway } from '@/server/gateway';
import { secretsOf } from '@/server/security';
import { TARGET_SIMULATOR_ORIGIN } from '@/simulator/simulator';
import { TARGET_TOKENS } from '@/simulator/target/seed';

describe('the target side’s configuration', () => {
  it('is the embedded simulator’s target and its seeded tokens when no GitHub is configured', () => {
    const { target } = loadConfig({});
    expect(target).toMatchObject({
      mode: 'simulator',
      baseUrl: TARGET_SIMULATOR_ORIGIN,
      uploadsUrl: `${TARGET_SIMULATOR_ORIGIN}/uploads`,
    });
    expect(target.credentials.map((c) => c.name)).toEqual(['default']);
    const several = loadConfig({ SIM_CREDENTIALS: 'several' }).target.credentials;
    expect(several.map((c) => c.name)).toEqual(['default', 'monalisa', 'app', 'fine-grained']);
    expect(several.find((c) => c.name === 'app')).toMatchObject({ token: TARGET_TOKENS.installation });
  });

  it('reads TARGET_GITHUB_TOKEN and TARGET_GITHUB_TOKEN_<NAME> by the source’s rules, defaults to GitHub.com', () => {
    const config = loadConfig({
      GITHUB_TOKEN: 'ghp_source0000000000',
      TARGET_GITHUB_TOKEN: 'ghp_target0000000000',
      TARGET_GITHUB_TOKEN_MIGRATOR: 'ghp_migrator00000000',
      TARGET_GITHUB_TOKEN_FINE: 'github_pat_fine0000000',
    });
    expect(config.github.credentials.map((c) => c.name)).toEqual(['default']);
    expect(config.target).toMatchObject({
      mode: 'live',
      baseUrl: 'https://api.github.com',
      uploadsUrl: 'https://uploads.github.com',
    });
    expect(config.target.credentials.map((c) => [c.name, c.kind])).toEqual([
      ['default', 'classic'],
      ['fine', 'fine-grained'],
      ['migrator', 'classic'],
    ]);
    // Every target token is redacted like the source's.
    expect(secretsOf(config)).toEqual(
      expect.arrayContaining(['ghp_target0000000000', 'ghp_migrator00000000', 'github_pat_fine0000000']),
    );
  });

  it('takes a GHE.com target’s own URLs and refuses bad ones and control characters', () => {
    const config = loadConfig({
      TARGET_GITHUB_API_URL: 'https://api.acme.ghe.com/',
      TARGET_GITHUB_UPLOADS_URL: 'https://uploads.acme.ghe.com',
    });
    expect(config.target).toMatchObject({
      mode: 'live',
      baseUrl: 'https://api.acme.ghe.com',
      uploadsUrl: 'https://uploads.acme.ghe.com',
      credentials: [],
    });
    // The source stays simulated: only the target was configured.
    expect(config.github.mode).toBe('simulator');
    expect(() => loadConfig({ TARGET_GITHUB_API_URL: 'ftp://x' })).toThrow(/TARGET_GITHUB_API_URL/);
    expect(() => loadConfig({ TARGET_GITHUB_UPLOADS_URL: 'https://u:p@x' })).toThrow(/credentials/);
    expect(() => loadConfig({ TARGET_GITHUB_TOKEN: 'ghp_a\nb' })).toThrow(/TARGET_GITHUB_TOKEN/);
    expect(() => loadConfig({ TARGET_GITHUB_TOKEN_X: 'ghp_a\rb' })).toThrow(/TARGET_GITHUB_TOKEN_X/);
  });
});

describe('GET /api/moves/target', () => {
  it('names the target and each credential’s kind, never a value', async () => {
    const gateway = composeGateway(
      loadConfig({
        GITHUB_TOKEN: 'ghp_source0000000000',
        TARGET_GITHUB_TOKEN: 'ghp_target0000000000',
        TARGET_GITHUB_TOKEN_APP: 'ghs_installation00000',
      }),
      { watch: false },
    );
    const response = await gateway.app.request('http://localhost:5180/api/moves/target', {
      headers: { 'sec-fetch-site': 'same-origin' },
    });
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({
      mode: 'live',
      apiUrl: 'https://api.github.com',
      uploadsUrl: 'https://uploads.github.com',
      credentials: [
        { name: 'default', kind: 'classic' },
        { name: 'app', kind: 'app' },
      ],
    });
    expect(text).not.toMatch(/ghp_|ghs_/);
    await gateway.stop();
  });
});
