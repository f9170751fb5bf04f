import { describe, expect, it } from 'vitest';
import { readArchive } from '@/simulator/github/migrations/read-archive';
import { SIM_TOKENS } from '@/simulator/github/seed';
import {
  FAKE_SECRETS,
  SPY_ENV,
  headerText,
  inProcessGateway,
  spyGateway,
  startGateway,
  startSimulatorServer,
} from '@/testing/node-servers';
import { archiveFilename } from './archive';

const GITHUB = SPY_ENV.GITHUB_API_URL;
const ARCHIVE = '/api/github/orgs/octo-org/migrations/12/archive';
const GZIP = new Uint8Array([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0]);

/** A fake GitHub that redirects the archive to `location` and a storage host that answers `storage`. */
function archiveGateway(
  location: string,
  storage: () => Response = () =>
    new Response(GZIP, {
      headers: { 'content-type': 'application/x-gzip', 'content-length': String(GZIP.length) },
    }),
) {
  return spyGateway({
    github: (request) =>
      request.url.startsWith(GITHUB)
        ? new Response(null, { status: 302, headers: { location, 'x-ratelimit-remaining': '4990' } })
        : storage(),
  });
}

describe('archive downloads through the gateway', () => {
  it('follows the 302 server-side and streams the archive as an attachment named after the migration', async () => {
    const gateway = archiveGateway(
      'https://github-cloud.s3.amazonaws.com/migration/12/abc?X-Amz-Signature=s',
    );
    const response = await gateway.call(ARCHIVE);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe(
      'attachment; filename="octo-org-migration-12.tar.gz"',
    );
    expect(response.headers.get('content-type')).toBe('application/x-gzip');
    expect(response.headers.get('location')).toBeNull();
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(GZIP);

    const [toGithub, toStorage] = gateway.sent.github;
    expect(toGithub?.redirect).toBe('manual');
    expect(toGithub?.headers.get('authorization')).toBe(`Bearer ${FAKE_SECRETS.GITHUB_TOKEN}`);
    expect(toStorage?.url).toBe('https://github-cloud.s3.amazonaws.com/migration/12/abc?X-Amz-Signature=s');
    // Nothing that identifies the caller travels to the storage host.
    expect(headerText(toStorage?.headers ?? new Headers())).not.toMatch(
      /authorization|x-github|cookie|FERRYTESTSECRET/i,
    );
  });

  it('names a user migration’s archive by its id', () => {
    expect(archiveFilename({ migration_id: '5' })).toBe('migration-5.tar.gz');
    expect(archiveFilename({ org: 'octo-org', migration_id: '5' })).toBe('octo-org-migration-5.tar.gz');
  });

  it('refuses a redirect to an unexpected host without fetching it', async () => {
    for (const location of [
      'https://evil.example/steal.tar.gz',
      'http://github-cloud.s3.amazonaws.com/x',
      'javascript:alert(1)',
    ]) {
      const gateway = archiveGateway(location);
      const response = await gateway.call(ARCHIVE);
      expect(response.status).toBe(502);
      expect(response.headers.has('location')).toBe(false);
      expect(await response.json()).toMatchObject({ code: 'ARCHIVE_REDIRECT_REFUSED' });
      expect(gateway.sent.github).toHaveLength(1);
    }
  });

  it('answers a redirect without Location, a storage failure and a deleted archive clearly', async () => {
    const noLocation = spyGateway({ github: () => new Response(null, { status: 302 }) });
    expect(await (await noLocation.call(ARCHIVE)).json()).toMatchObject({ code: 'ARCHIVE_REDIRECT_INVALID' });

    const expired = archiveGateway(
      `${new URL(GITHUB).origin}/storage/a`,
      () => new Response('<Error/>', { status: 403, headers: { 'content-type': 'application/xml' } }),
    );
    const failed = await expired.call(ARCHIVE);
    expect(failed.status).toBe(502);
    expect(await failed.json()).toMatchObject({ code: 'ARCHIVE_STORAGE_FAILED' });

    const gone = archiveGateway(
      `${new URL(GITHUB).origin}/storage/a`,
      () => new Response('<Error/>', { status: 404 }),
    );
    expect((await gone.call(ARCHIVE)).status).toBe(404);
  });

  it('still refuses redirects from operations that are not archives', async () => {
    const gateway = archiveGateway('https://github-cloud.s3.amazonaws.com/x');
    const response = await gateway.call('/api/github/orgs/octo-org/migrations/12');
    expect(response.status).toBe(502);
    expect(await response.json()).toMatchObject({ code: 'UNEXPECTED_REDIRECT' });
  });
});

describe('archive downloads on the embedded simulator', () => {
  it('starts an export, waits for it, and downloads a real tar.gz with schema.json', async () => {
    const { runtime, call } = inProcessGateway({ SIM_SPEED: '0', SIM_SCENARIO: 'quiet' });
    const started = await call('/api/github/orgs/octo-org/migrations', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-ferry-client': 'ferry-tests' },
      body: JSON.stringify({ repositories: ['hello-world'], lock_repositories: true }),
    });
    expect(started.status).toBe(201);
    const { id } = (await started.json()) as { id: number };
    expect((await call(`/api/github/orgs/octo-org/migrations/${id}/archive`)).status).toBe(404);
    runtime.simulator?.advance(120);

    const download = await call(`/api/github/orgs/octo-org/migrations/${id}/archive`);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toBe(
      `attachment; filename="octo-org-migration-${id}.tar.gz"`,
    );
    const files = await readArchive(new Uint8Array(await download.arrayBuffer()));
    expect(files.has('schema.json')).toBe(true);
    expect(files.has('repositories/octo-org/hello-world.git/HEAD')).toBe(true);
  });
});

describe('archive downloads against a live upstream (the simulator on its own address)', () => {
  it('resolves the real 302 over HTTP and streams the archive', async () => {
    const upstream = await startSimulatorServer();
    const gateway = await startGateway({
      GITHUB_TOKEN: SIM_TOKENS.octocat,
      GITHUB_API_URL: `${upstream.origin}/api/v3`,
      // The standalone simulator's storage is another port: trusted only when listed.
      GITHUB_STORAGE_ORIGINS: upstream.storage.origin,
    });
    try {
      const started = await fetch(`${gateway.origin}/api/github/user/migrations`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-ferry-client': 'ferry-tests' },
        body: JSON.stringify({ repositories: ['dotfiles'] }),
      });
      expect(started.status).toBe(201);
      const { id } = (await started.json()) as { id: number };
      upstream.sim.advance(120);
      const download = await fetch(`${gateway.origin}/api/github/user/migrations/${id}/archive`, {
        redirect: 'manual',
      });
      expect(download.status).toBe(200);
      expect(download.headers.get('content-disposition')).toBe(
        `attachment; filename="migration-${id}.tar.gz"`,
      );
      const files = await readArchive(new Uint8Array(await download.arrayBuffer()));
      expect(files.has('schema.json')).toBe(true);
    } finally {
      await gateway.close();
      await upstream.close();
    }
  });
});
