import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { describe, expect, it } from 'vitest';
import { createClock } from '@/simulator/clock';
import { createGeiStorage } from './gei-storage';

const ORG = 4242;
const BLOBS = `/organizations/${ORG}/gei/archive/blobs/uploads`;

function setup() {
  const clock = createClock({ speed: 0, startMs: Date.parse('2026-11-20T10:00:00.000Z') });
  const storage = createGeiStorage({
    now: () => clock.now(),
    authorize: (_authorization, org) => (org === ORG ? undefined : { status: 404, message: 'Not Found' }),
    maxSinglePartBytes: 1024,
    maxArchiveBytes: 8 * 1024,
    maxOpenUploadsPerOrg: 3,
  });
  const send = (
    method: string,
    path: string,
    body?: string | Uint8Array,
    headers: Record<string, string> = {},
  ) =>
    storage.app.request(path, {
      method,
      body: typeof body === 'string' ? body : body && new Uint8Array(body),
      headers,
    });
  const start = async (size = 2000) => {
    const response = await send(
      'POST',
      BLOBS,
      JSON.stringify({ content_type: 'application/octet-stream', name: 'a', size }),
    );
    expect(response.status).toBe(202);
    return response.headers.get('location')!;
  };
  return { storage, send, start };
}

/** A refusal: a 4xx with GitHub's error body. */
async function expectRefused(response: Response, status: number) {
  expect(response.status).toBe(status);
  const body = (await response.json()) as { message?: unknown; documentation_url?: unknown };
  expect(typeof body.message).toBe('string');
  expect(typeof body.documentation_url).toBe('string');
}

describe('hostile input to GitHub-owned storage', () => {
  it('refuses bad archive names with 422', async () => {
    const { storage, send } = setup();
    const names = ['', '%20%20', 'a%00b', 'tab%09name', 'x'.repeat(256), '%C3%A9'.repeat(128)];
    for (const name of names) {
      await expectRefused(await send('POST', `/organizations/${ORG}/gei/archive?name=${name}`, 'x'), 422);
    }
    await expectRefused(await send('POST', `/organizations/${ORG}/gei/archive`, 'x'), 422);
    const malformed = await send('POST', `/organizations/${ORG}/gei/archive?name=%E0%A4%A`, 'x');
    expect(malformed.status).toBeLessThan(500);
    expect(storage.list(ORG).every((a) => !a.name.includes('\u0000'))).toBe(true);
  });

  it('answers 404 for organization ids that are not ones', async () => {
    const { send } = setup();
    for (const org of ['abc', '-1', '0', '1e3', '4242.0', '99999999999999999999', '%00', '%E0%A4%A', '1']) {
      await expectRefused(await send('POST', `/organizations/${org}/gei/archive?name=a`, 'x'), 404);
      await expectRefused(await send('POST', `/organizations/${org}/gei/archive/blobs/uploads`, '{}'), 404);
    }
  });

  it('refuses an empty single-part body', async () => {
    const { send } = setup();
    await expectRefused(await send('POST', `/organizations/${ORG}/gei/archive?name=a`, ''), 422);
  });

  it('refuses bad multipart starts: not JSON, wrong types, huge or negative sizes, oversized bodies', async () => {
    const { send } = setup();
    await expectRefused(await send('POST', BLOBS, 'not json'), 400);
    await expectRefused(await send('POST', BLOBS, '[1,2]'), 400);
    await expectRefused(await send('POST', BLOBS, 'null'), 400);
    await expectRefused(await send('POST', BLOBS, '['.repeat(10_000)), 400);
    const bodies = [
      { name: 'a', size: 1e30 },
      { name: 'a', size: 2 ** 53 },
      { name: 'a', size: 8 * 1024 + 1 },
      { name: 'a', size: -5 },
      { name: 'a', size: 0 },
      { name: 'a', size: 1.5 },
      { name: 'a', size: '100' },
      { name: 'a' },
      { size: 100 },
      { name: 'a\u0000b', size: 100 },
      { name: 'a', size: 100, content_type: 7 },
    ];
    for (const body of bodies) await expectRefused(await send('POST', BLOBS, JSON.stringify(body)), 422);
    await expectRefused(
      await send('POST', BLOBS, JSON.stringify({ name: 'a'.repeat(20_000), size: 1 })),
      413,
    );
  });

  it('bounds the unfinished uploads of one organization', async () => {
    const { start, send } = setup();
    for (let i = 0; i < 3; i += 1) await start();
    await expectRefused(await send('POST', BLOBS, JSON.stringify({ name: 'a', size: 10 })), 422);
  });

  it('refuses bad part numbers with 422 and unknown sessions with 404', async () => {
    const { start, send } = setup();
    const location = await start();
    for (const part of ['-1', '0', 'NaN', '1.5', '', '1e2', '99999999', '10002', '%00']) {
      const response = await send('PATCH', location.replace('part_number=1', `part_number=${part}`), 'x');
      await expectRefused(response, 422);
    }
    await expectRefused(await send('PATCH', location.replace(/part_number=1&?/, ''), 'x'), 422);
    const url = new URL(location, 'http://x');
    const guid = url.searchParams.get('guid')!;
    const uploadId = url.searchParams.get('upload_id')!;
    const wrong = [
      location.replace(guid, '00000000-0000-4000-8000-000000000000'),
      location.replace(guid, '../../etc/passwd'),
      location.replace(uploadId, 'not-the-upload-id'),
      location.replace(`&upload_id=${uploadId}`, ''),
      location.replace(`/organizations/${ORG}/`, '/organizations/4243/'),
    ];
    for (const path of wrong) {
      const response = await send('PATCH', path, 'x');
      expect(response.status).toBe(404);
    }
  });

  it('refuses oversized and empty parts, and a completing PUT that carries data', async () => {
    const { start, send } = setup();
    const location = await start(1500);
    await expectRefused(await send('PATCH', location, new Uint8Array(1025)), 413);
    await expectRefused(await send('PATCH', location, ''), 422);
    await expectRefused(await send('PUT', location), 422); // no parts yet
    const next = (await send('PATCH', location, new Uint8Array(1024))).headers.get('location')!;
    expect((await send('PATCH', next, new Uint8Array(476))).status).toBe(202);
    const last = next.replace('part_number=2', 'part_number=3');
    await expectRefused(await send('PUT', last, new Uint8Array(1024)), 422);
    // gh-gei completes with an empty JSON string for a body: no data, accepted.
    expect((await send('PUT', last, '""')).status).toBe(201);
    // The session is gone once completed.
    expect((await send('PUT', last)).status).toBe(404);
    expect((await send('PATCH', last, 'x')).status).toBe(404);
  });

  it('answers a huge declared Content-Length at once over real HTTP, without reading or hanging', async () => {
    const { storage } = setup();
    const server = serve({ fetch: storage.app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise<void>((resolve) => server.once('listening', () => resolve()));
    try {
      const { port } = server.address() as AddressInfo;
      const status = await new Promise<number>((resolve, reject) => {
        const req = httpRequest({
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: `/organizations/${ORG}/gei/archive?name=huge`,
          headers: { 'content-type': 'application/octet-stream', 'content-length': String(40 * 1024 ** 4) },
        });
        req.on('response', (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
          req.destroy();
        });
        req.on('error', reject);
        req.write(Buffer.alloc(16)); // a few bytes of the promised terabytes, then nothing
      });
      expect(status).toBe(413);
    } finally {
      server.close();
    }
  });
});
