import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { HttpBindings } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simIntentFor } from '@/contracts/sim-control';
import { SIM_TOKENS } from '@/simulator/github/seed';
import { createStandaloneApps } from '@/simulator/standalone';
import { TARGET_ORG, TARGET_TOKENS } from '@/simulator/target/seed';
import { listen, startSimulatorServer, type Listening } from '@/testing/node-servers';
import { createGithubApi } from './gh-gei/client';
import {
  CSV_HEADER,
  downloadLogs,
  generateMannequinCsv,
  migrateRepo,
  reclaimMannequin,
  waitForMigration,
  type GeiEnvironment,
  type MigrateRepoResult,
} from './gh-gei/commands';
import { answerProblems, documentProblems } from './gh-gei/graphql-check';
import { operationOf, restProblems } from './gh-gei/rest-check';
import { RetryPolicy } from './gh-gei/retry-policy';
import { type Exchange, header, userAgent } from './gh-gei/wire';

/**
 * gh-gei v1.32.0 as far as the wire goes (tests/contract/gh-gei/: its headers, REST paths, GraphQL documents
 * verbatim, Uri resolution, single and multipart uploads, retry rules) against the standalone simulator's
 * servers, steps unchanged: `migrate-repo` from GHES (`--ghes-api-url {source}/api/v3 --use-github-storage`) for a
 * small repository (single-part uploads) and a large one (multipart git archive, 5 MiB parts, `--queue-only`),
 * `wait-for-migration`, `download-logs`, `generate-mannequin-csv`, and `reclaim-mannequin --csv` with that CSV
 * edited as a user would. Every request and answer is recorded; every GraphQL document is validated against
 * GitHub's published schema (and every answer executed against it), every REST answer against GitHub's OpenAPI
 * description. gh-gei's waits (10 s polls, 60 s polls, retry back-offs) advance the simulated clock instead.
 */
const PART_MEBIBYTES = 5;
/** octo-api is 48,200 KB: ≈ 5.8 MiB of git data at 125 bytes per KB, so two 5 MiB parts; hello-world ≈ 13 KB. */
const ARCHIVE_BYTES_PER_KB = 125;
const SOURCE_ORG = 'octo-org';
const SMALL = 'hello-world';
const LARGE = 'octo-api';

let source: Listening & Awaited<ReturnType<typeof startSimulatorServer>>;
let target: Listening;
let workdir: string;
let geiEnv: GeiEnvironment;
const exchanges: Exchange[] = [];
let waits = 0;

const ghesApiUrl = () => `${source.origin}/api/v3`;
const uploadsUrl = () => `${target.origin}/uploads`;

async function advance(seconds: number) {
  const response = await fetch(`${source.origin}/__sim/advance`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...simIntentFor('POST', '/__sim/advance') },
    body: JSON.stringify({ seconds }),
  });
  expect(response.status).toBe(200);
}

beforeAll(async () => {
  source = await startSimulatorServer({
    speed: 0,
    scenario: 'quiet',
    archiveBytesPerKb: ARCHIVE_BYTES_PER_KB,
  });
  // The target GitHub.com on its own server, as src/simulator/main.ts serves it.
  const { target: targetApp } = createStandaloneApps(source.sim);
  target = await listen((request: Request, env: HttpBindings) => targetApp.fetch(request, env));
  workdir = mkdtempSync(join(tmpdir(), 'gh-gei-flow-'));
  geiEnv = {
    record: (exchange) => exchanges.push(exchange),
    sleep: async (ms) => {
      // A guard against a wait that never ends (gh-gei would wait up to 20 hours for an export).
      waits += 1;
      if (waits > 3000) throw new Error('gh-gei has waited more than 3000 times: giving up');
      await advance(ms / 1000);
    },
    now: () => source.sim.clock.now(),
    env: { GITHUB_OWNED_STORAGE_MULTIPART_MEBIBYTES: String(PART_MEBIBYTES) },
    cwd: workdir,
  };
});

afterAll(async () => {
  await target?.close();
  await source?.close();
  if (workdir) rmSync(workdir, { recursive: true, force: true });
});

const migrateArgs = (repo: string) => ({
  githubSourceOrg: SOURCE_ORG,
  sourceRepo: repo,
  githubTargetOrg: TARGET_ORG,
  targetApiUrl: target.origin,
  targetUploadsUrl: uploadsUrl(),
  ghesApiUrl: ghesApiUrl(),
  githubSourcePat: SIM_TOKENS.octocat,
  githubTargetPat: TARGET_TOKENS.octocat,
  useGithubStorage: true,
});

const path = (exchange: Exchange) => new URL(exchange.request.url).pathname;
const isUpload = (exchange: Exchange) => new URL(exchange.request.url).pathname.startsWith('/uploads/');
const GEI_ARCHIVE = /^gei:\/\/archive\/[\w-]+$/;
const results: { small?: MigrateRepoResult; large?: MigrateRepoResult } = {};
const repoExchanges: Record<string, Exchange[]> = {};
let csv: string | undefined;
let hubotId: string | undefined;

describe("gh-gei v1.32.0's wire against the standalone simulator", () => {
  it("GHES says which version it is (GhesVersionChecker: GET /meta → installed_version ≥ 3.8.0, so GHES's own blob storage may export)", async () => {
    const api = createGithubApi(
      { ...geiEnv, command: 'migrate-repo', log: () => undefined },
      new RetryPolicy(geiEnv.sleep),
      ghesApiUrl(),
      undefined,
      SIM_TOKENS.octocat,
    );
    const version = await api.getEnterpriseServerVersion();
    expect(version).toMatch(/^3\.(8|9|\d\d)\.\d+$/);
    const meta = exchanges.find((exchange) => path(exchange) === '/api/v3/meta');
    expect(meta?.response?.status).toBe(200);
    // GHES names its version on every API answer too.
    expect(header(meta!.response!, 'x-github-enterprise-version')).toBe(version);
  });

  it('migrate-repo (GHES, --use-github-storage) for a small repository: single-part uploads, migrated to SUCCEEDED', async () => {
    const before = exchanges.length;
    const result = await migrateRepo(geiEnv, migrateArgs(SMALL));
    repoExchanges[SMALL] = exchanges.slice(before);
    results.small = result;
    expect(result.blobCredentialsRequired).toBe(false);
    // The export's URL is what the 302 said, in its body as in its Location: storage on another origin.
    const redirects = repoExchanges[SMALL].filter(
      (e) => path(e).endsWith('/archive') && e.response?.status === 302,
    );
    expect(redirects.map((e) => header(e.response!, 'location'))).toEqual([
      result.ghesGitArchiveUrl,
      result.ghesMetadataArchiveUrl,
    ]);
    expect(new URL(result.ghesGitArchiveUrl).origin).toBe(source.storage.origin);
    expect(result.gitArchiveBytes).toBeGreaterThan(0);
    expect(result.gitArchiveBytes).toBeLessThanOrEqual(PART_MEBIBYTES * 1024 * 1024);
    expect(result.gitArchiveUrl).toMatch(GEI_ARCHIVE);
    expect(result.metadataArchiveUrl).toMatch(GEI_ARCHIVE);
    expect(result.sourceRepoUrl).toBe(`${source.origin}/${SOURCE_ORG}/${SMALL}`);
    const uploads = repoExchanges[SMALL].filter(isUpload);
    expect(uploads.map((e) => [e.request.method, path(e), e.response?.status])).toEqual([
      ['POST', expect.stringMatching(/^\/uploads\/organizations\/\d+\/gei\/archive$/), 201],
      ['POST', expect.stringMatching(/^\/uploads\/organizations\/\d+\/gei\/archive$/), 201],
    ]);
    expect(uploads.map((e) => new URL(e.request.url).searchParams.get('name'))).toEqual(result.uploadNames);
    expect(result.migrationId).toMatch(/^RM_/);
    // GitHub answers `failureReason: ""` for none (docs/moves.md).
    expect(result.final).toMatchObject({ state: 'SUCCEEDED', failureReason: '' });
    expect(result.final?.migrationLogUrl).toMatch(/^https?:\/\//);
  });

  it('migrate-repo --queue-only for a large repository: the git archive goes up in 5 MiB parts (POST, PATCH × n, PUT "")', async () => {
    const before = exchanges.length;
    const result = await migrateRepo(geiEnv, { ...migrateArgs(LARGE), queueOnly: true });
    repoExchanges[LARGE] = exchanges.slice(before);
    results.large = result;
    const part = PART_MEBIBYTES * 1024 * 1024;
    expect(result.gitArchiveBytes).toBeGreaterThan(part);
    expect(result.metadataArchiveBytes).toBeLessThanOrEqual(part);
    const uploads = repoExchanges[LARGE].filter(isUpload);
    const parts = Math.ceil(result.gitArchiveBytes / part);
    expect(uploads.map((e) => [e.request.method, e.response?.status])).toEqual([
      ['POST', 202],
      ...Array.from({ length: parts }, () => ['PATCH', 202]),
      ['PUT', 201],
      ['POST', 201],
    ]);
    const [start, ...rest] = uploads;
    expect(path(start!)).toMatch(/^\/uploads\/organizations\/\d+\/gei\/archive\/blobs\/uploads$/);
    expect(JSON.parse(start!.request.body!.toString())).toEqual({
      content_type: 'application/octet-stream',
      name: result.uploadNames[0],
      size: result.gitArchiveBytes,
    });
    // Each PATCH and the PUT went where the previous answer's Location pointed, resolved against the uploads URL.
    for (const [index, exchange] of rest.slice(0, parts + 1).entries()) {
      const previous = uploads[index]!;
      expect(exchange.request.url).toBe(new URL(header(previous.response!, 'location')!, uploadsUrl()).href);
      expect(path(exchange)).toMatch(/^\/uploads\/organizations\/\d+\/gei\/archive\/blobs\/uploads$/);
    }
    expect(rest.slice(0, parts).map((e) => e.request.body?.length)).toEqual(
      Array.from({ length: parts }, (_, i) => Math.min(part, result.gitArchiveBytes - i * part)),
    );
    const complete = rest[parts]!;
    expect(complete.request.body?.toString()).toBe('""');
    expect(complete.request.headers['Content-Type']).toBe('application/json; charset=utf-8');
    expect(result.gitArchiveUrl).toMatch(GEI_ARCHIVE);
    expect(result.metadataArchiveUrl).toMatch(GEI_ARCHIVE);
    expect(result.migrationId).toMatch(/^RM_/);
    expect(result.final).toBeUndefined();
  });

  it('wait-for-migration polls the queued migration every 60 s to SUCCEEDED', async () => {
    const migrationId = results.large?.migrationId;
    expect(migrationId, 'the large migration was not queued').toBeTruthy();
    const done = await waitForMigration(geiEnv, {
      migrationId: migrationId!,
      targetApiUrl: target.origin,
      githubTargetPat: TARGET_TOKENS.octocat,
    });
    expect(done.state).toBe('SUCCEEDED');
    expect(done.repositoryName).toBe(LARGE);
    expect(done.failureReason).toBe('');
    expect(done.polls.at(-1)).toBe('SUCCEEDED');
  });

  it('download-logs, by --github-target-org/--target-repo and by --migration-id', async () => {
    expect(results.small?.migrationId, 'the small migration did not run').toBeTruthy();
    const byRepo = await downloadLogs(geiEnv, {
      githubTargetOrg: TARGET_ORG,
      targetRepo: SMALL,
      targetApiUrl: target.origin,
      githubTargetPat: TARGET_TOKENS.octocat,
    });
    expect(byRepo.migrationId).toBe(results.small!.migrationId);
    expect(byRepo.file).toBe(`migration-log-${TARGET_ORG}-${SMALL}-${results.small!.migrationId}.log`);
    expect(readFileSync(join(workdir, byRepo.file), 'utf8')).toBe(byRepo.log);
    expect(byRepo.log).toContain(results.small!.migrationId!);
    expect(byRepo.log).toContain(`${TARGET_ORG}/${SMALL}`);

    const byId = await downloadLogs(geiEnv, {
      migrationId: results.large!.migrationId!,
      targetApiUrl: target.origin,
      githubTargetPat: TARGET_TOKENS.octocat,
    });
    expect(byId.file).toBe(`migration-log-${LARGE}-${results.large!.migrationId}.log`);
    expect(byId.log).toContain(`${TARGET_ORG}/${LARGE}`);
  });

  it('generate-mannequin-csv writes the header and one row per unreclaimed mannequin', async () => {
    const generated = await generateMannequinCsv(geiEnv, {
      githubTargetOrg: TARGET_ORG,
      targetApiUrl: target.origin,
      githubTargetPat: TARGET_TOKENS.octocat,
    });
    csv = readFileSync(generated.file, 'utf8');
    const lines = csv.split('\n');
    expect(lines[0]).toBe(CSV_HEADER);
    expect(lines.at(-1)).toBe('');
    const rows = lines.slice(1, -1);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.length).toBe(generated.mannequins.length);
    for (const row of rows) expect(row).toMatch(/^[^,]+,[^,]+,$/);
    hubotId = generated.mannequins.find((m) => m.login === 'hubot')?.id ?? undefined;
    expect(hubotId, 'hubot (no account on the target) should be a mannequin').toBeTruthy();
    expect(rows).toContain(`hubot,${hubotId},`);
  });

  it('reclaim-mannequin --csv, hubot mapped to the target member hubot-cloud: the invitation is accepted', async () => {
    expect(csv, 'no CSV was generated').toBeDefined();
    // The user fills in target-user for hubot and leaves the other rows empty (gh-gei skips them).
    const edited = csv!.replace(`hubot,${hubotId},\n`, `hubot,${hubotId},hubot-cloud\n`);
    expect(edited).not.toBe(csv);
    writeFileSync(join(workdir, 'mannequins.csv'), edited);
    const outcomes = await reclaimMannequin(geiEnv, {
      githubTargetOrg: TARGET_ORG,
      csv: 'mannequins.csv',
      targetApiUrl: target.origin,
      githubTargetPat: TARGET_TOKENS.octocat,
    });
    expect(outcomes).toEqual([{ login: 'hubot', id: hubotId, targetUser: 'hubot-cloud', invited: true }]);
  });

  it("every request is gh-gei's: its headers, User-Agent, bodies", () => {
    expect(exchanges.length).toBeGreaterThan(0);
    for (const exchange of exchanges) {
      const { headers, method } = exchange.request;
      const where = `${method} ${exchange.request.url}`;
      expect(headers['User-Agent'], where).toBe(userAgent(exchange.command));
      if (exchange.client === 'download') {
        expect(Object.keys(headers), where).toEqual(['User-Agent']);
        continue;
      }
      expect(headers.Accept, where).toBe('application/vnd.github.v3+json');
      expect(headers['GraphQL-Features'], where).toBe(
        'import_api,mannequin_claiming_emu,org_import_api,octoshift_ll_gitlab_self_serve',
      );
      expect(headers.Authorization, where).toMatch(/^Bearer \S+$/);
    }
    expect(exchanges.filter((e) => e.error !== undefined).map((e) => e.error)).toEqual([]);
  });

  it("every GraphQL document validates against GitHub's published schema, and every answer has the schema's shape", async () => {
    const graphql = exchanges.filter((e) => e.request.url === `${target.origin}/graphql`);
    expect(graphql.length).toBeGreaterThan(0);
    const problems: string[] = [];
    for (const exchange of graphql) {
      const body = JSON.parse(exchange.request.body!.toString()) as {
        query: string;
        variables?: Record<string, unknown>;
        operationName?: string;
      };
      const name = body.operationName ?? body.query.trim().slice(0, 40);
      problems.push(...documentProblems(body.query).map((p) => `${name}: ${p}`));
      if (exchange.response?.status !== 200) {
        problems.push(`${name}: answered ${exchange.response?.status}`);
        continue;
      }
      const answer = JSON.parse(exchange.response.body.toString()) as { data?: unknown; errors?: unknown };
      const found = await answerProblems(body.query, body.variables, body.operationName, answer);
      problems.push(...found.map((p) => `${name}: ${p}`));
    }
    expect(problems).toEqual([]);
  });

  it("every REST answer matches GitHub's OpenAPI description", () => {
    const problems: string[] = [];
    const seen = new Set<string>();
    for (const exchange of exchanges) {
      const url = new URL(exchange.request.url);
      const operationId = operationOf(exchange.request.method, url, ghesApiUrl(), target.origin);
      if (!operationId) continue;
      seen.add(operationId);
      problems.push(
        ...restProblems(operationId, exchange).map((p) => `${exchange.request.method} ${url.pathname}: ${p}`),
      );
    }
    expect([...seen].sort()).toEqual([
      'meta/get',
      'migrations/download-archive-for-org',
      'migrations/get-status-for-org',
      'migrations/start-for-org',
      'orgs/get',
      'repos/get',
    ]);
    expect([...new Set(problems)]).toEqual([]);
  });

  it("gh-gei's retry rules on the simulator's faults: 502s retried after 4 s then 8 s, a secondary rate limit after its Retry-After, a 401 not retried", async () => {
    const seen: Exchange[] = [];
    const slept: [number, string][] = [];
    const sleep = async (ms: number, why: string) => {
      slept.push([ms, why]);
      await geiEnv.sleep(ms, why);
    };
    const runtime = {
      ...geiEnv,
      command: 'migrate-repo',
      record: (e: Exchange) => seen.push(e),
      sleep,
      log: () => {},
    };
    const api = (token: string) =>
      createGithubApi(runtime, new RetryPolicy(sleep), ghesApiUrl(), undefined, token);
    const fault = async (rule: Record<string, unknown>) => {
      const response = await fetch(`${source.origin}/__sim/faults`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...simIntentFor('POST', '/__sim/faults') },
        body: JSON.stringify({
          upstream: 'github',
          method: 'GET',
          path: `orgs/${SOURCE_ORG}/migrations/*`,
          ...rule,
        }),
      });
      expect(response.status).toBe(201);
    };
    const id = results.small?.gitArchiveId ?? 1;

    await fault({ kind: 'status', status: 502, count: 2 });
    expect(await api(SIM_TOKENS.octocat).getArchiveMigrationStatus(SOURCE_ORG, id)).toBe('exported');
    expect(seen.map((e) => e.response?.status)).toEqual([502, 502, 200]);
    expect(slept).toEqual([
      [4000, 'RetryPolicy.Retry'],
      [8000, 'RetryPolicy.Retry'],
    ]);

    seen.length = 0;
    slept.length = 0;
    await fault({ kind: 'secondary-rate-limit', retryAfterSeconds: 7, count: 1 });
    expect(await api(SIM_TOKENS.octocat).getArchiveMigrationStatus(SOURCE_ORG, id)).toBe('exported');
    expect(seen.map((e) => e.response?.status)).toEqual([403, 200]);
    expect(slept).toEqual([[7000, 'GithubClient.HandleSecondaryRateLimit']]);

    seen.length = 0;
    slept.length = 0;
    await expect(api('not-a-token').getArchiveMigrationStatus(SOURCE_ORG, id)).rejects.toThrow(
      'Unauthorized (GitHub). Please check your token and try again',
    );
    expect(seen.map((e) => e.response?.status)).toEqual([401]);
    expect(slept).toEqual([]);
  });
});
