import { readMigrations, repositorySetKey } from '@/contracts/github/migration';
import { isRecord, stringOf } from '@/contracts/json';
import type { Wave, WaveBatch } from '@/contracts/waves';
import { batchesToStart } from '../wave-machine';
import {
  advance,
  counted,
  migrationsPath,
  nextStep,
  record,
  recordIf,
  stamp,
  type WaveContext,
} from '../wave-context';
import { modelledExportSeconds } from '../planner';
import { observedSpeed } from '../observed-speed';

/**
 * Start a queued batch's export. The decision is written first (`starting`, row locked, only while the wave
 * has room for it), so exactly one job of the team sends the start, and a crash after it is known: the job's
 * retry (`adoptOrStart`) looks for the export on GitHub before sending another.
 */
export async function startBatch(
  context: WaveContext,
  wave: Wave,
  batch: WaveBatch,
  fence?: AbortSignal,
): Promise<void> {
  const at = stamp(context);
  const { wave: decided, applied } = await recordIf(
    context,
    wave.id,
    batch.id,
    (current, fresh) => current.state === 'queued' && batchesToStart(fresh).some((b) => b.id === batch.id),
    { type: 'start-requested', batchId: batch.id, at },
  );
  const current = decided?.batches.find((b) => b.id === batch.id);
  if (!applied || !decided || !current) return;
  await send(context, decided, current, fence);
}

function startBody(wave: Wave, batch: WaveBatch) {
  const o = wave.options;
  return {
    repositories: batch.repos,
    lock_repositories: o.lockRepositories,
    exclude_metadata: o.excludeMetadata,
    exclude_git_data: o.excludeGitData,
    exclude_attachments: o.excludeAttachments,
    exclude_releases: o.excludeReleases,
    exclude_owner_projects: o.excludeOwnerProjects,
    exclude: ['repositories'],
  };
}

/**
 * Send the start. `fence` is the job's lease: a start still waiting for the account's write slot when its job ran
 * past its expiry is not sent, since the job's retry on another gateway sends it (CI saw one batch exported three
 * times: two starts queued behind a verified batch's unlocks outlived their jobs and went anyway).
 */
async function send(context: WaveContext, wave: Wave, batch: WaveBatch, fence?: AbortSignal) {
  const answer = await counted(context, wave.id, () =>
    context.clientFor(wave).write<unknown>('POST', migrationsPath(wave), startBody(wave, batch), fence),
  );
  const started = answer.status === 201 ? readMigrations([answer.body])[0] : undefined;
  if (started) {
    await adopt(context, wave, batch, started.id, stamp(context));
    return;
  }
  // GitHub refused the start (422: a repository it does not know, …): the batch failed like an export.
  const message =
    (isRecord(answer.body) ? stringOf(answer.body.message) : undefined) ?? `HTTP ${answer.status}`;
  await record(context, wave.id, {
    type: 'export-failed',
    batchId: batch.id,
    at: stamp(context),
    error: `GitHub refused the export: ${message}`,
  });
  await advance(context, wave.id);
}

/** The batch's export is `migrationId`: follow it from its expected end on. */
async function adopt(context: WaveContext, wave: Wave, batch: WaveBatch, migrationId: number, at: string) {
  const { applied } = await recordIf(
    context,
    wave.id,
    batch.id,
    (current) => current.state === 'starting' && current.migrationId === undefined,
    { type: 'started', batchId: batch.id, migrationId, at },
  );
  if (!applied) return;
  const speed = observedSpeed([wave]);
  // Until one export has been seen to finish, check early and back off.
  const expectedMs =
    speed === undefined
      ? context.minCheckMs
      : Math.max(context.minCheckMs, modelledExportSeconds(batch) * speed * 1_000 * 1.05);
  await nextStep(context, { waveId: wave.id, batchId: batch.id, backoffMs: context.minCheckMs }, expectedMs);
}

/**
 * A batch left `starting` by a job that did not finish (its gateway died, or the start threw): find the export
 * it may have started among the owner's migrations (same repositories, created since the decision) and adopt
 * it; only if none exists, start it. Run only by that job's retry, after the start's own request is over.
 */
export async function adoptOrStart(
  context: WaveContext,
  wave: Wave,
  batch: WaveBatch,
  fence?: AbortSignal,
): Promise<void> {
  let found = await lookForStart(context, wave, batch);
  const settleMs = context.startSettleMs ?? 0;
  if (!found && settleMs > 0) {
    // The first start's request may still be on its way: its job lost its lease while sending it, or GitHub
    // has it and has not answered (seen under heavy load: a third export for one batch). It lands within one
    // request's bound or never; look once more after that bound before sending another.
    await new Promise((resolve) => setTimeout(resolve, settleMs));
    const now = await context.repository.get(wave.id);
    const fresh = now?.batches.find((b) => b.id === batch.id);
    if (!now || fresh?.state !== 'starting' || fresh.migrationId !== undefined) return;
    found = await lookForStart(context, now, fresh);
  }
  if (!found) {
    await send(context, wave, batch, fence);
    return;
  }
  context.log(`wave ${wave.id} batch ${batch.id}: adopted migration ${found.id} started before a restart`);
  await adopt(context, wave, batch, found.id, new Date(found.createdAt).toISOString());
}

/** The owner's export with the batch's repositories, created since its decision, that no batch knows yet. */
async function lookForStart(context: WaveContext, wave: Wave, batch: WaveBatch) {
  const since = Date.parse(batch.startRequestedAt ?? '') - 60_000;
  // Every export the wave already knows, earlier attempts' included: a retried batch's own failed export has
  // the same repositories and may be younger than the margin below, and must not be adopted again.
  const known = new Set(
    wave.batches
      .flatMap((b) => [b.migrationId, ...(b.earlierMigrationIds ?? [])])
      .filter((id) => id !== undefined),
  );
  const want = repositorySetKey(batch.repos);
  const answer = await counted(context, wave.id, () =>
    context.clientFor(wave).get<unknown>(`${migrationsPath(wave)}?per_page=100`),
  );
  return readMigrations(answer.body).find(
    (migration) =>
      !known.has(migration.id) &&
      migration.createdAt >= since &&
      repositorySetKey(migration.repositories.map((repo) => repo.name)) === want,
  );
}
