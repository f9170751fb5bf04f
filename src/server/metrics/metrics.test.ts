import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import parsePrometheusTextFormat, { type PromFamily } from 'parse-prometheus-text-format';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Move, MoveRepositoryStep } from '@/contracts/move-run';
import { inProcessGateway as openGateway } from '@/testing/node-servers';
import type { FerryStore } from '../store/ferry-store';
import { openTestStore } from '../store/test-store';
import { routeGroup } from './gateway-metrics';

let store: FerryStore;
beforeAll(async () => {
  ({ store } = await openTestStore());
}, 60_000);
afterAll(() => store.close());

/** Every gateway a test opens is stopped after it: its watcher polled on, into the store closed after the file. */
const opened: ReturnType<typeof openGateway>[] = [];
const inProcessGateway = (...args: Parameters<typeof openGateway>) => {
  const gateway = openGateway(...args);
  opened.push(gateway);
  return gateway;
};
afterEach(async () => {
  await Promise.all(opened.splice(0).map((gateway) => gateway.runtime.stop()));
});

const family = (families: PromFamily[], name: string) => {
  const found = families.find((f) => f.name === name);
  if (!found) throw new Error(`no ${name} in the exposition`);
  return found;
};

async function scrape(
  call: ReturnType<typeof inProcessGateway>['call'],
): Promise<{ families: PromFamily[]; text: string }> {
  const response = await call('/metrics');
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toContain('text/plain');
  expect(response.headers.get('cache-control')).toBe('no-store');
  const text = await response.text();
  return { families: parsePrometheusTextFormat(text), text };
}

describe('GET /metrics', () => {
  it('exposes rate limits per credential and category, upstream requests, watcher polls, waves, store health and durations', async () => {
    const gateway = inProcessGateway({ SIM_SPEED: '0', SIM_SCENARIO: 'quiet' }, { store });
    expect((await gateway.call('/api/github/rate_limit')).status).toBe(200);
    const started = await gateway.call('/api/github/orgs/octo-org/migrations', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ repositories: ['hello-world'] }),
    });
    const { id } = (await started.json()) as { id: number };
    await gateway.call(`/api/github/orgs/octo-org/migrations/${id}`);
    await gateway.runtime.memory.watcher!.nudge();
    await gateway.runtime.memory.watcher!.settle();

    const { families, text } = await scrape(gateway.call);
    const remaining = family(families, 'ferry_rate_limit_remaining');
    expect(remaining.type).toBe('GAUGE');
    const core = remaining.metrics.find((m) => m.labels?.resource === 'core');
    expect(core?.labels?.credential).toBe('default');
    expect(Number(core?.value)).toBeGreaterThan(0);
    const limit = family(families, 'ferry_rate_limit_limit').metrics.find(
      (m) => m.labels?.resource === 'core',
    );
    expect(Number(limit?.value)).toBeGreaterThanOrEqual(Number(core?.value));

    const upstream = family(families, 'ferry_upstream_requests_total');
    expect(upstream.type).toBe('COUNTER');
    const operations = upstream.metrics.map((m) => `${m.labels?.operation} ${m.labels?.status}`);
    expect(operations).toEqual(expect.arrayContaining(['migrations/start-for-org 201']));
    expect(operations.some((line) => line.startsWith('migrations/get-status-for-org 200'))).toBe(true);

    const polls = family(families, 'ferry_watch_polls_total').metrics;
    expect(polls.some((m) => m.labels?.result === 'not_modified' && Number(m.value) >= 1)).toBe(true);

    const batches = family(families, 'ferry_wave_batches').metrics;
    expect(batches.map((m) => m.labels?.state)).toEqual(expect.arrayContaining(['queued', 'verified']));
    expect(family(families, 'ferry_store_up').metrics[0]?.value).toBe('1');

    expect(family(families, 'ferry_http_request_duration_seconds').type).toBe('HISTOGRAM');
    // The parser folds a histogram's label sets together: the per-route count is read from the text itself.
    const githubGets =
      /^ferry_http_request_duration_seconds_count\{method="GET",route="\/api\/github",status="200"\} (\d+)$/m.exec(
        text,
      );
    expect(Number(githubGets?.[1])).toBeGreaterThanOrEqual(2);
  }, 60_000);

  it('counts every move’s repositories per step and the moves per state, read from the store at each scrape', async () => {
    const gateway = inProcessGateway({ SIM_SPEED: '0', SIM_SCENARIO: 'quiet' }, { store });
    const at = '2026-11-26T10:00:00.000Z';
    const repo = (name: string, step: MoveRepositoryStep) => ({
      name,
      targetName: name,
      visibility: 'private' as const,
      step,
    });
    const move = (id: string, state: Move['state'], repositories: Move['repositories']): Move => ({
      id,
      createdAt: at,
      updatedAt: at,
      state,
      source: { kind: 'org', login: 'octo-org' },
      target: { login: 'octo-target' },
      request: {
        source: { kind: 'org', login: 'octo-org' },
        target: { login: 'octo-target' },
      } as Move['request'],
      afterValidation: 'unlock',
      repositories,
      requests: { source: 0, target: 0, targetPoints: 0 },
    });
    await store.moves.save(
      move('m-metrics-1', 'running', [repo('a', 'done'), repo('b', 'importing'), repo('c', 'importing')]),
    );
    await store.moves.save(move('m-metrics-2', 'completed', [repo('d', 'done'), repo('e', 'failed')]));
    const value = (text: string, line: string) => new RegExp(`^${line} (\\d+)$`, 'm').exec(text)?.[1];
    const { families, text } = await scrape(gateway.call);
    expect(family(families, 'ferry_move_repositories').type).toBe('GAUGE');
    expect(value(text, 'ferry_move_repositories\\{step="done"\\}')).toBe('2');
    expect(value(text, 'ferry_move_repositories\\{step="importing"\\}')).toBe('2');
    expect(value(text, 'ferry_move_repositories\\{step="failed"\\}')).toBe('1');
    // Every step is exposed, at 0 when no repository is there (a rule over it never sees a gap).
    expect(value(text, 'ferry_move_repositories\\{step="uploading"\\}')).toBe('0');
    expect(value(text, 'ferry_moves\\{state="running"\\}')).toBe('1');
    expect(value(text, 'ferry_moves\\{state="completed"\\}')).toBe('1');
    expect(value(text, 'ferry_moves\\{state="cancelled"\\}')).toBe('0');

    // A step moves on: the next scrape reads it.
    await store.moves.update('m-metrics-1', (found) => ({
      ...found,
      repositories: found.repositories.map((r) =>
        r.step === 'importing' ? { ...r, step: 'validating' } : r,
      ),
    }));
    const again = (await scrape(gateway.call)).text;
    expect(value(again, 'ferry_move_repositories\\{step="importing"\\}')).toBe('0');
    expect(value(again, 'ferry_move_repositories\\{step="validating"\\}')).toBe('2');
  }, 60_000);

  it('still answers when the moves and waves cannot be read: their gauges say nothing rather than 0', async () => {
    const stopped = () => Promise.reject(new Error('the store stopped answering'));
    const failing = {
      ...store,
      moves: { ...store.moves, list: stopped },
      waves: { ...store.waves, list: stopped },
    };
    // With an archive folder the gateway runs waves, so the wave gauges read the (failing) store.
    const archiveDir = mkdtempSync(path.join(tmpdir(), 'ferry-metrics-'));
    const gateway = inProcessGateway(
      { SIM_SPEED: '0', SIM_SCENARIO: 'quiet' },
      { store: failing, archiveDir },
    );
    const { text } = await scrape(gateway.call);
    expect(text).not.toMatch(/^ferry_move_repositories\{/m);
    expect(text).not.toMatch(/^ferry_moves\{/m);
    expect(text).not.toMatch(/^ferry_wave_batches\{/m);
    // A gauge without labels is always exposed (prom-client): 0 here, beside ferry_store_up 0.
    expect(text).toMatch(/^ferry_wave_archive_bytes 0$/m);
    expect(text).toMatch(/^ferry_store_up /m);
  });

  it('asks for the access password like every other route, and never shows a secret', async () => {
    const gateway = inProcessGateway({
      SIM_SPEED: '0',
      SIM_SCENARIO: 'quiet',
      FERRY_PASSWORD: 'correct horse battery',
    });
    expect((await gateway.call('/metrics')).status).toBe(401);
    const authorised = await gateway.call('/metrics', {
      headers: {
        authorization: `Basic ${Buffer.from('prometheus:correct horse battery').toString('base64')}`,
      },
    });
    expect(authorised.status).toBe(200);
    const text = await authorised.text();
    expect(text).not.toContain('correct horse battery');
    expect(text).toContain('ferry_store_up 0'); // no store here: said, not hidden
  });

  it('has every metric the documented alert rules and dashboard use', async () => {
    const gateway = inProcessGateway({ SIM_SPEED: '0', SIM_SCENARIO: 'quiet' }, { store });
    await gateway.call('/api/github/rate_limit');
    const { families } = await scrape(gateway.call);
    const exposed = new Set(families.map((f) => f.name));
    const docs = path.resolve(import.meta.dirname, '../../../docs/monitoring');
    for (const file of ['ferry-alerts.yml', 'ferry-dashboard.json']) {
      const used = new Set(
        [...readFileSync(path.join(docs, file), 'utf8').matchAll(/\bferry_[a-z_]+/g)].map(([name]) =>
          name.replace(/_(bucket|count|sum)$/, ''),
        ),
      );
      expect(used.size).toBeGreaterThan(3);
      for (const name of used) expect(exposed, `${file} uses ${name}`).toContain(name);
    }
  });

  it('labels durations by route group, never by raw path (few label values whatever is asked)', () => {
    expect(routeGroup('/api/github/orgs/x/migrations/1')).toBe('/api/github');
    expect(routeGroup('/api/waves/abc/manifest.json')).toBe('/api/waves');
    expect(routeGroup('/api/moves/2026-11-26-0a1b2c3d/manifest.csv')).toBe('/api/moves');
    expect(routeGroup('/api/%00/../../etc')).toBe('/api/other');
    expect(routeGroup('/migrations/octo-org/12')).toBe('page');
    expect(routeGroup('/assets/index-abc.js')).toBe('/assets');
  });
});
