import type { MoveStartRequest } from '@/contracts/move-run';
import type { MovePlanRequest, MovePreview } from '@/contracts/moves';

/**
 * Why "Start move" cannot be pressed, or undefined when it can: a move starts from a preview (the gateway
 * re-runs its pre-flight and moves only the repositories it finds ready), with every token able.
 */
export function startBlockedBecause(preview: MovePreview | undefined): string | undefined {
  if (!preview) return 'Preview first: a move starts with the repositories its preview finds ready.';
  const refused = preview.tokens.filter((token) => !token.ok);
  if (refused.length > 0)
    return `GitHub would refuse ${refused
      .map((token) => `the ${token.side} token “${token.credential}”: ${token.reason}`)
      .join('; ')}`;
  if (preview.ready === 0) return 'No repository of this plan is ready to move.';
  return undefined;
}

/** A trial's sample: every ready repository, or the largest few (the ones most likely to show trouble). */
export type TrialSample = 'all' | 'largest';
export const TRIAL_SAMPLE_SIZE = 10;

/**
 * The start of a trial of `planned`: the same plan narrowed to the sample (exact names: a repository name holds
 * no glob character), each chosen target name and visibility kept; `trial: true` (never locked, imported under
 * trial names, deleted once validated unless `keep`).
 */
export function trialRequest(
  planned: { request: MovePlanRequest; preview: MovePreview },
  sample: TrialSample,
  keep: boolean,
): MoveStartRequest {
  const flags = { trial: true, ...(keep ? { keepTrial: true } : {}) };
  // Every ready one: the plan as it is (the gateway's start moves the ready ones only).
  if (sample === 'all') return { ...planned.request, ...flags };
  const chosen = planned.preview.repositories
    .filter((repo) => repo.ready)
    .sort((a, b) => b.sizeKb - a.sizeKb || a.name.localeCompare(b.name))
    .slice(0, TRIAL_SAMPLE_SIZE);
  const names = new Set(chosen.map((repo) => repo.name.toLowerCase()));
  const choices = planned.request.repositories?.filter((choice) => names.has(choice.name.toLowerCase()));
  return {
    ...planned.request,
    filters: { ...planned.request.filters, namePattern: chosen.map((repo) => repo.name).join(' ') },
    ...(choices === undefined ? {} : { repositories: choices }),
    ...flags,
  };
}
