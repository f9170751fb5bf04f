import type { Actor } from '@/contracts/session';
import type { Move, MoveStartRequest } from '@/contracts/move-run';
import type { MovePreview } from '@/contracts/moves';
import type { WavePlanRequest } from '@/contracts/waves';
import { parsePlanRequest } from '@/server/waves/routes';
import { MoveInputError } from '../move-input-error';

/** A move's exports: locked, left locked until its validation passed (the move unlocks), nothing left out. */
const EXPORT_OPTIONS = (() => {
  const wave = parsePlanRequest({
    owner: { kind: 'org', login: 'move' },
    options: { lockRepositories: true, unlockWhenVerified: false },
  });
  if ('error' in wave) throw new Error(wave.error);
  return wave.options;
})();

/**
 * What a preview allows to start: only the ready repositories; none, or a token either side refuses, is the
 * user's to fix (422 with the reason, GitHub's words where it gave them). Nothing has been started then.
 */
export function readyToMove(preview: MovePreview): MovePreview['repositories'] {
  const refused = preview.tokens.find((token) => !token.ok);
  if (refused)
    throw new MoveInputError(
      `The ${refused.side} credential ${refused.credential} cannot move: ${refused.reason}`,
    );
  const ready = preview.repositories.filter((repo) => repo.ready);
  if (ready.length === 0)
    throw new MoveInputError('No repository is ready to move: see each one’s pre-flight checks.');
  return ready;
}

/** The wave that exports a move's ready repositories: one per archive (GEI's rule), the source credential. */
export function moveWaveRequest(request: MoveStartRequest, preview: MovePreview): WavePlanRequest {
  const names = readyToMove(preview).map((repo) => repo.name);
  return {
    owner: { kind: 'org', login: request.source.login },
    // Exactly these names (repository names hold no glob character): the batches below cover the selection.
    filters: { namePattern: names.join(' ') },
    caps: { maxRepos: 1, maxSizeKb: request.caps.maxSizeKb, concurrency: request.caps.concurrency },
    // A trial exports without locking: its sources stay as they are, used as ever.
    options: { ...EXPORT_OPTIONS, lockRepositories: !request.trial, credential: preview.source.credential },
    batches: names.map((name) => [name]),
  };
}

/** The move as first written: every ready repository waiting for its export; the pre-flight's requests counted. */
export function newMove(input: {
  id: string;
  at: string;
  request: MoveStartRequest;
  preview: MovePreview;
  waveId: string;
  /** A trial move's target-name suffix (the preview planned under it). */
  trialSuffix?: string;
  /** Who started it (the signed-in person, or `local`). */
  startedBy?: Actor;
}): Move {
  const { preview, request } = input;
  const ready = readyToMove(preview);
  const { organization } = preview.target;
  if (!organization) throw new MoveInputError(`No organization ${preview.target.login} on the target.`);
  // What the pre-flight this start ran again sent, as it counted it: the listing (unless kept) and the target's reads.
  const { requests } = preview;
  return {
    id: input.id,
    createdAt: input.at,
    updatedAt: input.at,
    state: 'running',
    source: { kind: 'org', login: preview.source.login, credential: preview.source.credential },
    target: {
      login: preview.target.login,
      credential: preview.target.credential,
      organizationId: organization.id,
      databaseId: organization.databaseId,
    },
    request,
    afterValidation: request.afterValidation ?? 'unlock',
    ...(request.trial && input.trialSuffix
      ? { trial: { suffix: input.trialSuffix, keep: request.keepTrial === true } }
      : {}),
    waveId: input.waveId,
    ...(input.startedBy ? { startedBy: input.startedBy } : {}),
    repositories: ready.map((repo) => ({
      name: repo.name,
      targetName: repo.targetName,
      visibility: repo.visibility,
      step: 'waiting',
      updatedAt: input.at,
    })),
    requests: {
      source: requests.source,
      sourcePreflight: requests.source,
      target: requests.target,
      targetPoints: requests.targetGraphql,
    },
  };
}
