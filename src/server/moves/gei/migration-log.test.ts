import * as fs from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '@/server/config';
import { handedUrlChecks } from '@/server/outbound/handed-sources';
import { handedUrlCheck } from '@/server/outbound/handed-url';
import { createSimulator, TARGET_SIMULATOR_ORIGIN } from '@/simulator/simulator';
import { TARGET_TOKENS } from '@/simulator/target/seed';
import { buildTestArchive } from '@/simulator/target/test-archive';
import { upload } from '@/simulator/target/test-harness';
import { createTargetClient } from '../target-client';
import { createGeiOperations } from './gei-operations';
import { logFileOf, MAX_LOG_BYTES, saveMigrationLog } from './migration-log';

/** A migration's log saved beside its archive from the presigned URL GitHub names, before it expires. */
const scratch = fs.mkdtempSync(join(tmpdir(), 'migration-log-test-'));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));
/** Generous for the simulator's own work (an import on a loaded machine); the hostile cases use tight ones. */
const bounds = { headersMs: 10_000, idleMs: 10_000, totalMs: 20_000, maxBytes: 64 * 1024 };
const tight = { headersMs: 200, idleMs: 200, totalMs: 3_000, maxBytes: 64 * 1024 };
/** Where logs may come from on the embedded simulator: its target's origin, GitHub's log storage. */
const { log: check } = handedUrlChecks(loadConfig({}));

async function endedMigration() {
  const sim = createSimulator({ speed: 0 });
  const org = sim.target.world.state().org;
  const gei = createGeiOperations(
    createTargetClient({
      baseUrl: TARGET_SIMULATOR_ORIGIN,
      authorization: () => Promise.resolve(`Bearer ${TARGET_TOKENS.octocat}`),
      fetch: (r) => sim.fetch(r),
      bounds,
    }),
  );
  const bytes = await buildTestArchive({
    owner: 'octo-org',
    name: 'logged',
    commits: 1,
    branches: [],
    tags: [],
    issueAuthors: [],
    pullAuthors: [],
    releases: 0,
  });
  const { uri } = (await (await upload(sim, org.databaseId, bytes, TARGET_TOKENS.octocat)).json()) as {
    uri: string;
  };
  const source = await gei.createMigrationSource({
    ownerId: org.nodeId,
    name: 'GHES',
    url: 'https://ghes.example',
  });
  const { id } = await gei.startRepositoryMigration({
    sourceId: source.id,
    ownerId: org.nodeId,
    repositoryName: 'logged',
    sourceRepositoryUrl: 'https://ghes.example/octo-org/logged',
    archiveUrl: uri,
    accessToken: 'source',
    githubPat: TARGET_TOKENS.octocat,
    targetRepoVisibility: 'private',
  });
  sim.advance(3_600);
  const url = (await gei.migrationStates([id])).states.get(id)?.migrationLogUrl ?? '';
  expect(url).not.toBe('');
  return { sim, id, url };
}

const fileNamed = (name: string) => {
  const file = join(scratch, name);
  fs.writeFileSync(file, 'archive');
  return file;
};

describe('saving a migration log', () => {
  it('fetches the presigned URL without credentials and writes the log beside the archive', async () => {
    const { sim, id, url } = await endedMigration();
    const file = fileNamed('logged.tar.gz');
    fs.writeFileSync(logFileOf(file), 'an older log');
    const sent: Request[] = [];
    const saved = await saveMigrationLog({
      url,
      file,
      bounds,
      check,
      fetch: (request) => {
        sent.push(request);
        return sim.fetch(request);
      },
    });
    expect(saved).toMatchObject({ saved: true, file: `${file}.migration-log.txt` });
    const text = fs.readFileSync(logFileOf(file), 'utf8');
    expect(text).toContain(`Migration ${id}`);
    expect(text).toContain('State: SUCCEEDED');
    expect(saved.saved && saved.bytes).toBe(Buffer.byteLength(text));
    expect(sent.map((r) => r.headers.get('authorization'))).toEqual([null]);
    expect(fs.readdirSync(scratch).filter((f) => f.endsWith('.partial'))).toEqual([]);
  });

  it('answers an expired log (404 after 24 hours) as a result, once, with no file', async () => {
    const { sim, url } = await endedMigration();
    sim.advance(25 * 3_600);
    const file = fileNamed('expired.tar.gz');
    let requests = 0;
    const saved = await saveMigrationLog({
      url,
      file,
      bounds,
      check,
      fetch: (request) => {
        requests += 1;
        return sim.fetch(request);
      },
    });
    expect(saved).toMatchObject({ saved: false, reason: 'expired', retry: false });
    expect(requests).toBe(1);
    expect(fs.existsSync(logFileOf(file))).toBe(false);
  });

  it('keeps nothing of a log over 16 MiB, a redirect, a 5xx or a silent storage, and never names the URL', async () => {
    const file = fileNamed('hostile.tar.gz');
    const secretUrl = 'https://logs.example/RM_1.txt?X-Amz-Signature=secret-signature';
    const saving = (answer: () => Response | Promise<never>) =>
      saveMigrationLog({
        url: secretUrl,
        file,
        bounds: tight,
        check: handedUrlCheck({ origins: ['https://logs.example'], hosts: [] }),
        fetch: () => Promise.resolve(answer()),
      });
    const huge = await saving(() => new Response(new Uint8Array(MAX_LOG_BYTES + 1)));
    expect(huge).toMatchObject({ saved: false, reason: 'too-large', retry: false });
    const moved = await saving(
      () => new Response(null, { status: 302, headers: { location: 'http://127.0.0.1:5180/__sim/reset' } }),
    );
    expect(moved).toMatchObject({ saved: false, reason: 'refused' });
    expect(await saving(() => new Response('busy', { status: 503 }))).toMatchObject({
      reason: 'unavailable',
      retry: true,
    });
    const started = Date.now();
    const silent = await saving(() => new Promise<never>(() => undefined));
    expect(silent).toMatchObject({ reason: 'unavailable', retry: true });
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(
      await saveMigrationLog({
        url: 'file:///etc/passwd',
        file,
        bounds,
        check,
        fetch: () => Promise.reject(new Error('no')),
      }),
    ).toMatchObject({ reason: 'refused' });
    for (const result of [huge, moved, silent])
      expect(JSON.stringify(result)).not.toContain('secret-signature');
    expect(fs.readdirSync(scratch).filter((f) => f.startsWith('hostile.tar.gz.'))).toEqual([]);
  });

  it('refuses a log URL where logs do not come from, finally, sending nothing and naming no URL', async () => {
    const file = fileNamed('elsewhere.tar.gz');
    let sent = 0;
    for (const url of [
      // Another port of this machine, Ferry's own routes and its simulator's controls, cloud metadata.
      'http://127.0.0.1:4011/log.txt?sig=secret-signature',
      'http://127.0.0.1:5180/__sim/reset',
      'http://[::ffff:7f00:1]:5180/api/health',
      'http://169.254.169.254/latest/meta-data/',
      'https://2130706433/log.txt',
      'http://objects-origin.githubusercontent.com/octoshiftmigrationlogs/log.txt',
      'https://logs.example/log.txt',
    ]) {
      const saved = await saveMigrationLog({
        url,
        file,
        bounds,
        check,
        fetch: () => {
          sent += 1;
          return Promise.resolve(new Response('a log'));
        },
      });
      expect(saved, url).toMatchObject({ saved: false, reason: 'refused', retry: false });
      expect(JSON.stringify(saved)).not.toMatch(/secret|127\.0\.0\.1|169\.254|logs\.example/);
    }
    expect(sent).toBe(0);
    expect(fs.existsSync(logFileOf(file))).toBe(false);
  });
});
