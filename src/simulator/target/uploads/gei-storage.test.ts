import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createClock } from '@/simulator/clock';
import { ARCHIVE_TTL_MS } from './archive-store';
import { createGeiStorage, type GeiStorageOptions } from './gei-storage';
import { migrationArchive } from './test-archives';

const ORG = 4242;
const TOKEN = 'Bearer sim-target-token';
const START = Date.parse('2026-11-20T10:00:00.000Z');

function setup(overrides: Partial<GeiStorageOptions> = {}) {
  const clock = createClock({ speed: 0, startMs: START });
  const storage = createGeiStorage({
    now: () => clock.now(),
    authorize: (authorization, org) =>
      org !== ORG
        ? { status: 404, message: 'Not Found' }
        : authorization === TOKEN
          ? undefined
          : { status: 403, message: 'You must be an organization owner or have the migrator role.' },
    maxSinglePartBytes: 1024,
    maxArchiveBytes: 64 * 1024,
    ...overrides,
  });
  const send = (method: string, path: string, body?: string | Buffer, headers: Record<string, string> = {}) =>
    storage.app.request(path, {
      method,
      body: typeof body === 'string' ? body : body && new Uint8Array(body),
      headers: { authorization: TOKEN, ...headers },
    });
  return { clock, storage, send };
}

const messageOf = async (response: Response) => ((await response.json()) as { message: string }).message;
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

async function startMultipart(
  send: ReturnType<typeof setup>['send'],
  size: number,
  name = 'git-archive.tar.gz',
) {
  const response = await send(
    'POST',
    `/organizations/${ORG}/gei/archive/blobs/uploads`,
    JSON.stringify({ content_type: 'application/octet-stream', name, size }),
    { 'content-type': 'application/json' },
  );
  expect(response.status).toBe(202);
  return response.headers.get('location')!;
}

describe('single-part upload', () => {
  it('stores the bytes and answers 201 with the archive as GitHub describes it', async () => {
    const { storage, send } = setup();
    const bytes = await migrationArchive();
    const response = await send('POST', `/organizations/${ORG}/gei/archive?name=repo-archive.tar.gz`, bytes, {
      'content-type': 'application/octet-stream',
    });
    expect(response.status).toBe(201);
    const body = (await response.json()) as Record<string, unknown>;
    expect(Object.keys(body)).toEqual(['guid', 'node_id', 'name', 'size', 'uri', 'created_at']);
    expect(body).toMatchObject({
      name: 'repo-archive.tar.gz',
      size: bytes.length,
      created_at: '2026-11-20T10:00:00.000Z',
    });
    expect(body.guid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(body.uri).toBe(`gei://archive/${String(body.guid)}`);
    expect(Buffer.from(String(body.node_id).slice(3), 'base64url').subarray(5).toString()).toBe(body.guid);
    const kept = storage.list(ORG)[0]!;
    expect(kept).toMatchObject({ guid: body.guid, nodeId: body.node_id, orgDatabaseId: ORG });
    expect(kept.invalid).toBeUndefined();
    expect(sha256(kept.bytes)).toBe(sha256(bytes));
  });

  it('refuses a body over the single-part size with 413 and points to the multipart upload', async () => {
    const { storage, send } = setup();
    const response = await send(
      'POST',
      `/organizations/${ORG}/gei/archive?name=big.tar.gz`,
      Buffer.alloc(1025, 7),
    );
    expect(response.status).toBe(413);
    const refusal = (await response.json()) as { message: string; documentation_url: string };
    expect(refusal.message).toMatch(/multipart/);
    expect(refusal.documentation_url).toMatch(/^https:\/\/docs\.github\.com\//);
    expect(storage.list(ORG)).toEqual([]);
  });

  it('stores an archive that is not a migration archive, flagged with the reason', async () => {
    const { storage, send } = setup();
    const response = await send('POST', `/organizations/${ORG}/gei/archive?name=notes.txt`, 'not an archive');
    expect(response.status).toBe(201);
    const { uri } = (await response.json()) as { uri: string };
    expect(storage.take(uri, ORG)?.invalid).toMatch(/not gzip-compressed/);
  });
});

describe('multipart upload', () => {
  it('reassembles three parts into the exact bytes (gh-gei completes at the Location of the last PATCH)', async () => {
    const { storage, send } = setup();
    // Incompressible padding (hashes as base64), so the archive needs three 1 KiB parts.
    const noise = Array.from({ length: 64 }, (_, i) =>
      createHash('sha256').update(String(i)).digest('base64'),
    ).join('');
    const bytes = await migrationArchive(noise.slice(0, 2600));
    expect(bytes.length).toBeGreaterThan(2048);
    expect(bytes.length).toBeLessThanOrEqual(3072);
    let location = await startMultipart(send, bytes.length);
    expect(location).toMatch(
      new RegExp(
        `^/organizations/${ORG}/gei/archive/blobs/uploads\\?part_number=1&guid=[0-9a-f-]{36}&upload_id=[\\w-]+$`,
      ),
    );
    const guid = new URL(location, 'http://x').searchParams.get('guid');
    for (let offset = 0, part = 1; offset < bytes.length; offset += 1024, part += 1) {
      const response = await send('PATCH', location, bytes.subarray(offset, offset + 1024));
      expect(response.status).toBe(202);
      location = response.headers.get('location')!;
      expect(new URL(location, 'http://x').searchParams.get('part_number')).toBe(String(part + 1));
    }
    const done = await send('PUT', location, '');
    expect(done.status).toBe(201);
    expect(await done.json()).toMatchObject({
      guid,
      uri: `gei://archive/${guid}`,
      size: bytes.length,
      name: 'git-archive.tar.gz',
    });
    const kept = storage.take(`gei://archive/${guid}`, ORG)!;
    expect(sha256(kept.bytes)).toBe(sha256(bytes));
    expect(kept.invalid).toBeUndefined();
  });

  it('also completes at the last PATCH\'s own Location (gh-blob, the docs\' "last path")', async () => {
    const { send } = setup();
    const first = await startMultipart(send, 1500);
    const second = (await send('PATCH', first, Buffer.alloc(1024, 1))).headers.get('location')!;
    expect((await send('PATCH', second, Buffer.alloc(476, 2))).status).toBe(202);
    expect((await send('PUT', second)).status).toBe(201);
  });

  it('refuses a part out of order, and takes the right one after', async () => {
    const { send } = setup();
    const first = await startMultipart(send, 3000);
    const second = (await send('PATCH', first, Buffer.alloc(1024))).headers.get('location')!;
    const third = second.replace('part_number=2', 'part_number=3');
    const refused = await send('PATCH', third, Buffer.alloc(1024));
    expect(refused.status).toBe(422);
    expect(await messageOf(refused)).toMatch(/expected part_number 2, got 3/);
    expect((await send('PATCH', second, Buffer.alloc(1024))).status).toBe(202);
  });

  it('lets a client resend the last part (a retry replaces it) without counting it twice', async () => {
    const { send } = setup();
    const first = await startMultipart(send, 1100);
    const second = (await send('PATCH', first, Buffer.alloc(1024))).headers.get('location')!;
    expect((await send('PATCH', first, Buffer.alloc(1024))).status).toBe(202);
    expect((await send('PATCH', second, Buffer.alloc(76))).status).toBe(202);
    expect((await send('PUT', second.replace('part_number=2', 'part_number=3'))).status).toBe(201);
  });

  it('keeps the count right when the same part and the completion arrive twice at once', async () => {
    const { storage, send } = setup();
    const first = await startMultipart(send, 2048);
    const answers = await Promise.all([
      send('PATCH', first, Buffer.alloc(1024, 1)),
      send('PATCH', first, Buffer.alloc(1024, 2)),
    ]);
    expect(answers.map((r) => r.status)).toEqual([202, 202]);
    const second = answers[0].headers.get('location')!;
    const third = (await send('PATCH', second, Buffer.alloc(1024, 3))).headers.get('location')!;
    const done = await Promise.all([send('PUT', third), send('PUT', third)]);
    expect(done.map((r) => r.status).sort()).toEqual([201, 404]);
    expect(storage.list(ORG).map((a) => a.size)).toEqual([2048]);
  });

  it('refuses to complete when the parts do not add up to the declared size', async () => {
    const { storage, send } = setup();
    const first = await startMultipart(send, 2000);
    const second = (await send('PATCH', first, Buffer.alloc(1024))).headers.get('location')!;
    const early = await send('PUT', second);
    expect(early.status).toBe(422);
    expect(await messageOf(early)).toMatch(/1024 of 2000/);
    const over = await send('PATCH', second, Buffer.alloc(1000));
    expect(over.status).toBe(422);
    expect(storage.list(ORG)).toEqual([]);
  });
});

describe('what the target world reads', () => {
  it('expires an unused archive seven simulated days after upload', async () => {
    const { clock, storage, send } = setup();
    const response = await send(
      'POST',
      `/organizations/${ORG}/gei/archive?name=a.tar.gz`,
      await migrationArchive(),
    );
    const { uri, node_id: nodeId } = (await response.json()) as { uri: string; node_id: string };
    clock.advance(ARCHIVE_TTL_MS / 1000 - 1);
    expect(storage.list(ORG).map((a) => a.uri)).toEqual([uri]);
    clock.advance(1);
    expect(storage.list(ORG)).toEqual([]);
    expect(storage.byNodeId(nodeId)).toBeUndefined();
    expect(storage.take(uri, ORG)).toBeUndefined();
  });

  it('take deletes the archive at once, and only for its own organization', async () => {
    const { storage, send } = setup();
    const { uri } = (await (await send('POST', `/organizations/${ORG}/gei/archive?name=a`, 'x')).json()) as {
      uri: string;
    };
    expect(storage.take(uri, ORG + 1)).toBeUndefined();
    expect(storage.take(uri, ORG)?.uri).toBe(uri);
    expect(storage.take(uri, ORG)).toBeUndefined();
    expect(storage.list(ORG)).toEqual([]);
    expect(storage.take('https://example.com/a.tar.gz', ORG)).toBeUndefined();
  });

  it('lists newest first, finds and deletes by node id', async () => {
    const { clock, storage, send } = setup();
    const upload = async (name: string) =>
      (
        (await (await send('POST', `/organizations/${ORG}/gei/archive?name=${name}`, 'x')).json()) as {
          node_id: string;
        }
      ).node_id;
    await upload('first');
    clock.advance(60);
    const second = await upload('second');
    await upload('third');
    expect(storage.list(ORG).map((a) => a.name)).toEqual(['third', 'second', 'first']);
    expect(storage.byNodeId(second)?.name).toBe('second');
    expect(storage.delete(second)?.name).toBe('second');
    expect(storage.delete(second)).toBeUndefined();
    expect(storage.list(ORG).map((a) => a.name)).toEqual(['third', 'first']);
  });

  it('passes an authorize refusal through, status and message, on every route', async () => {
    const { storage, send } = setup();
    const paths: [string, string][] = [
      ['POST', `/organizations/${ORG}/gei/archive?name=a`],
      ['POST', `/organizations/${ORG}/gei/archive/blobs/uploads`],
      ['PATCH', `/organizations/${ORG}/gei/archive/blobs/uploads?part_number=1&guid=x&upload_id=y`],
      ['PUT', `/organizations/${ORG}/gei/archive/blobs/uploads?part_number=1&guid=x&upload_id=y`],
    ];
    for (const [method, path] of paths) {
      const response = await send(method, path, 'x', { authorization: 'Bearer ghs_app_token' });
      expect(response.status).toBe(403);
      const body = (await response.json()) as Record<string, unknown>;
      expect(body).toEqual({
        message: 'You must be an organization owner or have the migrator role.',
        documentation_url: body.documentation_url,
        status: '403',
      });
      expect(body.documentation_url).toMatch(/^https:\/\/docs\.github\.com\//);
    }
    expect((await send('POST', `/organizations/${ORG + 1}/gei/archive?name=a`, 'x')).status).toBe(404);
    expect(storage.list(ORG)).toEqual([]);
  });

  it('saves and loads archives and unfinished uploads; refuses what it did not write', async () => {
    const first = setup();
    const bytes = await migrationArchive();
    await first.send('POST', `/organizations/${ORG}/gei/archive?name=kept`, bytes);
    const location = await startMultipart(first.send, 1500);
    const next = (await first.send('PATCH', location, Buffer.alloc(1024, 3))).headers.get('location')!;
    const saved = JSON.parse(JSON.stringify(first.storage.save())) as unknown;

    const second = setup();
    expect(second.storage.load({ version: 99 })).toBe(false);
    expect(second.storage.load(saved)).toBe(true);
    expect(sha256(second.storage.list(ORG)[0]!.bytes)).toBe(sha256(bytes));
    expect((await second.send('PATCH', next, Buffer.alloc(476, 4))).status).toBe(202);
    expect((await second.send('PUT', next.replace('part_number=2', 'part_number=3'))).status).toBe(201);
    expect(second.storage.list(ORG)).toHaveLength(2);
    expect(second.storage.load({ ...(saved as object), archives: [{ guid: 1 }] })).toBe(false);
    expect(second.storage.list(ORG)).toHaveLength(2);
  });
});
