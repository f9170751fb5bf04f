import type { Wave, WaveBatch, WaveExportOptions, WavePlanRequest } from '@/contracts/waves';

/**
 * Waves for tests and benches, built from defaults with the parts a test cares about overridden: one place
 * for the shape, so a new field is added once.
 */
export const NO_EXPORT_OPTIONS: WaveExportOptions = {
  lockRepositories: false,
  excludeMetadata: false,
  excludeGitData: false,
  excludeAttachments: false,
  excludeReleases: false,
  excludeOwnerProjects: false,
  unlockWhenVerified: false,
  deleteAfterDownload: false,
};

export interface WavePlanOverrides extends Partial<Omit<WavePlanRequest, 'options' | 'caps'>> {
  caps?: Partial<WavePlanRequest['caps']>;
  options?: Partial<WaveExportOptions>;
}

/** A plan for `big-org` in batches of 25, exports without options, unless told otherwise. */
export function buildWavePlan(overrides: WavePlanOverrides = {}): WavePlanRequest {
  return {
    owner: { kind: 'org', login: 'big-org' },
    filters: {},
    ...overrides,
    caps: { maxRepos: 25, maxSizeKb: 100 * 1024 * 1024, concurrency: 2, ...overrides.caps },
    options: { ...NO_EXPORT_OPTIONS, ...overrides.options },
  };
}

/** A wave as the store keeps it, its batches verified unless told otherwise. */
export function buildWave(batches: Partial<WaveBatch>[] = [], overrides: Partial<Wave> = {}): Wave {
  const plan = buildWavePlan({ owner: { kind: 'org', login: 'octo-org' } });
  return {
    id: 'w-1',
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    state: 'completed',
    owner: plan.owner,
    filters: plan.filters,
    caps: { maxRepos: 10, maxSizeKb: 1_000, concurrency: 1 },
    options: plan.options,
    batches: batches.map((batch, index) => ({
      id: index + 1,
      repos: [],
      sizeKb: 1,
      state: 'verified',
      attempts: 1,
      ...batch,
    })),
    isolated: [],
    startsSent: 0,
    requests: 0,
    ...overrides,
  };
}
