import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gatewayNodeArgs } from '../../src/testing/gateway-process';

/**
 * Waves need a simulator that outlives the gateway (a kill -9 of the gateway must not take GitHub's state with
 * it), so their specs start their own pair: the simulator on its own port (scenario `big-org`, fast clock) and
 * the production gateway pointed at it as a live upstream, with a data folder of its own.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const BASE_PORT = Number(process.env.E2E_PORT ?? 4173) + 100;

export interface WaveServers {
  gatewayUrl: string;
  simulatorUrl: string;
  dataDir: string;
  startGateway(): Promise<void>;
  killGateway(): void;
  stop(): void;
}

async function waitFor(url: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not come up`);
}

/** `node` with `args` (a script through tsx, or the gateway as gatewayNodeArgs says) from the repository. */
function run(args: string[], env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

export async function startWaveServers(options: {
  simSpeed: number;
  /** More of the gateway's environment (several credentials, say). */
  gatewayEnv?: Record<string, string>;
}): Promise<WaveServers> {
  const simPort = BASE_PORT + 1;
  const gatewayPort = BASE_PORT;
  const simulatorUrl = `http://127.0.0.1:${simPort}`;
  const gatewayUrl = `http://127.0.0.1:${gatewayPort}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ferry-e2e-waves-'));
  const simulator = run(['--import', 'tsx', 'src/simulator/main.ts'], {
    SIM_PORT: String(simPort),
    SIM_HOST: '127.0.0.1',
    SIM_SCENARIO: 'big-org',
    SIM_SPEED: String(options.simSpeed),
  });
  await waitFor(`${simulatorUrl}/__sim/state`, 30_000);
  let gateway: ChildProcess | undefined;
  return {
    gatewayUrl,
    simulatorUrl,
    dataDir,
    async startGateway() {
      gateway = run(gatewayNodeArgs(), {
        PORT: String(gatewayPort),
        HOST: '127.0.0.1',
        GITHUB_API_URL: `${simulatorUrl}/api/v3`,
        GITHUB_STORAGE_ORIGINS: `http://127.0.0.1:${simPort + 1}`,
        GITHUB_TOKEN: 'sim-token-octocat-FAKE',
        DATA_DIR: dataDir,
        FERRY_DIST: process.env.FERRY_DIST ?? 'dist',
        ...options.gatewayEnv,
      });
      await waitFor(`${gatewayUrl}/api/health`, 60_000);
    },
    killGateway() {
      gateway?.kill('SIGKILL');
      gateway = undefined;
    },
    stop() {
      gateway?.kill('SIGKILL');
      simulator.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
