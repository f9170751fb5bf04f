import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, get, type IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '@/testing/free-port';
import { gatewayNodeArgs } from '@/testing/gateway-process';

/**
 * The gateway as `npm start` runs it keeps an idle connection open past Node's default 5 s, so a client that
 * reuses it (Playwright's request context did, and got ECONNRESET under load) is not reset.
 */
const dataDir = mkdtempSync(path.join(tmpdir(), 'ferry-keep-alive-'));
let gateway: ChildProcess;
let origin: string;

beforeAll(async () => {
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  gateway = spawn(process.execPath, gatewayNodeArgs(), {
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: '', SIM_SPEED: '0' },
    stdio: 'ignore',
  });
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if ((await fetch(`${origin}/api/health`).catch(() => undefined))?.ok) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('the gateway did not start');
}, 70_000);

afterAll(() => {
  gateway.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

function healthOn(agent: Agent): Promise<{ response: IncomingMessage; reused: boolean }> {
  return new Promise((resolve, reject) => {
    const request = get(`${origin}/api/health`, { agent }, (response) => {
      response.resume();
      response.on('end', () => resolve({ response, reused: request.reusedSocket }));
    });
    request.on('error', reject);
  });
}

describe('kept-alive connections to the gateway', () => {
  it('announces a keep-alive longer than Node’s 5 s and serves a socket reused after 6 s idle', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const first = await healthOn(agent);
      expect(first.response.statusCode).toBe(200);
      expect(first.response.headers['keep-alive']).toBe('timeout=65');
      await new Promise((resolve) => setTimeout(resolve, 6_000));
      const second = await healthOn(agent);
      expect(second.response.statusCode).toBe(200);
      // Had the gateway closed the idle socket at 5 s, the agent would have had to open a new one.
      expect(second.reused).toBe(true);
    } finally {
      agent.destroy();
    }
  }, 20_000);
});
