import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { headerText, listen, rawRequest, type Listening } from '@/testing/node-servers';
import { FAKE_CREDENTIALS, startFakeUpstream, startLiveGateway, type FakeUpstream } from './support';

/**
 * With distinctive fake credentials configured (live mode, a fake upstream on loopback), no answer,
 * header, log line or file of a production build contains them. Complements src/server/secrets.test.ts
 * (every operation's answers) with logs, a reflecting upstream, the real server process and the bundle.
 */
const SECRETS = Object.values(FAKE_CREDENTIALS);
const NEEDLES = [
  'HARDENINGfake',
  ...SECRETS,
  ...SECRETS.map((secret) => Buffer.from(secret).toString('base64')),
];

function leaks(text: string): string[] {
  return NEEDLES.filter((needle) => text.includes(needle));
}

const ROOT = path.resolve(__dirname, '../..');

describe('logs and answers of the gateway in process', () => {
  let upstream: FakeUpstream;
  let gateway: Listening;
  const logged: string[] = [];

  beforeAll(async () => {
    for (const method of ['log', 'info', 'warn', 'error', 'debug'] as const) {
      vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
        logged.push(
          args.map((arg) => (arg instanceof Error ? `${arg.message}\n${arg.stack}` : String(arg))).join(' '),
        );
      });
    }
    upstream = await startFakeUpstream();
    gateway = await startLiveGateway(upstream, { UPSTREAM_TIMEOUT_MS: '200' });
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    await gateway.close();
    await upstream.close();
  });

  it('an upstream that echoes the credentials it was sent never gets them to the browser', async () => {
    // A careless proxy or upstream that reflects the request: headers and body, in a JSON error and a success.
    upstream.answer(async (request) => {
      const echo = { headers: Object.fromEntries(request.headers), body: await request.text() };
      const failed = new URL(request.url).pathname.endsWith('/user');
      return Response.json(
        { message: `Bad credentials: ${request.headers.get('authorization') ?? ''}`, echo },
        {
          status: failed ? 401 : 200,
          headers: {
            'www-authenticate': `Bearer realm="${request.headers.get('authorization') ?? ''}"`,
            'x-echo-key': request.headers.get('x-api-key') ?? '',
            'x-github-request-id': request.headers.get('authorization') ?? '',
          },
        },
      );
    });
    const answers = [
      await rawRequest(gateway.port, '/api/github/user'),
      await rawRequest(gateway.port, '/api/github/rate_limit'),
      await rawRequest(gateway.port, '/api/registrar/ping', { method: 'POST', body: '{}' }),
      await rawRequest(gateway.port, '/api/registrar/domain/getRegistrationRequirements/com'),
    ];
    expect(upstream.received.length).toBe(4);
    for (const answer of answers) {
      expect(leaks(`${headerText(answer.headers)}\n${answer.body}`)).toEqual([]);
    }
  });

  it('failing upstreams (refused, hung, thrown) leave no credential in any log line', async () => {
    const closed = await listen(() => new Response());
    await closed.close();
    const unreachable = await startLiveGateway(closed);
    await rawRequest(unreachable.port, '/api/github/user');
    await rawRequest(unreachable.port, '/api/registrar/ping', { method: 'POST', body: '{}' });
    await unreachable.close();
    upstream.answer(() => new Promise<Response>(() => {}));
    await rawRequest(gateway.port, '/api/github/user');
    upstream.answer(() => {
      throw new Error(`exploded holding ${FAKE_CREDENTIALS.GITHUB_TOKEN}`);
    });
    await rawRequest(gateway.port, '/api/github/user');
    expect(leaks(logged.join('\n'))).toEqual([]);
  });
});

describe('the real server process', () => {
  let upstream: FakeUpstream;
  let child: ChildProcess | undefined;
  let output = '';
  let port = 0;

  beforeAll(async () => {
    upstream = await startFakeUpstream();
    const probe = await listen(() => new Response());
    port = probe.port;
    await probe.close();
    child = spawn(
      process.execPath,
      [path.join(ROOT, 'node_modules/tsx/dist/cli.mjs'), 'src/server/main.ts'],
      {
        cwd: ROOT,
        env: {
          PATH: process.env.PATH,
          ...FAKE_CREDENTIALS,
          GITHUB_API_URL: `${upstream.origin}/api/v3`,
          PORKBUN_API_URL: `${upstream.origin}/api/json/v3`,
          PORT: String(port),
          FERRY_DIST: path.join(tmpdir(), 'ferry-no-such-dist'),
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    await vi.waitFor(() => expect(output).toContain('Ferry is running'), { timeout: 20_000, interval: 100 });
  }, 30_000);
  afterAll(async () => {
    if (child?.pid && child.exitCode === null) {
      const exited = new Promise((resolve) => child?.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    await upstream.close();
  });

  it('prints where it runs and against what, never a credential, through errors too', async () => {
    upstream.answer(
      () => new Response('<html>down</html>', { status: 502, headers: { 'content-type': 'text/html' } }),
    );
    for (const target of ['/api/config', '/api/github/user', '/api/github/gists', '/']) {
      const response = await rawRequest(port, target);
      expect(leaks(`${headerText(response.headers)}\n${response.body}`)).toEqual([]);
    }
    expect(output).toMatch(/GitHub: +live/);
    expect(leaks(output)).toEqual([]);
  });
});

describe('the production bundle', () => {
  let outDir: string;
  beforeAll(() => {
    outDir = mkdtempSync(path.join(tmpdir(), 'ferry-bundle-'));
  });
  afterAll(() => rmSync(outDir, { recursive: true, force: true }));

  it('built with the credentials in the environment, contains none of them', async () => {
    const code = await new Promise<number | null>((resolve) => {
      const build = spawn(
        process.execPath,
        [
          path.join(ROOT, 'node_modules/vite/bin/vite.js'),
          'build',
          '--outDir',
          outDir,
          '--logLevel',
          'error',
        ],
        { cwd: ROOT, env: { ...process.env, ...FAKE_CREDENTIALS, NODE_ENV: 'production' }, stdio: 'ignore' },
      );
      build.on('exit', resolve);
    });
    expect(code).toBe(0);
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const full = path.join(dir, name);
        if (statSync(full).isDirectory()) walk(full);
        else files.push(full);
      }
    };
    walk(outDir);
    expect(files.some((file) => file.endsWith('index.html'))).toBe(true);
    expect(files.length).toBeGreaterThan(3);
    for (const file of files) {
      const text = readFileSync(file, 'latin1');
      expect(leaks(text), path.relative(outDir, file)).toEqual([]);
    }
  }, 120_000);
});
