import type { AccountBudget, PlanAccountCost } from '@/contracts/budgets';
import type {
  BatchState,
  PlannedBatch,
  PlannedRepo,
  WaveCaps,
  WaveExportOptions,
  WaveFilters,
  Wave,
  WavePreview,
} from '@/contracts/waves';
import { namePredicate } from './name-glob';

/**
 * The wave planner: pure functions from the owner's repositories and the user's choices to batches and a
 * preview. No I/O, so every rule here is unit-tested.
 */

/** Whether a name matches the user's pattern (see name-glob.ts: linear time, never a RegExp). */
export function matchesName(name: string, pattern: string | undefined): boolean {
  return namePredicate(pattern)(name);
}

function dayStart(value: string | undefined): number | undefined {
  if (!value) return undefined;
  const parsed = Date.parse(value);
  return Number.isNaN(parsed) ? undefined : parsed;
}

export function filterRepos(repos: PlannedRepo[], filters: WaveFilters): PlannedRepo[] {
  const languages = new Set((filters.languages ?? []).map((language) => language.toLowerCase()));
  const after = dayStart(filters.pushedAfter);
  const before = dayStart(filters.pushedBefore);
  const nameMatches = namePredicate(filters.namePattern);
  return repos.filter((repo) => {
    if (!nameMatches(repo.name)) return false;
    if (languages.size > 0 && !languages.has((repo.language ?? 'none').toLowerCase())) return false;
    if (filters.visibility && filters.visibility !== 'all' && repo.visibility !== filters.visibility)
      return false;
    if (filters.archived === 'exclude' && repo.archived) return false;
    if (filters.archived === 'only' && !repo.archived) return false;
    if (filters.minSizeKb !== undefined && repo.sizeKb < filters.minSizeKb) return false;
    if (filters.maxSizeKb !== undefined && repo.sizeKb > filters.maxSizeKb) return false;
    const pushed = repo.pushedAt ? Date.parse(repo.pushedAt) : undefined;
    if (after !== undefined && (pushed === undefined || pushed < after)) return false;
    if (before !== undefined && (pushed === undefined || pushed >= before)) return false;
    return true;
  });
}

/**
 * Batches in the repositories' order, closed when the next repository would pass either cap. A repository
 * larger than the size cap on its own gets a batch of its own (it cannot be split).
 */
export function planBatches(
  repos: PlannedRepo[],
  caps: Pick<WaveCaps, 'maxRepos' | 'maxSizeKb'>,
): PlannedBatch[] {
  const batches: PlannedBatch[] = [];
  let current: PlannedBatch = { repos: [], sizeKb: 0 };
  for (const repo of repos) {
    const full =
      current.repos.length >= caps.maxRepos ||
      (current.repos.length > 0 && current.sizeKb + repo.sizeKb > caps.maxSizeKb);
    if (full) {
      batches.push(current);
      current = { repos: [], sizeKb: 0 };
    }
    current.repos.push(repo.name);
    current.sizeKb += repo.sizeKb;
  }
  if (current.repos.length > 0) batches.push(current);
  return batches;
}

/**
 * The user's own arrangement of the selection (moved in the preview), checked: every selected repository in
 * exactly one batch, nothing else; sizes from the listing. A string says what is wrong.
 */
export function arrangedBatches(selected: PlannedRepo[], arrangement: string[][]): PlannedBatch[] | string {
  const byName = new Map(selected.map((repo) => [repo.name.toLowerCase(), repo]));
  const placed = new Set<string>();
  const batches: PlannedBatch[] = [];
  for (const names of arrangement) {
    const batch: PlannedBatch = { repos: [], sizeKb: 0 };
    for (const name of names) {
      const key = name.toLowerCase();
      const repo = byName.get(key);
      if (!repo) return `${name} is not among the repositories these filters select.`;
      if (placed.has(key)) return `${name} is in two batches.`;
      placed.add(key);
      batch.repos.push(repo.name);
      batch.sizeKb += repo.sizeKb;
    }
    if (batch.repos.length > 0) batches.push(batch);
  }
  const missing = selected.filter((repo) => !placed.has(repo.name.toLowerCase()));
  if (missing.length > 0) {
    const named = missing
      .slice(0, 3)
      .map((repo) => repo.name)
      .join(', ');
    return `${missing.length} selected ${missing.length === 1 ? 'repository is' : 'repositories are'} in no batch (${named}).`;
  }
  return batches;
}

/**
 * Export duration model, in seconds: what GitHub-sized exports take (a fixed part, per repository, per MB). The
 * runner scales it by what it observes (`speedFactor`: observed seconds per modelled second).
 */
export function modelledExportSeconds(batch: PlannedBatch): number {
  return 20 + 5 * batch.repos.length + batch.sizeKb / 25_600;
}

export const PER_PAGE = 100;
/**
 * Requests a batch costs when its export succeeds: the start, the status checks that see a change (one if
 * the first check already sees it finished, three if it sees pending, exporting, exported), the archive link.
 */
export const REQUESTS_PER_BATCH = 3;
export const REQUESTS_PER_BATCH_MAX = 5;

export function preview(
  listed: PlannedRepo[],
  filters: WaveFilters,
  caps: WaveCaps,
  options: WaveExportOptions,
  speedFactor = 1,
): WavePreview {
  const selected = filterRepos(listed, filters);
  const batches = planBatches(selected, caps);
  const listing = Math.max(1, Math.ceil(listed.length / PER_PAGE));
  const extras =
    (options.deleteAfterDownload ? batches.length : 0) +
    (options.lockRepositories && options.unlockWhenVerified ? selected.length : 0);
  const perBatch = REQUESTS_PER_BATCH * batches.length;
  const perBatchMax = REQUESTS_PER_BATCH_MAX * batches.length;
  // K exports at once: the wave lasts about the sum of the batches' durations divided by K.
  const exportSeconds = batches.reduce((total, batch) => total + modelledExportSeconds(batch), 0);
  return {
    listed: listed.length,
    selected: selected.length,
    selectedSizeKb: selected.reduce((total, repo) => total + repo.sizeKb, 0),
    batches,
    requests: {
      listing,
      perBatch,
      perBatchMax,
      extras,
      total: listing + perBatch + extras,
      totalMax: listing + perBatchMax + extras,
    },
    estimatedSeconds: Math.round((exportSeconds * speedFactor) / Math.max(1, caps.concurrency)),
  };
}

/** Of a batch's requests (start, status checks, archive link), those still to come in each state. */
const OWED_BY_STATE: Partial<Record<BatchState, number>> = {
  queued: REQUESTS_PER_BATCH,
  starting: REQUESTS_PER_BATCH,
  failed: REQUESTS_PER_BATCH,
  exporting: REQUESTS_PER_BATCH - 1,
  downloading: 0,
  verifying: 0,
};

/** Requests an unfinished wave should still make: its batches' rest, and the unlocks and deletions to come. */
export function requestsOwed(wave: Wave): number {
  if (wave.state !== 'running' && wave.state !== 'paused') return 0;
  return wave.batches.reduce((total, batch) => {
    const rest = OWED_BY_STATE[batch.state];
    if (rest === undefined) return total;
    const unlocks = wave.options.lockRepositories && wave.options.unlockWhenVerified ? batch.repos.length : 0;
    return total + rest + unlocks + (wave.options.deleteAfterDownload ? 1 : 0);
  }, 0);
}

/**
 * What a plan costs the account its credential spends. GitHub counts per user, so every unfinished wave on
 * any of the user's tokens draws on the same budget: what they still owe is set against it with the plan.
 */
export function accountCost(
  requests: WavePreview['requests'],
  budget: AccountBudget,
  waves: readonly Wave[],
): PlanAccountCost {
  const spends = (wave: Wave) =>
    wave.options.credential === undefined
      ? budget.includesDefault
      : budget.credentials.includes(wave.options.credential);
  const others = waves.filter((wave) => spends(wave) && requestsOwed(wave) > 0);
  const owed = others.reduce((total, wave) => total + requestsOwed(wave), 0);
  return {
    account: budget.account,
    credentials: budget.credentials,
    otherWaves: others.length,
    owed,
    remaining: budget.remaining,
    leftAfter: budget.remaining === undefined ? undefined : budget.remaining - owed - requests.totalMax,
    reset: budget.reset,
  };
}
