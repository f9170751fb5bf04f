import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { composeGateway } from '@/server/gateway';
import { loadConfig } from '@/server/config';
import { headerText, listen, rawRequest, type Listening } from '@/testing/node-servers';
import { freePort } from '@/testing/free-port';
import {
  exitCodeOf,
  GATEWAY_START_MS,
  gatewayNodeArgs,
  stopProcess,
  untilPrinted,
} from '@/testing/gateway-process';
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
/** The store template the suites share (vite.config.ts), so a spawned gateway copies a store instead of initdb. */
const STORE_TEMPLATE = process.env.FERRY_STORE_TEMPLATE_DIR
  ? { FERRY_STORE_TEMPLATE_DIR: process.env.FERRY_STORE_TEMPLATE_DIR }
  : {};

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
    gateway = await startLiveGateway(upstream);
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

  it('an upstream that reflects the credentials JSON-escaped (\\u0067hp_…, \\/) never gets them through', async () => {
    const escapeAll = (text: string) =>
      [...text].map((char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`).join('');
    const escapeSome = (text: string) =>
      [...text]
        .map((char, index) =>
          index % 3 === 0 ? `\\u00${char.charCodeAt(0).toString(16).toUpperCase()}` : char,
        )
        .join('');
    const base64 = Buffer.from(FAKE_CREDENTIALS.PORKBUN_SECRET_API_KEY).toString('base64');
    upstream.answer(
      () =>
        new Response(
          `{"a":"${escapeAll(FAKE_CREDENTIALS.GITHUB_TOKEN)}","b":"${escapeSome(FAKE_CREDENTIALS.PORKBUN_API_KEY)}",` +
            `"c":"${base64.replace(/\//g, '\\/')}","d":"${escapeSome(FAKE_CREDENTIALS.PORKBUN_SECRET_API_KEY)}"}`,
          { headers: { 'content-type': 'application/json' } },
        ),
    );
    const answer = await rawRequest(gateway.port, '/api/github/user');
    expect(answer.status).toBe(200);
    // What the browser would see once it parses the JSON.
    const decoded = JSON.stringify(JSON.parse(answer.body));
    expect(leaks(decoded)).toEqual([]);
    expect(leaks(answer.body)).toEqual([]);
    expect(decoded.match(/\[redacted\]/g)).toHaveLength(4);
  });

  it('a credential with CR/LF that reached the gateway anyway: no header value is ever logged', async () => {
    const token = `${FAKE_CREDENTIALS.GITHUB_TOKEN}\r\nx-injected: 1`;
    const config = { ...loadConfig({ GITHUB_API_URL: `${upstream.origin}/api/v3` }), port: 5180 };
    const { app } = composeGateway({
      ...config,
      github: { ...config.github, credentials: [{ name: 'default', kind: 'classic', token }] },
    });
    const before = logged.length;
    const response = await app.fetch(
      new Request('http://127.0.0.1:5180/api/github/user', { headers: { host: '127.0.0.1:5180' } }),
    );
    expect(response.status).toBe(500);
    const lines = logged.slice(before).join('\n');
    expect(lines).toContain('[gateway] unexpected error');
    expect(leaks(lines)).toEqual([]);
    expect(lines).not.toMatch(/Bearer|x-injected/i);
  });

  it('failing upstreams (refused, hung, thrown) leave no credential in any log line', async () => {
    const closed = await listen(() => new Response());
    await closed.close();
    const unreachable = await startLiveGateway(closed);
    await rawRequest(unreachable.port, '/api/github/user');
    await rawRequest(unreachable.port, '/api/registrar/ping', { method: 'POST', body: '{}' });
    await unreachable.close();
    // The hang gets its own gateway with a short bound: the others keep the production timeout.
    const impatient = await startLiveGateway(upstream, { UPSTREAM_TIMEOUT_MS: '200' });
    upstream.answer(() => new Promise<Response>(() => {}));
    expect((await rawRequest(impatient.port, '/api/github/user')).status).toBe(504);
    await impatient.close();
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
  let dataDir: string | undefined;

  // The start is awaited with a bound that catches a hang (src/testing/gateway-process.ts), not 50 s: a
  // production start on a loaded 2-core machine has taken over 20 s.
  beforeAll(async () => {
    upstream = await startFakeUpstream();
    // Below the ephemeral range: a port from listen(0) may become another connection's source port first.
    port = await freePort();
    // A store of its own: in the repository's ./data it was refused by the store's lock whenever another
    // gateway had it open (production-build.test.ts's, running beside this file; a developer's `npm start`).
    dataDir = mkdtempSync(path.join(tmpdir(), 'ferry-secrets-'));
    child = spawn(process.execPath, gatewayNodeArgs(), {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH,
        ...FAKE_CREDENTIALS,
        GITHUB_API_URL: `${upstream.origin}/api/v3`,
        PORKBUN_API_URL: `${upstream.origin}/api/json/v3`,
        PORT: String(port),
        DATA_DIR: dataDir,
        ...STORE_TEMPLATE,
        FERRY_DIST: path.join(tmpdir(), 'ferry-no-such-dist'),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    await untilPrinted(child, () => output, 'Ferry is running');
  }, GATEWAY_START_MS + 30_000);
  afterAll(async () => {
    await stopProcess(child);
    await upstream.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

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

describe('credentials with control characters', () => {
  it.each(['GITHUB_TOKEN', 'PORKBUN_SECRET_API_KEY'] as const)(
    'the real server refuses to start with CR/LF in %s, and says which without showing it',
    async (name) => {
      let output = '';
      const child = spawn(process.execPath, gatewayNodeArgs(), {
        cwd: ROOT,
        env: {
          PATH: process.env.PATH,
          ...FAKE_CREDENTIALS,
          [name]: `${FAKE_CREDENTIALS[name]}\r\nx-injected: 1`,
          GITHUB_API_URL: 'http://127.0.0.1:9/api/v3',
          PORKBUN_API_URL: 'http://127.0.0.1:9/api/json/v3',
          PORT: '0',
          FERRY_DIST: path.join(tmpdir(), 'ferry-no-such-dist'),
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
      // It stops while reading its configuration, before any store or port; the bound (was 20 s) catches a hang.
      const code = await exitCodeOf(child, () => output);
      expect(code, output).toBe(1);
      expect(output).toContain(`${name} contains a control character`);
      expect(leaks(output)).toEqual([]);
    },
    GATEWAY_START_MS + 30_000,
  );
});

describe('the production bundle', () => {
  let outDir: string;
  beforeAll(() => {
    outDir = mkdtempSync(path.join(tmpdir(), 'ferry-bundle-'));
  });
  afterAll(() => rmSync(outDir, { recursive: true, force: true }));

  it('built with the credentials in the environment, contains none of them', async () => {
    // scripts/test-all.sh built the bundle with these credentials in its environment and says where: scanned as
    // it is (a second build was 13 CPU-s of every run). Alone, the test builds its own.
    const built = process.env.FERRY_BUILT_DIST_WITH_FAKE_CREDENTIALS;
    // Never `outDir` itself: that folder is removed after the test.
    const scanned = built ?? outDir;
    const code = built
      ? 0
      : await new Promise<number | null>((resolve) => {
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
            {
              cwd: ROOT,
              env: { ...process.env, ...FAKE_CREDENTIALS, NODE_ENV: 'production' },
              stdio: 'ignore',
            },
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
    walk(scanned);
    expect(files.some((file) => file.endsWith('index.html'))).toBe(true);
    expect(files.length).toBeGreaterThan(3);
    for (const file of files) {
      const text = readFileSync(file, 'latin1');
      expect(leaks(text), path.relative(scanned, file)).toEqual([]);
    }
    // The client's whole build: 7 s quiet, 30 s at nice 5 beside two busy loops. A bound that catches a hang.
  }, 300_000);
});
