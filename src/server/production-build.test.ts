import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GATEWAY_START_MS, stopProcess, untilPrinted } from '@/testing/gateway-process';
import { freePort } from '@/testing/free-port';
import { rawRequest } from '@/testing/node-servers';

/**
 * `npm start` runs plain JavaScript with `node`: the gateway is built like `npm run build:server` builds
 * it and started without tsx or any loader, as a first start: it makes its store in a folder of its own (the
 * repository's `./data` was shared with any other gateway started there — the secrets suite's, a developer's
 * `npm start` — and one of them was refused by the store's lock; on a fresh clone the first also ran initdb).
 */
const ROOT = path.resolve(__dirname, '../..');
const scripts = (
  JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  }
).scripts;

const run = (args: string[], env: Record<string, string> = {}) =>
  spawn(process.execPath, args, {
    cwd: ROOT,
    env: { PATH: process.env.PATH, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });

describe('the production server', () => {
  let outDir: string | undefined;
  let main: string;
  let port = 0;
  let server: ReturnType<typeof run> | undefined;
  let output = '';
  let dataDir: string | undefined;

  // The server's build when the suite runs alone (about a second quiet): a bound that catches a hang.
  beforeAll(async () => {
    // `npm test` built the server with this same command once already (scripts/test-all.sh): run that bundle.
    const built = process.env.FERRY_BUILT_GATEWAY;
    if (built) main = built;
    else {
      // Inside the project (dist-* is ignored by git), so the build's bare imports resolve to node_modules.
      outDir = mkdtempSync(path.join(ROOT, 'dist-server-test-'));
      main = path.join(outDir, 'main.js');
      const build = run([
        path.join(ROOT, 'node_modules/vite/bin/vite.js'),
        'build',
        '--ssr',
        'src/server/main.ts',
        '--outDir',
        outDir,
        '--logLevel',
        'error',
      ]);
      expect(await new Promise((resolve) => build.on('exit', resolve))).toBe(0);
    }
    // Below the ephemeral range: a port from listen(0) may be taken as another connection's source port before
    // the gateway binds it (src/testing/free-port.ts).
    port = await freePort();
    dataDir = mkdtempSync(path.join(tmpdir(), 'ferry-production-build-'));
    server = run([main], {
      PORT: String(port),
      SIM_SCENARIO: 'quiet',
      DATA_DIR: dataDir,
      FERRY_DIST: path.join(tmpdir(), 'ferry-no-such-dist'),
    });
    server.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    server.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  }, 300_000);
  afterAll(async () => {
    await stopProcess(server);
    if (outDir) rmSync(outDir, { recursive: true, force: true });
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('npm start builds the server and runs it with node, not tsx', () => {
    expect(scripts.start).toMatch(/npm run build\b/);
    expect(scripts.build).toContain('build:server');
    expect(scripts['build:server']).toMatch(/vite build --ssr src\/server\/main\.ts --outDir dist-server/);
    expect(scripts.serve).toMatch(/^node (?:--[\w-]+(?:=\S+)? )*dist-server\/main\.js$/);
    expect(`${scripts.start} ${scripts.serve} ${scripts.build}`).not.toMatch(/tsx/);
  });

  it(
    'the built gateway starts with plain node and serves the API and the simulator, archives included',
    { timeout: GATEWAY_START_MS + 60_000 },
    async () => {
      // Waits for the start (it makes its store first: 5.5 s quiet, 14–16 s beside two busy loops); it gave up
      // after 10 s before, and a loaded CI machine had not printed the address by then.
      await untilPrinted(server!, () => output, 'Ferry is running');
      // What it talks to, each on its line: the source, where a move lands, the registrar, the store.
      await untilPrinted(server!, () => output, 'Store:');
      expect(output).toMatch(
        / {2}GitHub: {4}embedded simulator\n {2}Move into: embedded simulator\n {2}Registrar: /,
      );
      expect((await rawRequest(port, '/api/health')).status).toBe(200);
      const user = await rawRequest(port, '/api/github/user');
      expect(JSON.parse(user.body)).toMatchObject({ login: 'octocat' });
      const started = await rawRequest(port, '/api/github/orgs/octo-org/migrations', {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: `http://127.0.0.1:${port}` },
        body: JSON.stringify({ repositories: ['octo-org/hello-world'] }),
      });
      expect(started.status).toBe(201);
    },
  );
});
