import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseBudgets } from '@/contracts/budgets';
import { CREDENTIAL_HEADER, parseCredentialDetails } from '@/contracts/credentials';
import type { WavePreview } from '@/contracts/waves';
import { SIM_APP } from '@/simulator/github/apps';
import { inProcessGateway } from '@/testing/node-servers';
import { expiringCredentialEvents } from '../alerts/alert-checks';
import type { FerryStore } from '../store/ferry-store';
import { openTestStore } from '../store/test-store';

let store: FerryStore;
beforeAll(async () => {
  ({ store } = await openTestStore());
}, 60_000);
afterAll(() => store.close());

const start = (credential?: string) => ({
  method: 'POST',
  headers: {
    'content-type': 'application/json',
    ...(credential ? { [CREDENTIAL_HEADER]: credential } : {}),
  },
  body: JSON.stringify({ repositories: ['hello-world'] }),
});
const as = (credential: string) => ({ headers: { [CREDENTIAL_HEADER]: credential } });

const gateway = () =>
  inProcessGateway(
    { SIM_SPEED: '0', SIM_SCENARIO: 'quiet', SIM_CREDENTIALS: 'several' },
    { store, watch: false },
  );

describe('several GitHub credentials on one gateway (embedded simulator, SIM_CREDENTIALS=several)', () => {
  it('lists each credential with its kind, owner, scopes or permissions, never a secret', async () => {
    const { call } = gateway();
    const config = (await (await call('/api/config')).json()) as { github: { credentials: unknown } };
    expect(config.github.credentials).toEqual([
      { name: 'default', kind: 'classic' },
      { name: 'hubot', kind: 'classic' },
      { name: 'fine-grained', kind: 'fine-grained' },
      { name: 'app', kind: 'app' },
    ]);
    const response = await call('/api/credentials');
    const text = await response.text();
    const details = parseCredentialDetails(JSON.parse(text));
    expect(details).toEqual([
      expect.objectContaining({ name: 'default', login: 'octocat', scopes: ['admin:org', 'repo', 'user'] }),
      expect.objectContaining({ name: 'hubot', login: 'hubot', scopes: ['repo'] }),
      expect.objectContaining({ name: 'fine-grained', login: 'octocat', scopes: undefined }),
      expect.objectContaining({ name: 'app', login: 'octo-org', permissions: SIM_APP.permissions }),
    ]);
    expect(text).not.toMatch(/ghs_|github_pat_|sim-token|PRIVATE KEY/);
  });

  it('refuses the App for a migration export before anything is sent, and runs it on a token', async () => {
    const { call, runtime } = gateway();
    const stats = () => runtime.simulator!.github().stats.requests;
    const before = stats();
    const refused = await call('/api/github/orgs/octo-org/migrations', start('app'));
    expect(refused.status).toBe(403);
    const body = (await refused.json()) as { code: string; message: string };
    expect(body.code).toBe('CREDENTIAL_NOT_ALLOWED');
    expect(body.message).toMatch(/App installations.*enabledForGitHubApps: false/);
    expect(stats()).toBe(before);

    const started = await call('/api/github/orgs/octo-org/migrations', start('default'));
    expect(started.status).toBe(201);
    // Without a name the first credential that may export takes it (never the App).
    expect((await call('/api/github/orgs/octo-org/migrations', start())).status).toBe(201);
  });

  it('passes GitHub’s refusal of a fine-grained token with the permission it lacks', async () => {
    const { call } = gateway();
    const refused = await call('/api/github/orgs/octo-org/migrations', start('fine-grained'));
    expect(refused.status).toBe(403);
    expect(refused.headers.get('x-accepted-github-permissions')).toBe('organization_administration=write');
    expect(await refused.json()).toMatchObject({
      message: 'Resource not accessible by personal access token',
    });
    // Reading is within its permissions.
    expect((await call('/api/github/orgs/octo-org/migrations', as('fine-grained'))).status).toBe(200);
  });

  it('keeps each credential’s budget apart, and records each under its name', async () => {
    const { call, runtime } = gateway();
    const core = async (credential: string) => {
      const body = (await (await call('/api/github/rate_limit', as(credential))).json()) as {
        resources: { core: { remaining: number; limit: number } };
      };
      return body.resources.core.remaining;
    };
    const [hubot, app] = [await core('hubot'), await core('app')];
    for (let index = 0; index < 3; index++)
      expect((await call('/api/github/user', as('default'))).status).toBe(200);
    expect(await core('hubot')).toBe(hubot);
    expect(await core('app')).toBe(app);
    // Source imports take an App (its installation's own budget).
    expect(
      (await call('/api/github/repos/octo-org/hello-world/import', as('app'))).headers.get(
        'x-ratelimit-remaining',
      ),
    ).toBe(String(app - 1));

    await runtime.memory.recorder.flush();
    const history = (await (await call('/api/ferry/rate-history?credential=app')).json()) as {
      samples: { credential: string }[];
    };
    expect(history.samples.length).toBeGreaterThan(0);
    expect(new Set(history.samples.map((sample) => sample.credential))).toEqual(new Set(['app']));
  });
});

describe('several GitHub credentials on one gateway: their budgets, expiries and waves', () => {
  it('groups the credentials by the budget they spend: a user’s tokens share one, an App has its own', async () => {
    const { call, runtime } = gateway();
    const counted = () => runtime.simulator!.github().stats.counted;
    const before = counted();
    const budgets = async () => {
      const response = await call('/api/credentials/budgets');
      expect(response.status).toBe(200);
      return parseBudgets(await response.json());
    };
    expect(await budgets()).toEqual([
      { account: 'octocat', kind: 'user', credentials: ['default', 'fine-grained'] },
      { account: 'hubot', kind: 'user', credentials: ['hubot'] },
      { account: 'app', kind: 'installation', credentials: ['app'] },
    ]);
    // One GET /user per token, once: a token's user never changes.
    expect(counted()).toBe(before + 3);
    await budgets();
    expect(counted()).toBe(before + 3);
    // And they do share it: what default spends, fine-grained sees gone.
    const core = async (credential: string) =>
      (
        (await (await call('/api/github/rate_limit', as(credential))).json()) as {
          resources: { core: { remaining: number } };
        }
      ).resources.core.remaining;
    const shared = await core('fine-grained');
    expect((await call('/api/github/user', as('default'))).status).toBe(200);
    expect(await core('fine-grained')).toBe(shared - 1);
  });

  it('reads each token’s expiry for the alert check from GET /rate_limit, which GitHub does not count', async () => {
    const { runtime } = gateway();
    const stats = () => ({ ...runtime.simulator!.github().stats });
    const before = stats();
    const expiries = await runtime.memory.credentials.expiries();
    // Three tokens asked, the App not (its installation token is renewed by the hour); none counted.
    expect(stats().requests).toBe(before.requests + 3);
    expect(stats().counted).toBe(before.counted);
    expect(expiries.map((credential) => credential.problem)).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
    const events = expiringCredentialEvents(expiries, new Date());
    expect(events.map((event) => event.data.credential)).toEqual(['fine-grained']);
    expect(events[0]!.summary).toMatch(/“fine-grained” expires at \d{1,2} \w{3} 20\d\d, \d\d:\d\d/);
  });

  it('answers a name it does not know, or a malformed one, with a 400', async () => {
    const { call } = gateway();
    const unknown = await call('/api/github/rate_limit', as('nobody'));
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toMatchObject({ code: 'UNKNOWN_CREDENTIAL' });
    for (const bad of ['a'.repeat(5000), '../../x', '%00']) {
      expect((await call('/api/github/rate_limit', as(bad))).status).toBe(400);
    }
    expect((await call('/api/ferry/rate-history?credential=..%2F')).status).toBe(400);
  });

  it('plans a wave with a named credential, and refuses an App, an unknown or a malformed name', async () => {
    const archiveDir = mkdtempSync(path.join(tmpdir(), 'ferry-credential-waves-'));
    const { call, runtime } = inProcessGateway(
      { SIM_SPEED: '0', SIM_SCENARIO: 'quiet', SIM_CREDENTIALS: 'several' },
      { store, watch: false, archiveDir },
    );
    const preview = (credential: string) =>
      call('/api/waves/preview', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          owner: { kind: 'org', login: 'octo-org' },
          filters: {},
          caps: {},
          options: { credential },
        }),
      });
    try {
      expect((await preview('default')).status).toBe(200);
      const app = await preview('app');
      expect(app.status).toBe(422);
      expect(await app.text()).toContain('enabledForGitHubApps: false');
      expect((await preview('nobody')).status).toBe(422);
      for (const bad of ['a'.repeat(100_000), '../x', 'A B']) expect((await preview(bad)).status).toBe(422);
      // The plan is costed to the account: fine-grained spends octocat's budget, which default's reading shows.
      expect((await call('/api/github/rate_limit', as('default'))).status).toBe(200);
      await runtime.memory.recorder.flush();
      const plan = (await (await preview('fine-grained')).json()) as WavePreview;
      expect(plan.budget).toMatchObject({
        account: 'octocat',
        credentials: ['default', 'fine-grained'],
        otherWaves: 0,
        owed: 0,
      });
      expect(plan.budget?.remaining).toBeGreaterThan(4_900);
      expect(plan.budget?.leftAfter).toBe(plan.budget!.remaining! - plan.requests.totalMax);
      expect((await (await preview('hubot')).json()) as WavePreview).toMatchObject({
        budget: { account: 'hubot', credentials: ['hubot'] },
      });
    } finally {
      await runtime.stopJobs();
      rmSync(archiveDir, { recursive: true, force: true });
    }
  });
});
