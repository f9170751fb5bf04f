import type { AccountGate } from '@/server/credentials/account-limits';
import type { Move } from '@/contracts/move-run';
import { upstreamClockRate } from '@/server/config';
import type { JobEngine } from '@/server/jobs/job-engine';
import { archiveBounds, jsonBounds } from '@/server/outbound/bounds';
import { uploadArchive } from '../gei/archive-upload';
import { createGeiOperations } from '../gei/gei-operations';
import { saveMigrationLog } from '../gei/migration-log';
import { createTargetClient } from '../target-client';
import { graphqlPostOf, sourceGraphqlBase } from '../validation/graphql-posts';
import { validateMove } from '../validation/validate-move';
import type { MoveContext, TargetCount } from './move-context';
import { applyMoveEvent } from './move-machine';
import type { MoveRunnerOptions } from './move-runner';

/** The longest a start request may take (GitHub answers one within seconds). */
export const START_TOTAL_MS = 20_000;

/** The token value of an `Authorization` header (`token …` / `Bearer …`). */
const tokenOf = (authorization: string) => authorization.replace(/^(?:token|bearer)\s+/i, '');

/** The source's web address (`https://ghes.example/org/repo`): GHES's API base without `/api/v3`. */
export function sourceWebUrl(apiBase: string, owner: string, name: string): string {
  const url = new URL(apiBase);
  const base =
    url.hostname === 'api.github.com'
      ? 'https://github.com'
      : `${url.origin}${url.pathname.replace(/\/api\/v3\/?$/, '').replace(/\/+$/, '')}`;
  return [base, encodeURIComponent(owner), ...(name ? [encodeURIComponent(name)] : [])].join('/');
}

/** A move's jobs' context over the gateway's parts: both GitHubs through their bounded fetches, the store, the engine. */
export function moveContextOf(
  options: MoveRunnerOptions,
  jobs: JobEngine,
  now: () => number,
  log: (message: string) => void,
): MoveContext {
  const { config } = options;
  function targetClientOf(move: Move, beforeSend?: () => Promise<void>) {
    const credential = options.mover.targetCredential(move.target.credential);
    return {
      credential,
      client: createTargetClient({
        baseUrl: config.target.baseUrl,
        authorization: () => credential.authorization(),
        fetch: options.fetchTarget,
        bounds: jsonBounds(config),
        gate: options.mover.gates.target(credential.name),
        clockRate: upstreamClockRate(config, 'target'),
        ...(beforeSend ? { beforeSend } : {}),
      }),
    };
  }

  // A start is answered within seconds: its own bound keeps a lost answer's lookup within ~25 s (not 60 + 5).
  const startTotalMs = Math.min(config.upstreamTotalMs, START_TOTAL_MS);
  const startBounds = {
    ...jsonBounds(config),
    headersMs: Math.min(config.upstreamTimeoutMs, startTotalMs),
    totalMs: startTotalMs,
  };

  return {
    moves: options.moves,
    waves: options.waves,
    jobs,
    target(move: Move, count: TargetCount) {
      const { credential, client } = targetClientOf(move);
      // Each GEI request is charged to the move before it leaves, so a gateway killed while it waits for GitHub's
      // answer leaves it counted, as GitHub counted it; the answer then adds the points it said beyond one.
      const charged = targetClientOf(move, async () => {
        await options.moves.update(move.id, (current) =>
          applyMoveEvent(
            current,
            { type: 'requests', target: 1, targetPoints: 1 },
            new Date(now()).toISOString(),
          ),
        );
      }).client;
      return {
        count,
        client,
        ops: createGeiOperations(charged, {
          onRequest: (points) => {
            count.points += (points ?? 1) - 1;
          },
          startBounds,
        }),
        token: async () => tokenOf(await credential.authorization()),
        authorization: () => credential.authorization(),
      };
    },
    sourceToken: async (move) =>
      tokenOf(await options.mover.sourceCredential(move.source.credential).authorization()),
    sourceUrl: (move, name) => sourceWebUrl(config.github.baseUrl, move.source.login, name),
    async validate(move, repositories) {
      const source = options.mover.sourceCredential(move.source.credential);
      const sourceClient = createTargetClient({
        baseUrl: sourceGraphqlBase(config.github.baseUrl),
        authorization: () => source.authorization(),
        fetch: options.fetchGithub,
        bounds: jsonBounds(config),
        // GraphQL and REST of one source account share its limits (the wave's client holds the same gate).
        gate: options.mover.gates.source(source.name),
        clockRate: upstreamClockRate(config, 'github'),
        side: 'the source',
      });
      return validateMove({
        source: { owner: move.source.login, post: graphqlPostOf(sourceClient), protectedBranches: true },
        target: {
          owner: move.target.login,
          post: graphqlPostOf(targetClientOf(move).client),
          protectedBranches: true,
        },
        repositories,
        releasesMigrated: true,
      });
    },
    async upload({ move, file, name, resume, onPart, signal }) {
      const { credential } = targetClientOf(move);
      const gate = options.mover.gates.target(credential.name);
      return uploadArchive({
        // GitHub's "wait" holds the account's uploads too (the move-team bench saw 24 inside a retry-after).
        beforeRequest: () => whileHeld(gate, signal),
        file,
        name,
        orgDatabaseId: move.target.databaseId ?? 0,
        uploadsUrl: config.target.uploadsUrl,
        authorization: await credential.authorization(),
        fetch: options.fetchTarget,
        bounds: archiveBounds(config),
        ...(options.partBytes ? { partBytes: options.partBytes } : {}),
        ...(resume ? { resume } : {}),
        ...(signal ? { signal } : {}),
        onPart,
      });
    },
    // GitHub keeps the log 24 hours: saved beside the archive when the import ends (no credentials sent).
    async saveLog({ url, file }) {
      const saved = await saveMigrationLog({
        url,
        file,
        fetch: options.fetchTarget,
        bounds: jsonBounds(config),
        check: options.checkLog,
      });
      if (saved.saved) return { file: saved.file };
      log(`a migration log was not saved (${saved.reason}): ${saved.message}`);
      return { retry: saved.retry };
    },
    pollMs: options.pollMs ?? { min: 15_000, max: 60_000 },
    exportLookMs: options.exportLookMs ?? 5_000,
    startBoundMs: startTotalMs + 5_000,
    now,
    log,
  };
}

/** Waits (abortably) while GitHub holds the account, by this gateway's word or another's. */
async function whileHeld(gate: AccountGate, signal: AbortSignal | undefined): Promise<void> {
  for (let held = await gate.heldMs(); held > 0; held = await gate.heldMs()) {
    signal?.throwIfAborted();
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, Math.min(held, 60_000));
      signal?.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
    });
  }
  signal?.throwIfAborted();
}
