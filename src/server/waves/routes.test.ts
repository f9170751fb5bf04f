import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Wave, WavePreview } from '@/contracts/waves';
import { loadConfig } from '@/server/config';
import { composeGateway, type Gateway as Runtime } from '@/server/gateway';
import { createFerryStore, type FerryStore } from '@/server/store/ferry-store';
import { openStore } from '@/server/store/open-store';
import { readArchive } from '@/simulator/github/migrations/read-archive';
import { parsePlanRequest } from './routes';

let dir: string;
let store: FerryStore;
let runtime: Runtime;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'ferry-wave-routes-'));
  store = createFerryStore(await openStore({}));
  const config = loadConfig({ SIM_SCENARIO: 'big-org', SIM_SPEED: '3000' });
  runtime = composeGateway(config, { store, archiveDir: dir, watch: false, controlAccess: 'any' });
  await runtime.waves?.start();
}, 60_000);
afterAll(async () => {
  await runtime.waves?.stop();
  await store.close();
  await rm(dir, { recursive: true, force: true });
});

const ORIGIN = 'http://localhost:5180';
function call(
  pathname: string,
  init: { method?: string; body?: unknown; headers?: Record<string, string> } = {},
) {
  return runtime.app.request(`${ORIGIN}${pathname}`, {
    method: init.method ?? 'GET',
    headers: {
      'sec-fetch-site': 'same-origin',
      ...(init.body === undefined ? {} : { 'content-type': 'application/json', origin: ORIGIN }),
      ...init.headers,
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
}

const PLAN = {
  owner: { kind: 'org', login: 'big-org' },
  filters: { namePattern: 'api-1[0-4]?' },
  caps: { maxRepos: 10, concurrency: 2 },
  options: { lockRepositories: false },
};

describe('/api/waves', () => {
  it('takes the batches as the user arranged them, and refuses an arrangement that does not cover the selection', async () => {
    const preview = (await (
      await call('/api/waves/preview', { method: 'POST', body: PLAN })
    ).json()) as WavePreview;
    const names = preview.batches.flatMap((batch) => batch.repos);
    expect(names).toHaveLength(5);
    const arranged = [names.slice(0, 2), names.slice(2)];
    const created = await call('/api/waves', { method: 'POST', body: { ...PLAN, batches: arranged } });
    expect(created.status).toBe(201);
    const wave = (await created.json()) as { batches: { repos: string[] }[] };
    expect(wave.batches.map((batch) => batch.repos)).toEqual(arranged);
    const missing = await call('/api/waves', {
      method: 'POST',
      body: { ...PLAN, batches: [names.slice(1)] },
    });
    expect(missing.status).toBe(422);
    expect(((await missing.json()) as { message: string }).message).toMatch(/in no batch/);
    const malformed = await call('/api/waves', { method: 'POST', body: { ...PLAN, batches: [['../x']] } });
    expect(malformed.status).toBe(422);
  });

  it('previews a plan, refuses bad input and cross-site calls', async () => {
    const preview = await call('/api/waves/preview', { method: 'POST', body: PLAN });
    expect(preview.status).toBe(200);
    const body = (await preview.json()) as WavePreview;
    expect(body).toMatchObject({ listed: 500, selected: 5 });
    expect(body.requests.listing).toBe(5);

    const bad = await call('/api/waves/preview', {
      method: 'POST',
      body: { owner: { kind: 'org', login: '../x' } },
    });
    expect(bad.status).toBe(422);
    const none = await call('/api/waves', {
      method: 'POST',
      body: { ...PLAN, filters: { namePattern: 'zzz*' } },
    });
    expect(none.status).toBe(422);
    const crossSite = await call('/api/waves/preview', {
      method: 'POST',
      body: PLAN,
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(crossSite.status).toBe(403);
    const otherOrigin = await call('/api/waves', {
      method: 'POST',
      body: PLAN,
      headers: { origin: 'http://evil.test' },
    });
    expect(otherOrigin.status).toBe(403);
    expect((await call('/api/waves/nope')).status).toBe(404);
    expect((await call('/api/waves/..%2F..%2Fetc')).status).toBe(404);
  });

  it('matches any pattern up to the cap without backtracking; refuses bad globs with 400, creating nothing', async () => {
    // 17 stars took 26 s as a RegExp (the test's 5 s limit was the failure); now a handful of steps per name.
    for (const namePattern of [`${'*'.repeat(17)}!`, `${'*'.repeat(499)}!`, `${'*a'.repeat(250)}`]) {
      const answer = await call('/api/waves/preview', {
        method: 'POST',
        body: { ...PLAN, filters: { namePattern } },
      });
      expect(answer.status).toBe(200);
      expect(((await answer.json()) as WavePreview).selected).toBe(0);
    }
    const before = ((await (await call('/api/waves')).json()) as unknown[]).length;
    for (const namePattern of ['[z-a]', 'api-* [0-9', 'a\u0000b']) {
      for (const route of ['/api/waves/preview', '/api/waves']) {
        const answer = await call(route, { method: 'POST', body: { ...PLAN, filters: { namePattern } } });
        expect(answer.status).toBe(400);
        const body = (await answer.json()) as { message: string; code: string };
        expect(body.code).toBe('BAD_PATTERN');
        expect(body.message).toContain(namePattern.split(' ').pop());
      }
    }
    const nul = await call('/api/waves', {
      method: 'POST',
      body: { ...PLAN, filters: { namePattern: 'zzz*', languages: ['Go\u0000'] } },
    });
    expect(nul.status).toBe(422);
    expect(((await (await call('/api/waves')).json()) as unknown[]).length).toBe(before);
  });

  it('creates a wave, runs it, serves its archives and manifests', { timeout: 60_000 }, async () => {
    const created = await call('/api/waves', { method: 'POST', body: PLAN });
    expect(created.status).toBe(201);
    const wave = (await created.json()) as Wave;
    let shown: Wave & { totals: { verified: number } };
    const deadline = Date.now() + 45_000;
    do {
      await new Promise((resolve) => setTimeout(resolve, 100));
      shown = (await (await call(`/api/waves/${wave.id}`)).json()) as typeof shown;
    } while (shown.state !== 'completed' && Date.now() < deadline);
    expect(shown.state).toBe('completed');
    expect(shown.totals.verified).toBe(1);

    const list = (await (await call('/api/waves')).json()) as { id: string; verified: number }[];
    expect(list.find((item) => item.id === wave.id)).toMatchObject({ verified: 1 });

    const archive = await call(`/api/waves/${wave.id}/batches/1/archive`);
    expect(archive.status).toBe(200);
    expect(archive.headers.get('content-disposition')).toMatch(
      /^attachment; filename="batch-001-migration-\d+\.tar\.gz"$/,
    );
    expect(archive.headers.get('accept-ranges')).toBe('bytes');
    const whole = new Uint8Array(await archive.arrayBuffer());
    const files = await readArchive(whole);
    expect(files.has('schema.json')).toBe(true);

    // Range: one satisfiable range is a 206 of exactly those bytes; past the end is a 416.
    const archivePath = `/api/waves/${wave.id}/batches/1/archive`;
    const size = whole.length;
    for (const [range, start, end] of [
      ['bytes=0-9', 0, 9],
      ['bytes=10-', 10, size - 1],
      ['bytes=-5', size - 5, size - 1],
      [`bytes=${size - 3}-${size + 100}`, size - 3, size - 1],
    ] as const) {
      const part = await call(archivePath, { headers: { range } });
      expect(part.status).toBe(206);
      expect(part.headers.get('content-range')).toBe(`bytes ${start}-${end}/${size}`);
      expect(part.headers.get('content-length')).toBe(String(end - start + 1));
      expect(new Uint8Array(await part.arrayBuffer())).toEqual(whole.slice(start, end + 1));
    }
    for (const range of [`bytes=${size}-`, 'bytes=-0', 'bytes=99999999999999999999-']) {
      const refused = await call(archivePath, { headers: { range } });
      expect(refused.status).toBe(416);
      expect(refused.headers.get('content-range')).toBe(`bytes */${size}`);
      expect(refused.headers.get('content-security-policy')).toBeTruthy();
    }
    for (const range of ['bytes=0-1,4-5', 'items=0-1', 'bytes=9-3', 'nonsense']) {
      const ignored = await call(archivePath, { headers: { range } });
      expect(ignored.status).toBe(200);
      expect(ignored.headers.get('content-length')).toBe(String(size));
      await ignored.arrayBuffer();
    }

    const json = await call(`/api/waves/${wave.id}/manifest.json`);
    expect(json.headers.get('content-disposition')).toContain('attachment');
    const manifest = (await json.json()) as {
      batches: { repositories: string[]; sha256: string; state: string }[];
    };
    expect(manifest.batches).toHaveLength(1);
    expect(manifest.batches[0]).toMatchObject({ state: 'verified', sha256: shown.batches[0]!.sha256 });
    const csvAnswer = await call(`/api/waves/${wave.id}/manifest.csv`);
    expect(csvAnswer.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csvAnswer.headers.get('content-disposition')).toMatch(
      /^attachment; filename="wave-.+-manifest\.csv"$/,
    );
    const csv = await csvAnswer.text();
    const rows = Papa.parse<Record<string, string>>(csv.trim(), { header: true }).data;
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      batch: '1',
      state: 'verified',
      repositories: manifest.batches[0]!.repositories.join(' '),
    });

    // Pause and resume answer the wave; a finished wave stays finished.
    expect(
      ((await (await call(`/api/waves/${wave.id}/pause`, { method: 'POST', body: {} })).json()) as Wave)
        .state,
    ).toBe('completed');
  });

  it('normalises plan requests with safe defaults', () => {
    expect(parsePlanRequest({ owner: { kind: 'org', login: 'big-org' } })).toMatchObject({
      caps: { maxRepos: 25, concurrency: 2 },
      filters: { visibility: 'all', archived: 'include' },
      options: { lockRepositories: false, deleteAfterDownload: false },
    });
    expect(parsePlanRequest({ owner: { kind: 'org', login: 'x' }, caps: { maxRepos: 1_000 } })).toMatchObject(
      {
        caps: { maxRepos: 25 },
      },
    );
    expect(parsePlanRequest({ owner: { kind: 'org', login: 'x' }, filters: { minSizeKb: -1 } })).toEqual({
      error: 'sizes are numbers of KB',
    });
    expect(parsePlanRequest('nope')).toEqual({ error: 'Send a JSON object.' });
  });
});
