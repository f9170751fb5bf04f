import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { uploadArchive } from '@/server/moves/gei/archive-upload';
import { TARGET_ORG, TARGET_TOKENS } from '@/simulator/target/seed';

/**
 * Child process of the move upload figure: uploads `file` `count` times to the target at `target` with
 * `uploadArchive` (one POST each, or parts of `partBytes`), deleting each archive afterwards, and samples its own
 * RSS every 50 ms; with `curlEvery` > 0, curl sends the same file after every that many uploads (timed apart), so
 * the machine's own figure is taken under the same load. Prints its figures as JSON. Only this process is measured.
 */
const [target = '', file = '', countText = '20', partText = '0', curlText = '0'] = process.argv.slice(2);
const count = Number(countText);
const partBytes = Number(partText);
const curlEvery = Number(curlText);
const run = promisify(execFile);
const gc = (globalThis as { gc?: () => void }).gc;

async function graphql<T>(query: string, variables: Record<string, unknown>): Promise<T> {
  const response = await fetch(`${target}/graphql`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${TARGET_TOKENS.octocat}`,
      'content-type': 'application/json',
      'graphql-features': 'octoshift_github_owned_storage',
    },
    body: JSON.stringify({ query, variables }),
  });
  return ((await response.json()) as { data: T }).data;
}

/** Storage's archives deleted (GitHub deletes them on use): the simulator keeps them in memory. */
async function emptyStorage(): Promise<void> {
  const listed = await graphql<{ organization: { migrationArchives: { nodes: { id: string }[] } } }>(
    'query($l: String!) { organization(login: $l) { migrationArchives(first: 100) { nodes { id } } } }',
    { l: TARGET_ORG },
  );
  for (const { id } of listed.organization.migrationArchives.nodes)
    await graphql(
      'mutation($id: ID!) { deleteMigrationArchive(input: { migrationArchiveId: $id }) { migrationArchive { id } } }',
      { id },
    );
}

/** The same file by curl, timed apart; skipped (and said) where curl is missing. */
async function curlOnce(i: number): Promise<void> {
  const started = performance.now();
  try {
    await run('curl', [
      '-sS',
      '-o',
      '/dev/null',
      '--fail',
      '-H',
      `authorization: Bearer ${TARGET_TOKENS.octocat}`,
      '-H',
      'content-type: application/octet-stream',
      '--data-binary',
      `@${file}`,
      `${target}/uploads/organizations/${organizationId}/gei/archive?name=curl-${i}.tar.gz`,
    ]);
  } catch (error) {
    process.stderr.write(
      `curl reference not measured: ${error instanceof Error ? error.message : String(error)}\n`,
    );
    return;
  }
  curl.seconds += (performance.now() - started) / 1000;
  curl.count += 1;
  await emptyStorage();
}

// Warm up (fetch's undici loads lazily): the baseline is the process ready to upload.
const { organization } = await graphql<{ organization: { databaseId: number } }>(
  'query($l: String!) { organization(login: $l) { databaseId } }',
  { l: TARGET_ORG },
);
const organizationId = organization.databaseId;
gc?.();
await new Promise((resolve) => setTimeout(resolve, 200));
const baseline = process.memoryUsage().rss;
let peak = baseline;
const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
const bounds = { headersMs: 30_000, idleMs: 30_000, totalMs: 120_000, maxBytes: 1024 * 1024 };
let seconds = 0;
let bytes = 0;
const curl = { count: 0, seconds: 0 };
for (let i = 0; i < count; i += 1) {
  const started = performance.now();
  const result = await uploadArchive({
    file,
    name: `bench-${i}.tar.gz`,
    orgDatabaseId: organization.databaseId,
    uploadsUrl: `${target}/uploads`,
    authorization: `Bearer ${TARGET_TOKENS.octocat}`,
    fetch: (request) => fetch(request),
    bounds,
    ...(partBytes > 0 ? { partBytes } : {}),
  });
  seconds += (performance.now() - started) / 1000;
  bytes += result.bytes;
  await emptyStorage();
  if (curlEvery > 0 && i % curlEvery === 0) await curlOnce(i);
}
clearInterval(sampler);
gc?.();
await new Promise((resolve) => setTimeout(resolve, 200));
gc?.();
const end = process.memoryUsage().rss;
process.stdout.write(JSON.stringify({ baseline, peak, end, bytes, seconds, curl }));
