import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry, AuditPage } from '@/contracts/audit';
import type { Move } from '@/contracts/move-run';
import { NEEDS_ROLE } from '@/contracts/session';
import type { Wave } from '@/contracts/waves';
import { loadConfig } from '@/server/config';
import { composeGateway, type Gateway } from '@/server/gateway';
import { openTestStore, type TestStore } from '@/server/store/test-store';
import { signedInBrowser, type Jar } from '@/testing/signed-in-browser';

/**
 * Issue 51's bar over HTTP, with the roles GitHub gives: monalisa (self-service: she administers `docs` only)
 * starts and runs a move of docs, and its jobs are recorded as hers; she is refused another's repository, move
 * and wave, and the identities of a target none of her moves went to; hubot (a member: viewer) writes nothing.
 */
const ORIGIN = 'http://127.0.0.1:5197';
let gateway: Gateway;
let test: TestStore;
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'ferry-self-service-'));
  test = await openTestStore();
  gateway = composeGateway(
    loadConfig({
      SIM_SPEED: '0',
      SIM_SCENARIO: 'quiet',
      FERRY_AUTH: 'github',
      FERRY_PUBLIC_URL: ORIGIN,
      PORT: '5197',
      WAVE_CHECK_MAX_MS: '200',
    }),
    {
      store: test.store,
      archiveDir: dir,
      watch: false,
      controlAccess: 'any',
      moves: { pollMs: { min: 50, max: 200 }, exportLookMs: 50 },
    },
  );
}, 60_000);
afterAll(async () => {
  await gateway.stop();
  await test.store.close();
  await rm(dir, { recursive: true, force: true });
});

const { send, post, signIn } = signedInBrowser(ORIGIN, (url, init) => gateway.app.request(url, init));
const json = async <T>(response: Response) => (await response.json()) as T;
const plan = (namePattern: string) => ({
  source: { kind: 'org', login: 'octo-org' },
  target: { login: 'octo-target' },
  filters: { namePattern },
});
const wavePlan = (namePattern: string) => ({
  owner: { kind: 'org', login: 'octo-org' },
  filters: { namePattern },
});

/** Moves the simulated clock (5 s every 25 ms) until the move has ended. */
async function runToEnd(jar: Jar, id: string): Promise<Move> {
  const deadline = Date.now() + 45_000;
  for (;;) {
    const move = await json<Move>(await send(jar, `/api/moves/${id}`));
    if (move.state !== 'running' && move.state !== 'paused') return move;
    if (Date.now() > deadline) throw new Error(`move ${id} is still ${move.state}`);
    gateway.simulator!.advance(5);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

async function auditOf(jar: Jar, actor: string): Promise<AuditEntry[]> {
  const page = await json<AuditPage>(await send(jar, `/api/audit?actor=${actor}&limit=500`));
  return page.entries;
}

describe('self-service: a person who administers some repositories', () => {
  it('starts a move of docs; its jobs are recorded as hers; hello-world is refused by name', async () => {
    const monalisa = await signIn('monalisa');
    const refused = await post(monalisa.jar, '/api/moves', plan('hello-world'));
    expect(refused.status).toBe(403);
    expect((await json<{ message: string }>(refused)).message).toMatch(
      /^hello-world is not among the repositories/,
    );

    const created = await post(monalisa.jar, '/api/moves', plan('docs'));
    expect(created.status).toBe(201);
    const started = await json<Move>(created);
    expect(started.startedBy).toEqual({ login: 'monalisa', role: 'self-service' });
    // The move's wave (its exports) is hers too.
    const itsWave = await json<Wave>(await send(monalisa.jar, `/api/waves/${started.waveId}`));
    expect(itsWave.startedBy).toEqual({ login: 'monalisa', role: 'self-service' });
    const move = await runToEnd(monalisa.jar, started.id);
    expect(move).toMatchObject({ state: 'completed' });
    expect(move.repositories[0]).toMatchObject({ name: 'docs', step: 'done', sourceLock: 'unlocked' });

    const octocat = await signIn('octocat');
    // The jobs' appends are sent as the move changes: read once they have landed.
    let entries: AuditEntry[] = [];
    for (let tries = 0; tries < 50; tries += 1) {
      entries = await auditOf(octocat.jar, 'monalisa');
      if (entries.some((entry) => entry.action === 'JOB move ended')) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const onDocs = `/api/moves/${move.id}/repositories/docs`;
    const done = entries.map((entry) => [entry.action, entry.target, entry.role, entry.outcome]);
    expect(done).toEqual(
      expect.arrayContaining([
        ['POST /api/moves', '/api/moves', 'self-service', '201 ok'],
        ['POST /api/moves', '/api/moves', 'self-service', '403 refused'],
        ['JOB move export-started', onDocs, 'self-service', 'ok'],
        ['JOB move import-started', onDocs, 'self-service', 'ok'],
        ['JOB move source-unlocked', onDocs, 'self-service', 'ok'],
        ['JOB move repository-done', onDocs, 'self-service', 'ok'],
        ['JOB move ended', `/api/moves/${move.id}`, 'self-service', 'ok'],
      ]),
    );
    // Each thing the jobs did, once, whichever look did it.
    expect(entries.filter((entry) => entry.action === 'JOB move import-started')).toHaveLength(1);
    expect((await send(octocat.jar, '/api/audit/verify')).status).toBe(200);

    // Her move's target: she may map its identities; another organization's she may not.
    const drafts = { client: 'c-1', saves: [] };
    const ours = await post(monalisa.jar, '/api/identities/drafts?target=octo-target', drafts, 'PUT');
    expect(ours.status).not.toBe(403);
    const theirs = await post(monalisa.jar, '/api/identities/drafts?target=other-org', drafts, 'PUT');
    expect(theirs.status).toBe(403);
    expect((await json<{ message: string }>(theirs)).message).toMatch(
      /^None of your moves went to other-org/,
    );
  }, 60_000);

  it('acts on her own moves and waves only: octocat’s are refused, naming him', async () => {
    const octocat = await signIn('octocat');
    const monalisa = await signIn('monalisa');
    const his = await json<Move>(await post(octocat.jar, '/api/moves', plan('hello-world')));
    const cancel = await post(monalisa.jar, `/api/moves/${his.id}/cancel`, {});
    expect(cancel.status).toBe(403);
    expect((await json<{ message: string }>(cancel)).message).toMatch(/^This move was started by octocat/);
    expect((await post(octocat.jar, `/api/moves/${his.id}/cancel`, {})).status).toBe(200);

    expect((await post(monalisa.jar, '/api/waves/preview', wavePlan('docs'))).status).toBe(200);
    const other = await post(monalisa.jar, '/api/waves/preview', wavePlan('*'));
    expect(other.status).toBe(403);
    expect((await json<{ message: string }>(other)).message).toMatch(
      /is not among the repositories you administer/,
    );
    const hers = await post(monalisa.jar, '/api/waves', wavePlan('docs'));
    expect(hers.status).toBe(201);
    const wave = await json<Wave>(hers);
    expect(wave.startedBy?.login).toBe('monalisa');
    const octocatsWave = await json<Wave>(await post(octocat.jar, '/api/waves', wavePlan('cli-tools')));
    const paused = await post(monalisa.jar, `/api/waves/${octocatsWave.id}/pause`, {});
    expect(paused.status).toBe(403);
    expect((await json<{ message: string }>(paused)).message).toMatch(/^This wave was started by octocat/);
    expect((await post(monalisa.jar, `/api/waves/${wave.id}/cancel`, {})).status).toBe(200);
    expect((await post(octocat.jar, `/api/waves/${octocatsWave.id}/cancel`, {})).status).toBe(200);
  }, 60_000);

  it('gives hubot (a member) nothing to write: a wave is refused with the role it needs', async () => {
    const hubot = await signIn('hubot');
    const refused = await post(hubot.jar, '/api/waves/preview', wavePlan('docs'));
    expect(refused.status).toBe(403);
    expect(await json<{ message: string }>(refused)).toMatchObject({ message: NEEDS_ROLE.write });
    expect((await send(hubot.jar, '/api/waves')).status).toBe(200);
  });
});
