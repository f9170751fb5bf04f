import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen, rawRequest } from '@/testing/node-servers';

/**
 * `npm start` runs plain JavaScript with `node`: the gateway is built like `npm run build:server` builds
 * it and started without tsx or any loader.
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
    const probe = await listen(() => new Response());
    port = probe.port;
    await probe.close();
    server = run([main], {
      PORT: String(port),
      SIM_SCENARIO: 'quiet',
      FERRY_DIST: path.join(tmpdir(), 'ferry-no-such-dist'),
    });
    server.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    server.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    for (let i = 0; i < 100 && !output.includes('Ferry is running'); i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }, 60_000);
  afterAll(async () => {
    if (server?.exitCode === null) {
      const exited = new Promise((resolve) => server?.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    if (outDir) rmSync(outDir, { recursive: true, force: true });
  });

  it('npm start builds the server and runs it with node, not tsx', () => {
    expect(scripts.start).toMatch(/npm run build\b/);
    expect(scripts.build).toContain('build:server');
    expect(scripts['build:server']).toMatch(/vite build --ssr src\/server\/main\.ts --outDir dist-server/);
    expect(scripts.serve).toMatch(/^node (?:--[\w-]+(?:=\S+)? )*dist-server\/main\.js$/);
    expect(`${scripts.start} ${scripts.serve} ${scripts.build}`).not.toMatch(/tsx/);
  });

  it('the built gateway starts with plain node and serves the API and the simulator, archives included', async () => {
    expect(output).toContain('Ferry is running');
    expect((await rawRequest(port, '/api/health')).status).toBe(200);
    const user = await rawRequest(port, '/api/github/user');
    expect(JSON.parse(user.body)).toMatchObject({ login: 'octocat' });
    const started = await rawRequest(port, '/api/github/orgs/octo-org/migrations', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: `http://127.0.0.1:${port}` },
      body: JSON.stringify({ repositories: ['octo-org/hello-world'] }),
    });
    expect(started.status).toBe(201);
  });
});
