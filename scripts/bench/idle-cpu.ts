import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startWebhookReceiver } from '@/testing/webhook-receiver';
import { storeTemplateDir } from '../store-template-dir';
import { ROOT } from './context';
import { verdict, type BenchFigure } from './types';

/** /proc counts CPU time in clock ticks of 1/100 s (USER_HZ, fixed for /proc on Linux). */
const TICKS_PER_SECOND = 100;
const GOAL_PERCENT = 0.5;
const GOAL_PICKUP_MS = 1_000;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** User and system CPU time of `pid` so far, in seconds (fields 14 and 15 of /proc/<pid>/stat). */
function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The command name (field 2) may hold spaces: count the fields after its closing parenthesis.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
}

/** The server as `npm start` runs it, built into a folder of its own (never `dist-server/`). */
async function buildServer(): Promise<string> {
  const out = mkdtempSync(path.join(ROOT, 'dist-server-bench-'));
  const vite = path.join(ROOT, 'node_modules/vite/bin/vite.js');
  const build = spawn(
    process.execPath,
    [vite, 'build', '--ssr', 'src/server/main.ts', '--outDir', out, '--logLevel', 'error'],
    { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  if ((await new Promise((resolve) => build.on('exit', resolve))) !== 0) {
    rmSync(out, { recursive: true, force: true });
    throw new Error('server build failed');
  }
  return out;
}

async function startGateway(main: string, dataDir: string): Promise<{ child: ChildProcess; port: number }> {
  const port = await freePort();
  const child = spawn(process.execPath, [main], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      PORT: String(port),
      DATA_DIR: dataDir,
      // No dashboard is built or open: the gateway alone, at rest.
      FERRY_DIST: path.join(dataDir, 'no-dashboard'),
      FERRY_STORE_TEMPLATE_DIR: storeTemplateDir(ROOT),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`gateway exited (${code})`)));
    child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('Ferry is running')) resolve();
    });
  });
  return { child, port };
}

/** An alert test sent to a receiver on loopback: how long from the request to the receiver's POST. */
async function pickUpMs(port: number): Promise<number> {
  const hook = await startWebhookReceiver();
  try {
    const post = (route: string, body: unknown) =>
      fetch(`http://127.0.0.1:${port}/api/alerts${route}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-ferry-client': 'bench' },
        body: JSON.stringify(body),
      });
    const added = await post('', {
      name: 'bench',
      kind: 'webhook',
      url: hook.url,
      secret: 'a bench secret',
      events: ['export-finished'],
    });
    if (added.status !== 201) throw new Error(`adding an alert target answered ${added.status}`);
    const { id } = (await added.json()) as { id: string };
    const sent = performance.now();
    const answer = await post(`/${id}/test`, {});
    if (answer.status !== 202) throw new Error(`sending a test answered ${answer.status}`);
    while (hook.received.length === 0) {
      if (performance.now() - sent > 30_000) throw new Error('the test alert never arrived');
      await pause(5);
    }
    return performance.now() - sent;
  } finally {
    await hook.close();
  }
}

/**
 * The built gateway on a fresh DATA_DIR with nothing open, read from outside (/proc/<pid>/stat) over a window
 * after start-up settles: its CPU doing nothing (issue 46 item 16: 3–4 % of a core, pg-boss polling its queues
 * and prom-client sampling the event loop every 10 ms). Then a job sent on it at rest (an alert test to a
 * receiver on loopback) shows it still takes work at once.
 */
export const idleCpu: BenchFigure = {
  id: 'idle',
  title: 'Idle gateway CPU',
  async run(context) {
    const settleMs = context.size(60_000, 2_000);
    const windowMs = context.size(60_000, 3_000);
    const out = await buildServer();
    const dataDir = mkdtempSync(path.join(tmpdir(), 'ferry-bench-idle-'));
    let child: ChildProcess | undefined;
    try {
      const started = await startGateway(path.join(out, 'main.js'), dataDir);
      child = started.child;
      await pause(settleMs);
      const pid = child.pid!;
      const [cpuBefore, at] = [cpuSeconds(pid), performance.now()];
      await pause(windowMs);
      const percent = ((cpuSeconds(pid) - cpuBefore) / ((performance.now() - at) / 1_000)) * 100;
      const pickUp = await pickUpMs(started.port);
      context.log(
        `idle: ${percent.toFixed(2)} % of a core; an alert test delivered ${pickUp.toFixed(0)} ms after it was sent`,
      );
      return [
        {
          figure: 'Idle gateway CPU (fresh DATA_DIR, nothing open)',
          value: `${percent.toFixed(2)} % of a core`,
          goal: `≤ ${GOAL_PERCENT} %`,
          verdict: verdict(percent <= GOAL_PERCENT, `${(percent - GOAL_PERCENT).toFixed(2)} points`),
          how: `npm start's build on plain node, embedded store and simulator; user + system time from /proc over ${windowMs / 1000} s, ${settleMs / 1000} s after it said it was running (ticks of 10 ms)`,
        },
        {
          figure: 'Idle gateway: a job sent at rest taken and done',
          value: `${pickUp.toFixed(0)} ms`,
          goal: `< ${GOAL_PICKUP_MS} ms`,
          verdict: verdict(pickUp < GOAL_PICKUP_MS, `${(pickUp - GOAL_PICKUP_MS).toFixed(0)} ms`),
          how: '“Send a test” to a webhook receiver on loopback after the window: the request, the alert-deliver job taken by a sleeping worker, the POST received',
        },
      ];
    } finally {
      child?.kill('SIGTERM');
      if (child && child.exitCode === null) await new Promise((resolve) => child!.once('exit', resolve));
      rmSync(out, { recursive: true, force: true });
      rmSync(dataDir, { recursive: true, force: true });
    }
  },
};
