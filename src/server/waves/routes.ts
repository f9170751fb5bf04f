import { isLogin, isRepoName } from '@/contracts/github/names';
import { isRecord } from '@/contracts/json';
import { CREDENTIAL_NAME } from '@/contracts/credentials';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { Hono, type Context } from 'hono';
import {
  MAX_PLANNED_BATCHES,
  type BatchState,
  type Wave,
  type WaveCaps,
  type WaveExportOptions,
  type WaveFilters,
  type WaveExport,
  type WavePlanRequest,
  type WaveSummary,
} from '@/contracts/waves';
import { actorOf } from '@/server/audit/actor';
import { ownWorkOnly, SelfServiceRefusal, selfServiceRepositories } from '@/server/auth/write-access';
import { gatewayError } from '@/server/gateway-error';
import { archiveRange } from './archive-range';
import { manifestCsv, manifestJson } from './manifest';
import { checkPattern } from './name-glob';
import { CredentialRefusedError } from './github-client';
import { WaveInputError, type WaveRunner } from './runner';
import { waveStopReason, waveTotals } from './wave-machine';
import { UpstreamFailureError } from '@/server/outbound/upstream-failure';

/**
 * `/api/waves/*` (shapes in src/contracts/waves.ts). Mounted under /api, so the gateway's Host, Origin,
 * Sec-Fetch-Site and body-size checks apply. Requests are validated here; archives are served only from the
 * wave's own folder, by batch, never by a path the browser names.
 */
const WAVE_ID = /^[a-z0-9-]{1,64}$/;
const MAX_SIZE_KB = 10 * 1024 * 1024 * 1024;
// The store keeps waves as JSON, which PostgreSQL refuses with a NUL in it.
// eslint-disable-next-line no-control-regex -- control characters are what is refused
const CONTROL = /[\x00-\x1f\x7f]/;

/** A refusal; `status` 400 for input that can never be meant (a bad glob), 422 otherwise. */
type Invalid = { error: string; status?: 400; code?: string };

function optionalNumber(value: unknown, max = MAX_SIZE_KB): number | undefined | Invalid {
  if (value === undefined || value === null || value === '') return undefined;
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 && value <= max
    ? value
    : { error: 'sizes are numbers of KB' };
}

function optionalDate(value: unknown): string | undefined | Invalid {
  if (value === undefined || value === null || value === '') return undefined;
  return typeof value === 'string' && value.length <= 40 && !Number.isNaN(Date.parse(value))
    ? value
    : { error: 'dates are ISO dates' };
}

const invalid = (value: unknown): value is Invalid => isRecord(value) && typeof value.error === 'string';

/** Validate a plan request; every field has a safe default. */
export function parsePlanRequest(body: unknown): WavePlanRequest | Invalid {
  if (!isRecord(body)) return { error: 'Send a JSON object.' };
  const owner = isRecord(body.owner) ? body.owner : {};
  const kind = owner.kind === 'user' ? 'user' : 'org';
  const login = typeof owner.login === 'string' ? owner.login.trim() : '';
  if (kind === 'org' && !isLogin(login)) return { error: 'Name an organization (its login).' };

  const f = isRecord(body.filters) ? body.filters : {};
  const pattern = typeof f.namePattern === 'string' ? f.namePattern.trim() : '';
  if (pattern.length > 500) return { error: 'The name pattern is too long.' };
  const badGlob = checkPattern(pattern);
  if (badGlob) return { error: badGlob.message, status: 400, code: 'BAD_PATTERN' };
  const languages = Array.isArray(f.languages)
    ? f.languages
        .filter(
          (item): item is string => typeof item === 'string' && item.length <= 60 && !CONTROL.test(item),
        )
        .slice(0, 50)
    : [];
  const minSizeKb = optionalNumber(f.minSizeKb);
  const maxSizeKb = optionalNumber(f.maxSizeKb);
  const pushedAfter = optionalDate(f.pushedAfter);
  const pushedBefore = optionalDate(f.pushedBefore);
  for (const value of [minSizeKb, maxSizeKb, pushedAfter, pushedBefore]) if (invalid(value)) return value;
  const filters: WaveFilters = {
    namePattern: pattern || undefined,
    languages: languages.length > 0 ? languages : undefined,
    visibility: f.visibility === 'public' || f.visibility === 'private' ? f.visibility : 'all',
    archived: f.archived === 'exclude' || f.archived === 'only' ? f.archived : 'include',
    minSizeKb: minSizeKb as number | undefined,
    maxSizeKb: maxSizeKb as number | undefined,
    pushedAfter: pushedAfter as string | undefined,
    pushedBefore: pushedBefore as string | undefined,
  };

  const c = isRecord(body.caps) ? body.caps : {};
  const int = (value: unknown, fallback: number, min: number, max: number) =>
    typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max ? value : fallback;
  const caps: WaveCaps = {
    // GitHub takes up to 100 repositories in one export request.
    maxRepos: int(c.maxRepos, 25, 1, 100),
    maxSizeKb: int(c.maxSizeKb, 2 * 1024 * 1024, 1, MAX_SIZE_KB),
    concurrency: int(c.concurrency, 2, 1, 10),
  };
  const o = isRecord(body.options) ? body.options : {};
  const flag = (name: string, fallback = false) => (typeof o[name] === 'boolean' ? o[name] : fallback);
  const options: WaveExportOptions = {
    lockRepositories: flag('lockRepositories'),
    excludeMetadata: flag('excludeMetadata'),
    excludeGitData: flag('excludeGitData'),
    excludeAttachments: flag('excludeAttachments'),
    excludeReleases: flag('excludeReleases'),
    excludeOwnerProjects: flag('excludeOwnerProjects'),
    unlockWhenVerified: flag('unlockWhenVerified'),
    deleteAfterDownload: flag('deleteAfterDownload'),
    ...(typeof o.credential === 'string' ? { credential: o.credential } : {}),
  };
  if (options.credential !== undefined && !CREDENTIAL_NAME.test(options.credential))
    return { error: 'options.credential is not a credential name.' };
  const batches = plannedBatches(body.batches);
  if (invalid(batches)) return batches;
  return {
    owner: { kind, login: kind === 'user' ? '' : login },
    filters,
    caps,
    options,
    ...(batches ? { batches } : {}),
  };
}

/** The user's own arrangement, when sent: lists of repository names (whether they partition the selection is the runner's check). */
function plannedBatches(value: unknown): string[][] | undefined | Invalid {
  if (value === undefined || value === null) return undefined;
  const wellFormed =
    Array.isArray(value) &&
    value.length > 0 &&
    value.length <= MAX_PLANNED_BATCHES &&
    value.every(
      (batch) =>
        Array.isArray(batch) &&
        batch.length > 0 &&
        batch.length <= 1_000 &&
        batch.every((name) => typeof name === 'string' && isRepoName(name)),
    );
  return wellFormed
    ? (value as string[][])
    : { error: `batches: up to ${MAX_PLANNED_BATCHES} non-empty lists of repository names.` };
}

export function summarize(wave: Wave): WaveSummary {
  const totals = waveTotals(wave);
  return {
    id: wave.id,
    createdAt: wave.createdAt,
    state: wave.state,
    owner: wave.owner,
    repos: totals.repos,
    batches: totals.batches,
    verified: totals.verified,
    isolated: totals.isolated,
    failedBatches: totals.failedBatches,
    exports: waveExports(wave),
    ...(wave.options.credential ? { credential: wave.options.credential } : {}),
    ...(wave.state === 'stopped' ? { stopReason: waveStopReason(wave) } : {}),
  };
}

const OUTCOMES: Partial<Record<BatchState, WaveExport['outcome']>> = {
  verified: 'held',
  split: 'handled',
  failed: 'handled',
  queued: 'handled',
  isolated: 'problem',
  invalid: 'problem',
};

/** Every export the wave started, current and earlier attempts, with what it means for the user. */
export function waveExports(wave: Wave): WaveExport[] {
  return wave.batches.flatMap((batch) => [
    ...(batch.earlierMigrationIds ?? []).map((migrationId) => ({
      migrationId,
      batch: batch.id,
      outcome: 'handled' as const,
    })),
    ...(batch.migrationId === undefined
      ? []
      : [{ migrationId: batch.migrationId, batch: batch.id, outcome: OUTCOMES[batch.state] ?? 'running' }]),
  ]);
}

export function createWaveRoutes(runner: WaveRunner, archiveDir: string) {
  const app = new Hono();
  const withWave = async (c: Context) => {
    const id = c.req.param('id') ?? '';
    return WAVE_ID.test(id) ? runner.get(id) : undefined;
  };
  const notFound = (c: Context) => gatewayError(c, 404, 'No such wave.', 'NOT_FOUND');
  const show = async (wave: Wave) => ({
    ...wave,
    ...(wave.state === 'stopped' ? { stopReason: waveStopReason(wave) } : {}),
    totals: waveTotals(wave),
    progress: await runner.progress(wave),
  });

  /** GitHub failed on the way (down, stalled, cut, HTML, its own error): answered as the forwarder does. */
  const guarded = async (c: Context, work: () => Promise<Response>): Promise<Response> => {
    try {
      return await work();
    } catch (error) {
      if (error instanceof SelfServiceRefusal) return gatewayError(c, 403, error.message, 'FORBIDDEN');
      if (error instanceof WaveInputError) {
        return c.json({ message: error.message, code: 'INVALID', source: 'gateway' }, 422);
      }
      if (error instanceof CredentialRefusedError) {
        return gatewayError(c, 403, `GitHub refused this credential: ${error.message}`, 'CREDENTIAL_REFUSED');
      }
      if (error instanceof UpstreamFailureError) {
        const { status, message, code } = error.failure;
        return gatewayError(c, status, message, code);
      }
      throw error;
    }
  };

  const plan = async (c: Context, create: boolean) => {
    const parsed = parsePlanRequest(await c.req.json().catch(() => undefined));
    if (invalid(parsed)) {
      return c.json(
        { message: parsed.error, code: parsed.code ?? 'INVALID', source: 'gateway' },
        parsed.status ?? 422,
      );
    }
    const only = selfServiceRepositories(c);
    return guarded(c, async () =>
      create
        ? c.json(await show(await runner.create(parsed, { actor: actorOf(c), only })), 201)
        : c.json(await runner.plan(parsed, only)),
    );
  };
  app.use(
    '/:id/*',
    ownWorkOnly('wave', async (id) => (WAVE_ID.test(id) ? runner.get(id) : undefined)),
  );
  app.post('/preview', (c) => plan(c, false));
  app.post('/', (c) => plan(c, true));
  app.get('/', async (c) => c.json((await runner.list()).map(summarize)));
  app.get('/:id', async (c) => {
    const wave = await withWave(c);
    return wave ? c.json(await show(wave)) : notFound(c);
  });
  for (const action of ['pause', 'resume', 'cancel'] as const) {
    app.post(`/:id/${action}`, async (c) => {
      const wave = await withWave(c);
      if (!wave) return notFound(c);
      const next = await runner[action](wave.id);
      return next ? c.json(await show(next)) : notFound(c);
    });
  }
  for (const action of ['retry', 'unlock'] as const) {
    app.post(`/:id/batches/:batch{[0-9]+}/${action}`, async (c) => {
      const wave = await withWave(c);
      if (!wave) return notFound(c);
      return guarded(c, async () => {
        const next = await runner[action](wave.id, Number(c.req.param('batch')));
        return next ? c.json(await show(next)) : notFound(c);
      });
    });
  }
  app.get('/:id/batches/:batch{[0-9]+}/archive', async (c) => {
    const wave = await withWave(c);
    const batch = wave?.batches.find((b) => b.id === Number(c.req.param('batch')));
    if (!wave || !batch) return notFound(c);
    if (batch.state !== 'verified' || !batch.file) {
      return gatewayError(c, 404, 'This batch has no verified archive.', 'NOT_FOUND');
    }
    // Only files inside this wave's folder are served.
    const folder = path.resolve(archiveDir, wave.id);
    const file = path.resolve(batch.file);
    if (path.dirname(file) !== folder) return notFound(c);
    const size = (await stat(file).catch(() => undefined))?.size;
    if (size === undefined) return gatewayError(c, 404, 'The archive file is gone from disk.', 'NOT_FOUND');
    const headers = {
      'content-type': 'application/gzip',
      'content-disposition': `attachment; filename="${path.basename(file)}"`,
      'cache-control': 'no-store',
      'accept-ranges': 'bytes',
    };
    // A download that broke off resumes where it stopped (curl -C -, download managers).
    const range =
      c.req.header('if-range') === undefined ? archiveRange(c.req.header('range'), size) : undefined;
    if (range?.kind === 'unsatisfiable') {
      return c.json(
        { message: 'The range asked for is not in this archive.', code: 'BAD_RANGE', source: 'gateway' },
        416,
        { 'content-range': `bytes */${size}`, 'accept-ranges': 'bytes' },
      );
    }
    if (range?.kind === 'partial') {
      const { start, end } = range;
      return new Response(Readable.toWeb(createReadStream(file, { start, end })) as ReadableStream, {
        status: 206,
        headers: {
          ...headers,
          'content-length': String(end - start + 1),
          'content-range': `bytes ${start}-${end}/${size}`,
        },
      });
    }
    return new Response(Readable.toWeb(createReadStream(file)) as ReadableStream, {
      headers: { ...headers, 'content-length': String(size) },
    });
  });
  app.get('/:id/manifest.json', async (c) => {
    const wave = await withWave(c);
    if (!wave) return notFound(c);
    return c.body(manifestJson(wave), 200, {
      'content-type': 'application/json; charset=utf-8',
      'content-disposition': `attachment; filename="wave-${wave.id}-manifest.json"`,
    });
  });
  app.get('/:id/manifest.csv', async (c) => {
    const wave = await withWave(c);
    if (!wave) return notFound(c);
    return c.body(manifestCsv(wave), 200, {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="wave-${wave.id}-manifest.csv"`,
    });
  });
  return app;
}
