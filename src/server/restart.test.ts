import { spawn, type ChildProcess } from 'node:child_process';
import { simIntentFor } from '@/contracts/sim-control';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '@/testing/free-port';
import { gatewayNodeArgs } from '@/testing/gateway-process';

/**
 * A gateway killed with SIGKILL loses nothing it had recorded: the rate history, a migration's timeline, an
 * unlock and an author draft are all there when it starts again on the same DATA_DIR.
 */
const dataDir = mkdtempSync(path.join(tmpdir(), 'ferry-restart-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

async function startGatewayProcess(port: number, dir = dataDir): Promise<ChildProcess> {
  const child = spawn(process.execPath, gatewayNodeArgs(), {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dir,
      SIM_SCENARIO: 'quiet',
      SIM_SPEED: '0',
      DATABASE_URL: '',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the gateway exited: ${stderr}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the gateway did not start: ${stderr}`);
}

/** Requests to the gateway at `origin`, as the SPA sends them (JSON, with its intent header). */
function caller(origin: string) {
  return (p: string, init: RequestInit = {}) =>
    fetch(`${origin}${p}`, {
      ...init,
      headers: {
        'content-type': 'application/json',
        'x-ferry-client': 'ferry-tests',
        ...simIntentFor(init.method ?? 'GET', p),
        ...init.headers,
      },
    });
}

describe('a gateway killed with SIGKILL', () => {
  it('finds its history, timeline, unlocks and drafts again', async () => {
    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    const call = caller(origin);

    let child = await startGatewayProcess(port);
    const started = await call('/api/github/orgs/octo-org/migrations', {
      method: 'POST',
      body: JSON.stringify({ repositories: ['hello-world'], lock_repositories: true }),
    });
    expect(started.status).toBe(201);
    const { id } = (await started.json()) as { id: number };
    expect(
      (await call('/__sim/advance', { method: 'POST', body: JSON.stringify({ seconds: 3600 }) })).status,
    ).toBe(200);
    expect(
      (await call(`/api/github/orgs/octo-org/migrations/${id}/repos/hello-world/lock`, { method: 'DELETE' }))
        .status,
    ).toBe(204);
    const draft = await call('/api/ferry/drafts/octocat/hello-import', {
      method: 'PUT',
      body: JSON.stringify({
        client: 'browser-one',
        saves: [{ authorId: 7, name: 'Mona', email: 'mona@example.com', baseVersion: 0 }],
      }),
    });
    expect(draft.status).toBe(200);
    // The rate history is written behind the responses: wait until it is there, as a user would see it.
    let before: unknown[] = [];
    for (let attempt = 0; attempt < 50 && before.length === 0; attempt += 1) {
      before = (
        (await (await call('/api/ferry/rate-history?since=1970-01-01T00:00:00Z')).json()) as {
          samples: unknown[];
        }
      ).samples;
      if (before.length === 0) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(before.length).toBeGreaterThan(0);

    child.kill('SIGKILL');
    await new Promise((resolve) => child.once('exit', resolve));
    child = await startGatewayProcess(port);
    try {
      const history = (await (await call('/api/ferry/rate-history?since=1970-01-01T00:00:00Z')).json()) as {
        samples: unknown[];
      };
      // The restarted simulator's clock starts again, so new readings may sort first: every old one is there.
      expect(history.samples).toEqual(expect.arrayContaining(before));
      const timeline = (await (
        await call(`/api/ferry/timeline?subject=org/octo-org/migration/${id}`)
      ).json()) as {
        events: { state: string }[];
      };
      expect(timeline.events[0]).toMatchObject({ state: 'pending', actor: 'octocat' });
      const unlocks: unknown = await (
        await call(`/api/ferry/unlocks?owner=org/octo-org&migration=${id}`)
      ).json();
      expect(unlocks).toMatchObject({ unlocks: [{ repoName: 'hello-world' }] });
      const drafts: unknown = await (await call('/api/ferry/drafts/octocat/hello-import')).json();
      expect(drafts).toMatchObject({
        drafts: [{ authorId: 7, name: 'Mona', email: 'mona@example.com', version: 1 }],
      });
    } finally {
      child.kill('SIGKILL');
    }
  }, 180_000);
});

describe('the embedded simulator across a restart', () => {
  it('keeps its world in DATA_DIR: the same export continues with the same id and ids do not repeat', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'ferry-world-'));
    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    const call = caller(origin);
    const start = async () => {
      const answer = await call('/api/github/orgs/octo-org/migrations', {
        method: 'POST',
        body: JSON.stringify({ repositories: ['hello-world'] }),
      });
      expect(answer.status).toBe(201);
      return (await answer.json()) as { id: number; guid: string };
    };
    const status = async (id: number) =>
      (await (await call(`/api/github/orgs/octo-org/migrations/${id}`)).json()) as {
        guid: string;
        state: string;
      };
    let child = await startGatewayProcess(port, dir);
    try {
      const first = await start();
      // A write is saved within a fraction of a second: give it that, then kill without warning.
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      child.kill('SIGKILL');
      await new Promise((resolve) => child.once('exit', resolve));
      child = await startGatewayProcess(port, dir);
      expect((await status(first.id)).guid).toBe(first.guid);
      await call('/__sim/advance', { method: 'POST', body: JSON.stringify({ seconds: 3_600 }) });
      expect((await status(first.id)).state).toBe('exported');
      const second = await start();
      expect(second.id).toBeGreaterThan(first.id);
    } finally {
      child.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    }
  }, 180_000);
});
