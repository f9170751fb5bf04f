import { createHash, randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, describe, expect, it } from 'vitest';
import { UpstreamFailureError } from '@/server/outbound/upstream-failure';
import { createSimulator, TARGET_SIMULATOR_ORIGIN, type Simulator } from '@/simulator/simulator';
import { TARGET_TOKENS } from '@/simulator/target/seed';
import { buildTestArchive } from '@/simulator/target/test-archive';
import { createTargetClient } from '../target-client';
import { ArchiveUploadError } from './gei-errors';
import { createGeiOperations } from './gei-operations';
import { uploadArchive, type UploadArchiveInput, type UploadProgress } from './archive-upload';

/** Archives into the embedded simulator's GitHub-owned storage, at a 64 KiB part size. */
const scratch = fs.mkdtempSync(join(tmpdir(), 'archive-upload-test-'));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

const bounds = { headersMs: 10_000, idleMs: 10_000, totalMs: 20_000, maxBytes: 1024 * 1024 };
const PART = 64 * 1024;
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

function fileOf(name: string, bytes: Buffer): string {
  const file = join(scratch, name);
  fs.writeFileSync(file, bytes);
  return file;
}

/** Requests as the target saw them (method, path and query, body size), and the upload's inputs. */
function setup(sim: Simulator, file: string, extra: Partial<UploadArchiveInput> = {}) {
  const seen: { method: string; url: string; bytes: number }[] = [];
  const org = sim.target.world.state().org.databaseId;
  const input: UploadArchiveInput = {
    file,
    name: 'widget.tar.gz',
    orgDatabaseId: org,
    uploadsUrl: `${TARGET_SIMULATOR_ORIGIN}/uploads/`,
    authorization: `Bearer ${TARGET_TOKENS.octocat}`,
    bounds,
    partBytes: PART,
    fetch: async (request) => {
      const body = Buffer.from(await request.clone().arrayBuffer());
      const url = new URL(request.url);
      seen.push({ method: request.method, url: `${url.pathname}${url.search}`, bytes: body.length });
      return sim.fetch(request);
    },
    ...extra,
  };
  const stored = () => sim.target.world.storage().list(org);
  return { input, seen, stored };
}

describe('uploading an archive to GitHub-owned storage', () => {
  it('sends an archive up to the part size in one POST and answers its gei:// uri', async () => {
    const sim = createSimulator({ speed: 0 });
    const bytes = randomBytes(PART);
    const { input, seen, stored } = setup(sim, fileOf('single.tar.gz', bytes));
    const result = await uploadArchive(input);
    expect(result.bytes).toBe(PART);
    expect(result.uri).toMatch(/^gei:\/\/archive\/[0-9a-f-]{36}$/);
    expect(seen).toEqual([
      {
        method: 'POST',
        url: expect.stringMatching(
          /\/uploads\/organizations\/\d+\/gei\/archive\?name=widget\.tar\.gz$/,
        ) as unknown,
        bytes: PART,
      },
    ]);
    expect(stored().map((a) => [a.uri, sha256(a.bytes)])).toEqual([[result.uri, sha256(bytes)]]);
  });

  it('sends a larger one in parts at each Location, telling the caller where it is after each', async () => {
    const sim = createSimulator({ speed: 0 });
    const bytes = randomBytes(3 * PART + 1000);
    const progress: UploadProgress[] = [];
    const { input, seen, stored } = setup(sim, fileOf('multi.tar.gz', bytes), {
      onPart: (p) => Promise.resolve(void progress.push(p)),
    });
    const result = await uploadArchive(input);
    expect(seen.map((s) => [s.method, s.bytes])).toEqual([
      ['POST', expect.any(Number) as unknown],
      ['PATCH', PART],
      ['PATCH', PART],
      ['PATCH', PART],
      ['PATCH', 1000],
      ['PUT', 0],
    ]);
    expect(seen[1]?.url).toMatch(/part_number=1&/);
    expect(progress.map((p) => [p.parts, p.bytesSent])).toEqual([
      [0, 0],
      [1, PART],
      [2, 2 * PART],
      [3, 3 * PART],
      [4, bytes.length],
    ]);
    expect(progress[0]?.location).toMatch(
      /^http:\/\/target\.simulator\.internal\/uploads\/organizations\/\d+\/gei\/archive\/blobs\/uploads\?part_number=1&guid=/,
    );
    const [archive] = stored();
    expect(result).toEqual({ uri: archive?.uri, bytes: bytes.length });
    expect(sha256(archive?.bytes ?? Buffer.alloc(0))).toBe(sha256(bytes));
  });

  it('resumes after a kill between parts from the persisted Location, never starting again', async () => {
    const sim = createSimulator({ speed: 0 });
    const bytes = randomBytes(4 * PART + 5);
    const file = fileOf('resume.tar.gz', bytes);
    let saved: UploadProgress | undefined;
    const killed = setup(sim, file, {
      onPart: (p) => {
        saved = p;
        return p.parts === 2 ? Promise.reject(new Error('killed')) : Promise.resolve();
      },
    });
    await expect(uploadArchive(killed.input)).rejects.toThrow('killed');
    expect(saved).toMatchObject({ parts: 2, bytesSent: 2 * PART });
    const again = setup(sim, file, { resume: saved });
    const result = await uploadArchive(again.input);
    expect(again.seen.map((s) => s.method)).toEqual(['PATCH', 'PATCH', 'PATCH', 'PUT']);
    expect(again.seen[0]?.url).toMatch(/part_number=3&/);
    const [archive] = again.stored();
    expect(archive?.uri).toBe(result.uri);
    expect(sha256(archive?.bytes ?? Buffer.alloc(0))).toBe(sha256(bytes));
  });

  it('resends the last part when the kill came before its progress was saved (storage replaces it)', async () => {
    const sim = createSimulator({ speed: 0 });
    const bytes = randomBytes(3 * PART);
    const file = fileOf('replace.tar.gz', bytes);
    const saved: UploadProgress[] = [];
    const killed = setup(sim, file, {
      onPart: (p) =>
        p.parts === 2 ? Promise.reject(new Error('killed')) : Promise.resolve(void saved.push(p)),
    });
    await expect(uploadArchive(killed.input)).rejects.toThrow('killed');
    const again = setup(sim, file, { resume: saved.at(-1) });
    await uploadArchive(again.input);
    expect(again.seen.map((s) => s.method)).toEqual(['PATCH', 'PATCH', 'PUT']);
    expect(sha256(again.stored()[0]?.bytes ?? Buffer.alloc(0))).toBe(sha256(bytes));
  });

  it('stops between parts once its signal aborts (a lost job lease): no part nor PUT after', async () => {
    const sim = createSimulator({ speed: 0 });
    const file = fileOf('lease.tar.gz', randomBytes(4 * PART));
    const lease = new AbortController();
    const { input, seen, stored } = setup(sim, file, {
      signal: lease.signal,
      onPart: (p) => Promise.resolve(void (p.parts === 1 && lease.abort(new Error('lease lost')))),
    });
    await expect(uploadArchive(input)).rejects.toThrow('lease lost');
    expect(seen.map((s) => s.method)).toEqual(['POST', 'PATCH']);
    expect(stored()).toEqual([]);
    // Aborted before it began: nothing is sent at all.
    const before = setup(sim, file, { signal: AbortSignal.abort(new Error('lease lost')) });
    await expect(uploadArchive(before.input)).rejects.toThrow('lease lost');
    expect(before.seen).toEqual([]);
  });

  it('starts afresh when the resumed upload expired (404), and the archive is whole', async () => {
    const sim = createSimulator({ speed: 0 });
    const bytes = randomBytes(2 * PART + 7);
    const file = fileOf('expired.tar.gz', bytes);
    let saved: UploadProgress | undefined;
    const killed = setup(sim, file, {
      onPart: (p) => ((saved = p), p.parts === 1 ? Promise.reject(new Error('killed')) : Promise.resolve()),
    });
    await expect(uploadArchive(killed.input)).rejects.toThrow('killed');
    sim.advance(8 * 24 * 3600);
    const again = setup(sim, file, { resume: saved });
    const result = await uploadArchive(again.input);
    expect(again.seen.map((s) => s.method)).toEqual(['PATCH', 'POST', 'PATCH', 'PATCH', 'PATCH', 'PUT']);
    const [archive] = again.stored();
    expect(archive?.uri).toBe(result.uri);
    expect(sha256(archive?.bytes ?? Buffer.alloc(0))).toBe(sha256(bytes));
  });

  it('uploads a real archive in parts that GEI then imports', async () => {
    const sim = createSimulator({ speed: 0 });
    const bytes = await buildTestArchive({
      owner: 'octo-org',
      name: 'parts',
      commits: 3,
      branches: [],
      tags: [],
      issueAuthors: ['octocat'],
      pullAuthors: [],
      releases: 1,
    });
    expect(bytes.length).toBeGreaterThan(1024);
    const { input, seen } = setup(sim, fileOf('parts.tar.gz', bytes), { partBytes: 512 });
    const { uri } = await uploadArchive(input);
    expect(seen.filter((s) => s.method === 'PATCH').length).toBe(Math.ceil(bytes.length / 512));
    const gei = createGeiOperations(
      createTargetClient({
        baseUrl: TARGET_SIMULATOR_ORIGIN,
        authorization: () => Promise.resolve(`Bearer ${TARGET_TOKENS.octocat}`),
        fetch: (r) => sim.fetch(r),
        bounds,
      }),
    );
    const org = sim.target.world.state().org;
    const source = await gei.createMigrationSource({
      ownerId: org.nodeId,
      name: 'GHES',
      url: 'https://ghes.example',
    });
    const { id } = await gei.startRepositoryMigration({
      sourceId: source.id,
      ownerId: org.nodeId,
      repositoryName: 'parts',
      sourceRepositoryUrl: 'https://ghes.example/octo-org/parts',
      archiveUrl: uri,
      accessToken: 'source',
      githubPat: TARGET_TOKENS.octocat,
      targetRepoVisibility: 'private',
    });
    sim.advance(3_600);
    expect((await gei.migrationStates([id])).states.get(id)).toMatchObject({ state: 'SUCCEEDED' });
  });

  it('starts afresh, never calling it, when the saved Location is on another host', async () => {
    const sim = createSimulator({ speed: 0 });
    const bytes = randomBytes(2 * PART);
    const { input, seen, stored } = setup(sim, fileOf('foreign.tar.gz', bytes), {
      resume: { location: 'https://evil.example/steal?part_number=2', bytesSent: PART, parts: 1 },
    });
    await uploadArchive(input);
    expect(seen.map((s) => s.method)).toEqual(['POST', 'PATCH', 'PATCH', 'PUT']);
    expect(sha256(stored()[0]?.bytes ?? Buffer.alloc(0))).toBe(sha256(bytes));
  });

  it('passes GitHub’s refusals on with its words: an App token, a bad organization', async () => {
    const sim = createSimulator({ speed: 0 });
    const file = fileOf('refused.tar.gz', randomBytes(100));
    const app = setup(sim, file, { authorization: `Bearer ${TARGET_TOKENS.installation}` });
    await expect(uploadArchive(app.input)).rejects.toMatchObject({
      kind: 'refused',
      status: 403,
      message: 'GitHub-owned storage answered HTTP 403: Resource not accessible by integration.',
    });
    const other = setup(sim, file, { orgDatabaseId: 12345 });
    await expect(uploadArchive(other.input)).rejects.toMatchObject({ kind: 'refused', status: 404 });
    await expect(uploadArchive({ ...other.input, name: 'a\u0000b' })).rejects.toBeInstanceOf(
      ArchiveUploadError,
    );
  });

  it('holds no more than a few chunks of a part in memory while sending it over HTTP', async () => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const size = 48 * 1024 * 1024;
    const file = fileOf('held.tar.gz', randomBytes(size));
    let held = Number.NaN;
    // A storage that, with 40 MiB of the body received, measures what the sender still holds after a full GC.
    const server = createServer((request, response) => {
      let received = 0;
      let measured = false;
      request.on('data', (chunk: Buffer) => {
        received += chunk.length;
        if (!measured && received > 40 * 1024 * 1024) {
          measured = true;
          request.pause();
          gc();
          setTimeout(() => {
            gc();
            held = process.memoryUsage().arrayBuffers - before;
            request.resume();
          }, 50);
        }
      });
      request.on('end', () =>
        response
          .writeHead(201, { 'content-type': 'application/json' })
          .end(JSON.stringify({ uri: 'gei://archive/0e4c7b0e-1b1e-4b8e-9a0e-000000000001' })),
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    gc();
    const before = process.memoryUsage().arrayBuffers;
    try {
      await uploadArchive({
        file,
        name: 'held.tar.gz',
        orgDatabaseId: 1,
        uploadsUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        authorization: 'Bearer x',
        fetch: (request) => fetch(request),
        bounds: { headersMs: 10_000, idleMs: 10_000, totalMs: 20_000, maxBytes: 1024 * 1024 },
        partBytes: size,
      });
    } finally {
      server.close();
      fs.rmSync(file);
    }
    // undici's fetch keeps every chunk of a body it may resend on a 307/308 unless redirects are an error.
    expect(held).toBeLessThan(16 * 1024 * 1024);
  });

  it('resolves each Location against the uploads URL as gh-gei does (a path from the root, never appended)', async () => {
    const file = fileOf('resolve.tar.gz', randomBytes(PART + 10));
    for (const [uploadsUrl, location, expected] of [
      [
        'https://uploads.github.com',
        '/organizations/1/gei/archive/blobs/uploads?part_number=1&guid=g',
        'https://uploads.github.com/organizations/1/gei/archive/blobs/uploads?part_number=1&guid=g',
      ],
      [
        'http://127.0.0.1:4012/uploads',
        '/uploads/organizations/1/gei/archive/blobs/uploads?part_number=1&guid=g',
        'http://127.0.0.1:4012/uploads/organizations/1/gei/archive/blobs/uploads?part_number=1&guid=g',
      ],
    ] as const) {
      const sent: string[] = [];
      await uploadArchive({
        file,
        name: 'x.tar.gz',
        orgDatabaseId: 1,
        uploadsUrl,
        authorization: 'Bearer x',
        bounds: { headersMs: 200, idleMs: 200, totalMs: 500, maxBytes: 1024 * 1024 },
        partBytes: PART,
        fetch: (request) => {
          sent.push(`${request.method} ${request.url}`);
          // Every answer is a refusal after the first: only the first part's URL matters here.
          return Promise.resolve(
            request.method === 'POST'
              ? new Response(null, { status: 202, headers: { location } })
              : new Response('{"message":"no"}', { status: 422 }),
          );
        },
      }).catch(() => undefined);
      expect(sent[1]).toBe(`PATCH ${expected}`);
    }
  });

  it('asks before each request whether it may send (a hold on the account waits every upload request)', async () => {
    const file = fileOf('asked.tar.gz', randomBytes(2 * PART + 10));
    const order: string[] = [];
    let part = 0;
    await uploadArchive({
      file,
      name: 'x.tar.gz',
      orgDatabaseId: 1,
      uploadsUrl: 'https://uploads.github.com',
      authorization: 'Bearer x',
      bounds: { headersMs: 1_000, idleMs: 1_000, totalMs: 2_000, maxBytes: 1024 * 1024 },
      partBytes: PART,
      beforeRequest: () => Promise.resolve(void order.push('may I?')),
      fetch: (request) => {
        order.push(request.method);
        if (request.method === 'PUT')
          return Promise.resolve(
            Response.json(
              {
                guid: 'g',
                node_id: 'MA_x',
                name: 'x.tar.gz',
                size: 2 * PART + 10,
                uri: 'gei://archive/g',
                created_at: '2026-11-28T00:00:00Z',
              },
              { status: 201 },
            ),
          );
        part += 1;
        const location = `/organizations/1/gei/archive/blobs/uploads?part_number=${part}&guid=g`;
        return Promise.resolve(new Response(null, { status: 202, headers: { location } }));
      },
    });
    expect(order).toEqual([
      'may I?',
      'POST',
      'may I?',
      'PATCH',
      'may I?',
      'PATCH',
      'may I?',
      'PATCH',
      'may I?',
      'PUT',
    ]);
  });

  describe('hostile storage', () => {
    const file = fileOf('hostile.tar.gz', randomBytes(2 * PART));
    const small = fileOf('hostile-small.tar.gz', randomBytes(10));
    const hosts: string[] = [];
    const answering = (answer: (request: Request) => Response | Promise<never>, path = file) =>
      uploadArchive({
        file: path,
        name: 'x.tar.gz',
        orgDatabaseId: 1,
        uploadsUrl: 'https://uploads.github.com',
        authorization: 'Bearer x',
        bounds: { headersMs: 200, idleMs: 200, totalMs: 500, maxBytes: 1024 * 1024 },
        partBytes: PART,
        fetch: (request) => {
          hosts.push(new URL(request.url).host);
          return Promise.resolve(answer(request));
        },
      }).catch((e: unknown) => e);

    it('refuses no Location, a Location on another host, a 201 that is not JSON', async () => {
      expect(await answering(() => new Response(null, { status: 202 }))).toMatchObject({ kind: 'hostile' });
      hosts.length = 0;
      const elsewhere = await answering(
        () =>
          new Response(null, {
            status: 202,
            headers: { location: 'https://evil.example/steal?part_number=1' },
          }),
      );
      expect(elsewhere).toMatchObject({
        kind: 'hostile',
        message: 'Storage sent the next part to another host.',
      });
      const protocolRelative = await answering(
        () => new Response(null, { status: 202, headers: { location: '//evil.example/x' } }),
      );
      expect(protocolRelative).toMatchObject({ kind: 'hostile' });
      expect(hosts.every((host) => host === 'uploads.github.com')).toBe(true);
      expect(await answering(() => new Response('<html>ok</html>', { status: 201 }), small)).toMatchObject({
        kind: 'hostile',
      });
      expect(
        await answering(() => new Response(JSON.stringify({ uri: 'https://x' }), { status: 201 }), small),
      ).toMatchObject({ kind: 'hostile' });
      expect(await answering(() => new Response('{}', { status: 503 }), small)).toMatchObject({
        kind: 'failed',
      });
    });

    it('sends no part to a Location on another port, a loopback address or a simulator control route', async () => {
      for (const location of [
        'https://uploads.github.com:8443/steal?part_number=1',
        'http://127.0.0.1:5180/api/moves',
        'https://[::ffff:7f00:1]/x',
        'https://uploads.github.com/__sim/reset',
        'https://uploads.github.com/%5F%5Fsim/reset',
      ]) {
        hosts.length = 0;
        const refused = await answering(() => new Response(null, { status: 202, headers: { location } }));
        expect(refused, location).toMatchObject({
          kind: 'hostile',
          message: 'Storage sent the next part to another host.',
        });
        // Only the start went out, to the configured uploads origin.
        expect(hosts).toEqual(['uploads.github.com']);
      }
    });

    it('cuts a huge answer and a silent one within the bounds', async () => {
      const huge = await answering(() => new Response('x'.repeat(200 * 1024), { status: 201 }), small);
      expect(huge).toBeInstanceOf(UpstreamFailureError);
      expect((huge as UpstreamFailureError).failure.code).toBe('UPSTREAM_TOO_LARGE');
      const started = Date.now();
      const silent = await answering(() => new Promise<never>(() => undefined), small);
      expect(silent).toBeInstanceOf(UpstreamFailureError);
      expect(Date.now() - started).toBeLessThan(2_000);
    });
  });
});
