import { describe, expect, it } from 'vitest';
import { parseMigration } from '@/contracts/github/migration';
import { parseRateLimitOverview } from '@/contracts/github/rate-limit';
import { inProcessGateway } from '@/testing/node-servers';
import { loadConfig } from './config';

describe('GITHUB_API_VERSION', () => {
  it('is 2022-11-28 unless set, and refuses a version Ferry does not speak', () => {
    expect(loadConfig({}).github.apiVersion).toBe('2022-11-28');
    expect(loadConfig({ GITHUB_API_VERSION: '2026-03-10' }).github.apiVersion).toBe('2026-03-10');
    expect(() => loadConfig({ GITHUB_API_VERSION: '2099-01-01' })).toThrow(/one of 2022-11-28, 2026-03-10/);
    expect(() => loadConfig({ GITHUB_API_VERSION: '2022-11-28\u0000' })).toThrow(/GITHUB_API_VERSION/);
  });

  it.each(['2022-11-28', '2026-03-10'])(
    'under %s: the gateway sends it, shows it, and Ferry reads rate limits and exports alike',
    async (version) => {
      const gateway = inProcessGateway({
        SIM_SPEED: '0',
        SIM_SCENARIO: 'quiet',
        GITHUB_API_VERSION: version,
      });
      const config = (await (await gateway.call('/api/config')).json()) as { github: { apiVersion: string } };
      expect(config.github.apiVersion).toBe(version);

      const rate = await gateway.call('/api/github/rate_limit');
      expect(rate.headers.get('x-github-api-version-selected')).toBe(version);
      const body = (await rate.json()) as Record<string, unknown>;
      expect('rate' in body).toBe(version === '2022-11-28');
      const core = parseRateLimitOverview(body).categories.find((category) => category.name === 'core');
      expect(core?.limit).toBe(5_000);

      const started = await gateway.call('/api/github/orgs/octo-org/migrations', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ repositories: ['hello-world'] }),
      });
      const migration = parseMigration(await started.json());
      expect(migration.repositories.map((repo) => repo.fullName)).toEqual(['octo-org/hello-world']);
      gateway.runtime.memory.watcher?.stop();
    },
  );
});
