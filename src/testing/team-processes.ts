import { spawn, type ChildProcess } from 'node:child_process';
import { simIntentFor } from '@/contracts/sim-control';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from './free-port';
import { gatewayNodeArgs } from './gateway-process';

/**
 * A team as it runs Ferry: a standalone simulator (GitHub, with its storage on another port) and gateway
 * processes started as `npm start` starts one, all on one PostgreSQL database and one shared `ARCHIVE_DIR`.
 * Used by the team test and the team benchmark.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const given = new Set<number>();
/** A free port not handed out before in this process (a port just released may be handed out again). */
async function port(): Promise<number> {
  for (;;) {
    const candidate = await freePort();
    if (given.has(candidate)) continue;
    given.add(candidate);
    return candidate;
  }
}
export const SIM_TOKEN = 'sim-token-octocat-FAKE';

export interface Proc {
  child: ChildProcess;
  url: string;
  output: () => string;
}

/** `node` with `args` (a script through tsx, or the gateway as gatewayNodeArgs says) from the repository. */
function run(args: string[], env: Record<string, string>, url: string): Proc {
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return { child, url, output: () => output };
}

/**
 * Wait until `proc` says it listens (`listening`, from its own output) and answers `probe`. The line matters: a
 * port found free may be taken by another test run's process meanwhile, which would answer the probe for us.
 */
export async function waitUp(
  proc: Proc,
  probe: string,
  listening: string,
  timeoutMs = 90_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (proc.child.exitCode !== null) throw new Error(`${proc.url} exited: ${proc.output()}`);
    try {
      if (proc.output().includes(listening) && (await fetch(`${proc.url}${probe}`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${proc.url} did not come up: ${proc.output()}`);
}

/**
 * The standalone simulator (src/simulator/main.ts): GitHub and its control routes on one port, archive storage on
 * another, the target GitHub.com (GEI imports) on a third — `SIM_TARGET_PORT` from `env`, else a free port (the
 * simulator's own default, its API port + 2, is not known to be free).
 */
export async function startSimulator(options: {
  speed: number;
  scenario: string;
  env?: Record<string, string>;
}) {
  const apiPort = await port();
  const storagePort = await port();
  const targetPort = options.env?.SIM_TARGET_PORT ?? String(await port());
  const sim = run(
    ['--import', 'tsx', 'src/simulator/main.ts'],
    {
      SIM_PORT: String(apiPort),
      SIM_STORAGE_PORT: String(storagePort),
      SIM_TARGET_PORT: targetPort,
      SIM_HOST: '127.0.0.1',
      SIM_SCENARIO: options.scenario,
      SIM_SPEED: String(options.speed),
      ...options.env,
    },
    `http://127.0.0.1:${apiPort}`,
  );
  await waitUp(sim, '/__sim/state', 'Ferry simulator listening on');
  return {
    ...sim,
    storageOrigin: `http://127.0.0.1:${storagePort}`,
    targetOrigin: `http://127.0.0.1:${targetPort}`,
  };
}

export async function startGateway(env: Record<string, string>): Promise<Proc> {
  const gatewayPort = await port();
  const gateway = run(
    gatewayNodeArgs(),
    { PORT: String(gatewayPort), HOST: '127.0.0.1', ...env },
    `http://127.0.0.1:${gatewayPort}`,
  );
  await waitUp(gateway, '/api/health', 'Ferry is running at');
  return gateway;
}

/** A fresh database on the server `DATABASE_URL` names; dropped by the returned function. */
export async function freshDatabase(name: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const admin = new URL(process.env.DATABASE_URL ?? '');
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await client.query(`CREATE DATABASE ${name}`);
  await client.end();
  const url = Object.assign(new URL(admin), { pathname: `/${name}` }).toString();
  return {
    url,
    async drop() {
      const again = new pg.Client({ connectionString: admin.toString() });
      await again.connect();
      await again.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await again.end();
    },
  };
}

/** A write as Ferry's own client sends it (the gateway asks every write to say where it comes from). */
export function postJson(url: string, body: unknown): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-ferry-client': 'ferry-tests',
      ...simIntentFor('POST', url),
    },
    body: JSON.stringify(body),
  });
}

export interface Team {
  work: string;
  sim: Awaited<ReturnType<typeof startSimulator>>;
  database: Awaited<ReturnType<typeof freshDatabase>>;
  gateways: Proc[];
  /** Kill every process, drop the database, remove the folder (printing the gateways' output first with TEAM_DEBUG). */
  stop(): Promise<void>;
}

/**
 * A team of `count` gateway processes on a fresh database (named `database`), one shared ARCHIVE_DIR, live
 * against a standalone simulator; `env` adds to every gateway's environment, `gatewayEnv` to one gateway's (given
 * its name, `a`, `b`, …, and the simulator: its own proxies in front of the simulator, say), `simulatorEnv` to
 * the simulator's.
 */
export async function startTeam(options: {
  database: string;
  speed: number;
  scenario: string;
  count?: number;
  env?: Record<string, string>;
  simulatorEnv?: Record<string, string>;
  gatewayEnv?: (
    name: string,
    sim: Awaited<ReturnType<typeof startSimulator>>,
  ) => Record<string, string> | Promise<Record<string, string>>;
}): Promise<Team> {
  const work = await mkdtemp(path.join(tmpdir(), 'ferry-team-'));
  const database = await freshDatabase(options.database);
  const sim = await startSimulator({
    speed: options.speed,
    scenario: options.scenario,
    ...(options.simulatorEnv ? { env: options.simulatorEnv } : {}),
  });
  const gateways: Proc[] = [];
  const stop = async () => {
    if (process.env.TEAM_DEBUG)
      for (const proc of gateways) console.log(proc.url, proc.child.exitCode, proc.output());
    for (const proc of [...gateways, sim]) proc.child.kill('SIGKILL');
    await database.drop().catch(() => undefined);
    await rm(work, { recursive: true, force: true });
  };
  try {
    const names = Array.from({ length: options.count ?? 3 }, (_, index) => String.fromCharCode(97 + index));
    gateways.push(
      ...(await Promise.all(
        names.map(async (name) =>
          startGateway({
            DATABASE_URL: database.url,
            DATA_DIR: path.join(work, name),
            ARCHIVE_DIR: path.join(work, 'shared-archives'),
            GITHUB_API_URL: `${sim.url}/api/v3`,
            GITHUB_STORAGE_ORIGINS: sim.storageOrigin,
            GITHUB_TOKEN: SIM_TOKEN,
            ...options.env,
            ...(await options.gatewayEnv?.(name, sim)),
          }),
        ),
      )),
    );
  } catch (error) {
    await stop();
    throw error;
  }
  return { work, sim, database, gateways, stop };
}
