import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { AlertTarget } from '@/contracts/alerts';
import type { Move } from '@/contracts/move-run';
import { TARGET_ORG } from '@/simulator/target/seed';
import { inProcessGateway } from '@/testing/node-servers';
import { startWebhookReceiver } from '@/testing/webhook-receiver';
import { openTestStore, type TestStore } from '../store/test-store';
import { EVENT_HEADER } from './alert-payload';

/**
 * A move run on the embedded simulator tells a webhook target what its repositories did and that it finished,
 * each alert linking the move's page under the public address.
 */
let dir: string;
let test: TestStore;
let hook: Awaited<ReturnType<typeof startWebhookReceiver>>;
let g: ReturnType<typeof inProcessGateway>;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'ferry-move-alerts-'));
  test = await openTestStore();
  hook = await startWebhookReceiver();
  g = inProcessGateway(
    {
      SIM_SPEED: '0',
      SIM_SCENARIO: 'quiet',
      WAVE_CHECK_MAX_MS: '200',
      FERRY_PUBLIC_URL: 'https://ferry.example/tools',
    },
    {
      store: test.store,
      archiveDir: dir,
      watch: false,
      moves: { pollMs: { min: 50, max: 200 }, exportLookMs: 50 },
    },
  );
}, 60_000);
afterAll(async () => {
  await g.runtime.stop();
  await hook.close();
  await test.store.close();
  await rm(dir, { recursive: true, force: true });
});

const json = (body: unknown, headers: Record<string, string> = {}) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', ...headers },
  body: JSON.stringify(body),
});

it('tells a target a repository done, one not validating with its fields, and the move finished, linking /moves/{id}', async () => {
  const simulator = g.runtime.simulator!;
  expect((await g.call('/__sim/reset', json({ scenario: 'quiet' }))).status).toBe(200);
  const quirks = await g.call('/__sim/faults/target/quirks', json({ lossyRepositories: ['docs'] }));
  expect(quirks.status).toBe(200);
  const added = await g.call(
    '/api/alerts',
    json({
      name: 'moves',
      kind: 'webhook',
      url: hook.url,
      secret: 'a secret of this test',
      events: ['move-repository-done', 'move-repository-invalid', 'move-finished'],
    }),
  );
  expect(added.status).toBe(201);
  expect(((await added.json()) as AlertTarget).events).toContain('move-finished');

  const created = await g.call(
    '/api/moves',
    json({
      source: { kind: 'org', login: 'octo-org' },
      target: { login: TARGET_ORG },
      filters: { namePattern: 'hello-world docs' },
    }),
  );
  expect(created.status).toBe(201);
  const { id } = (await created.json()) as Move;

  // A deadline that catches a hang (a quiet machine takes ~5 s; CI's shared one once needed more than 45).
  const deadline = Date.now() + 150_000;
  while (hook.received.length < 3 && Date.now() < deadline) {
    simulator.advance(5);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  const told = hook.received.map((request) => ({
    event: request.headers[EVENT_HEADER],
    ...(JSON.parse(request.body) as { summary: string; link: string; data: Record<string, unknown> }),
  }));
  expect(told.map((t) => t.event).sort()).toEqual([
    'move-finished',
    'move-repository-done',
    'move-repository-invalid',
  ]);
  for (const t of told) expect(t.link).toBe(`https://ferry.example/tools/moves/${id}`);
  expect(told.find((t) => t.event === 'move-repository-done')!.summary).toBe(
    `octo-org/hello-world moved into ${TARGET_ORG}/hello-world: imported and validated; the source is unlocked.`,
  );
  const invalid = told.find((t) => t.event === 'move-repository-invalid')!;
  expect(invalid.summary).toMatch(/^octo-target\/docs does not match octo-org\/docs: .*tags \(source \d+/);
  expect(invalid.summary).toContain('The source stays locked.');
  expect(told.find((t) => t.event === 'move-finished')!.summary).toBe(
    `The move of octo-org into ${TARGET_ORG} finished: 1 of 2 repositories done, 1 failed.`,
  );
  // Nothing is told twice (later writes of the same move, the sweep's looks).
  await new Promise((resolve) => setTimeout(resolve, 500));
  expect(hook.received).toHaveLength(3);
}, 180_000);
