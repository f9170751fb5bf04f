import { describe, expect, it } from 'vitest';
import { loadConfig } from '@/server/config';
import { TARGET_SIMULATOR_ORIGIN } from '@/simulator/target/app';
import { handedUrlChecks } from './handed-sources';

const GHES = 'https://ghe.example.test/api/v3';
const live = (env: Record<string, string> = {}) =>
  loadConfig({ GITHUB_API_URL: GHES, GITHUB_TOKEN: 'ghp_test', ...env });
const allowed = async (check: (url: URL) => Promise<string | undefined>, url: string) =>
  (await check(new URL(url))) === undefined;

describe('where an archive redirect may point', () => {
  const { archive } = handedUrlChecks(live());
  it.each([
    ['https://ghe.example.test/storage/x.tar.gz', true],
    ['https://github-cloud.s3.amazonaws.com/migration/79/67?sig=1', true],
    ['https://s3.amazonaws.com/github-cloud/migration/79', true],
    ['https://objects-origin.githubusercontent.com/x', true],
    // Another port of the upstream's host is another service: not trusted unless listed.
    ['https://ghe.example.test:8443/storage/x.tar.gz', false],
    ['http://github-cloud.s3.amazonaws.com/x', false],
    ['https://github-cloud.s3.amazonaws.com:8443/x', false],
    ['https://evil.example/x', false],
    ['https://s3.amazonaws.com.evil.example/x', false],
    ['https://user:pw@ghe.example.test/x', false],
    ['http://ghe.example.test/x', false],
    ['https://169.254.169.254/latest/meta-data/', false],
  ])('%s → %s', async (url, expected) => {
    expect(await allowed(archive, url)).toBe(expected);
  });

  it('takes the origins listed in GITHUB_STORAGE_ORIGINS, exactly', async () => {
    const { archive: listed } = handedUrlChecks(
      live({
        GITHUB_API_URL: 'http://127.0.0.1:4010/api/v3',
        GITHUB_STORAGE_ORIGINS: 'http://127.0.0.1:4011',
      }),
    );
    expect(await allowed(listed, 'http://127.0.0.1:4011/_storage/a.tar.gz')).toBe(true);
    expect(await allowed(listed, 'http://127.0.0.1:4012/_storage/a.tar.gz')).toBe(false);
    expect(await allowed(listed, 'https://127.0.0.1:4011/_storage/a.tar.gz')).toBe(false);
  });

  it('takes the embedded simulator’s storage port only in simulator mode', async () => {
    const storage = 'http://simulator.internal:81/_storage/a.tar.gz';
    expect(await allowed(handedUrlChecks(loadConfig({})).archive, storage)).toBe(true);
    const asLive = handedUrlChecks(live({ GITHUB_API_URL: 'http://simulator.internal/api/v3' }));
    expect(await allowed(asLive.archive, storage)).toBe(false);
  });

  it('refuses GitHub’s storage when its name resolves to the private network (the upstream is the network)', async () => {
    const { archive: resolving } = handedUrlChecks(live(), { github: () => Promise.resolve(['10.0.0.7']) });
    expect(await resolving(new URL('https://github-cloud.s3.amazonaws.com/migration/1'))).toMatch(/private/);
    expect(await allowed(resolving, 'https://ghe.example.test/storage/x.tar.gz')).toBe(true);
  });
});

describe('where a migration log URL may point', () => {
  it('takes the target’s own origins and GitHub’s log storage, nothing else', async () => {
    const { log } = handedUrlChecks(
      live({
        TARGET_GITHUB_API_URL: 'http://127.0.0.1:4012',
        TARGET_GITHUB_UPLOADS_URL: 'http://127.0.0.1:4013/uploads',
      }),
    );
    expect(await allowed(log, 'http://127.0.0.1:4012/_migration-logs/RM_1.txt')).toBe(true);
    expect(await allowed(log, 'http://127.0.0.1:4013/uploads/x')).toBe(true);
    expect(
      await allowed(
        log,
        'https://objects-origin.githubusercontent.com/octoshiftmigrationlogs/o/r-logs.txt?X-Amz-S=1',
      ),
    ).toBe(true);
    // The source, another port, Ferry itself, its simulator controls: never a log.
    for (const url of [
      'https://ghe.example.test/log.txt',
      'http://127.0.0.1:4014/log.txt',
      'http://127.0.0.1:5180/api/health',
      'http://127.0.0.1:4012/__sim/reset',
    ])
      expect(await allowed(log, url), url).toBe(false);
  });

  it('on the embedded simulator, takes the simulated target’s origin', async () => {
    const { log } = handedUrlChecks(loadConfig({}));
    expect(await allowed(log, `${TARGET_SIMULATOR_ORIGIN}/_migration-logs/RM_1.txt`)).toBe(true);
    expect(await allowed(log, 'http://127.0.0.1:5180/_migration-logs/RM_1.txt')).toBe(false);
  });
});
