import type { GraphqlRateLimit } from '@/contracts/github/gei';
import type { CostRange, MoveCost } from '@/contracts/moves';
import type { WavePreview } from '@/contracts/waves';
import { NAMES_PER_QUERY } from './target-client';
import { POINTS_PER_COUNT_QUERY, REPOSITORIES_PER_COUNT_QUERY } from './validation/count-query';

/**
 * A move's cost before it starts, pure, per account that pays (the source's token, the target's token), as
 * ranges like the wave preview's. The source's REST figure is the wave planner's arithmetic for batches of
 * one repository (`preview()` in src/server/waves/planner.ts: listing, then per export a start, its status
 * checks and the archive link, then the unlocks); this adds GEI's side.
 */

/** GitHub runs at most 5 repository imports of one organization at once; the rest wait queued. */
export const IMPORTS_IN_PROGRESS_PER_ORG = 5;
/** Status polls: one request for all running imports, every 15 s at most and 60 s at least. */
export const POLL_SECONDS: CostRange = { min: 15, max: 60 };

/**
 * One import's duration: no published figures (whole-move.md §2.2: "a small repo ~2.5 min", "a 17-repository
 * batch took 27 min" at 5 at once ≈ 8 min each). From 150 s + 1 s per 10 MiB to 480 s + 1 s per MiB.
 */
export function importSeconds(sizeKb: number): CostRange {
  return { min: 150 + sizeKb / 10_240, max: 480 + sizeKb / 1_024 };
}

/** Seconds for every import at GitHub's 5 in progress: the work spread over 5 slots, never under the longest one. */
export function importPhaseSeconds(sizesKb: readonly number[]): CostRange {
  const each = sizesKb.map(importSeconds);
  const spread = (pick: (range: CostRange) => number) =>
    Math.max(
      each.reduce((total, range) => total + pick(range), 0) / IMPORTS_IN_PROGRESS_PER_ORG,
      ...each.map(pick),
      0,
    );
  return { min: Math.round(spread((r) => r.min)), max: Math.round(spread((r) => r.max)) };
}

export function moveCost(input: {
  sizesKb: readonly number[];
  /** The wave planner's requests and export duration for the same repositories in batches of one. */
  exports: Pick<WavePreview, 'requests' | 'estimatedSeconds'>;
  sourceCredential: string;
  targetCredential: string;
  /** The target account's points as the pre-flight read them. */
  targetBudget?: GraphqlRateLimit;
  /** The source account's GraphQL points as last read (no request of the preview's own). */
  sourceGraphqlBudget?: Pick<GraphqlRateLimit, 'limit' | 'remaining' | 'resetAt'>;
}): MoveCost {
  const n = input.sizesKb.length;
  const imports = importPhaseSeconds(input.sizesKb);
  // The import phase is polled once per interval, one request for all running imports.
  const statusPolls = {
    min: n === 0 ? 0 : Math.ceil(imports.min / POLL_SECONDS.max),
    max: n === 0 ? 0 : Math.ceil(imports.max / POLL_SECONDS.min),
  };
  const validation = Math.ceil(n / REPOSITORIES_PER_COUNT_QUERY);
  // Before the starts, the run checks again: the organization (with GEI's token check) and the names.
  const preflight = n === 0 ? 0 : 1 + Math.ceil(n / NAMES_PER_QUERY);
  // One migration source for the move, then one start per repository.
  const starts = n === 0 ? 0 : 1 + n;
  const fixed = preflight + starts + validation;
  const exportSeconds = input.exports.estimatedSeconds;
  return {
    source: {
      credential: input.sourceCredential,
      restRequests: { min: input.exports.requests.total, max: input.exports.requests.totalMax },
      graphqlRequests: { min: validation, max: validation },
      ...(input.sourceGraphqlBudget
        ? {
            graphqlBudget: {
              limit: input.sourceGraphqlBudget.limit,
              remaining: input.sourceGraphqlBudget.remaining,
              resetAt: input.sourceGraphqlBudget.resetAt,
              // Validation's queries on the source, each GitHub's floor of 1 point.
              leftAfter: input.sourceGraphqlBudget.remaining - validation * POINTS_PER_COUNT_QUERY,
            },
          }
        : {}),
    },
    target: {
      credential: input.targetCredential,
      graphqlPoints: { min: fixed + statusPolls.min, max: fixed + statusPolls.max },
      parts: { preflight, starts, statusPolls, validation },
      importChargeMin: n,
      ...(input.targetBudget
        ? {
            budget: {
              limit: input.targetBudget.limit,
              remaining: input.targetBudget.remaining,
              resetAt: input.targetBudget.resetAt,
              leftAfterMax: input.targetBudget.remaining - (fixed + statusPolls.max) - n,
            },
          }
        : {}),
    },
    seconds:
      n === 0
        ? { min: 0, max: 0 }
        : // Exports and imports overlap at best; at worst one waits for the other.
          { min: Math.max(exportSeconds, imports.min), max: exportSeconds + imports.max },
  };
}
