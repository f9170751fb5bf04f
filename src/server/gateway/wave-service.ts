import { defaultCredential } from '@/contracts/credentials';
import { githubOperation } from '@/contracts/github/operations';
import { waveEvents } from '../alerts/alert-events';
import type { Alerts } from '../alerts/alerts';
import type { GatewayConfig } from '../config';
import { accountBudget } from '../credentials/account-budget';
import { sourceGate, storeAccountLimits, type AccountLimits } from '../credentials/account-limits';
import type { Credentials } from '../credentials/credentials';
import type { JobEngine } from '../jobs/job-engine';
import type { UpstreamFetch } from '../outbound/bounded-fetch';
import { archiveBounds } from '../outbound/bounds';
import type { HandedUrlCheck } from '../outbound/handed-url';
import type { RateRecorder } from '../rate-recorder';
import type { FerryStore } from '../store/ferry-store';
import { createWaveRunner, type WaveRunner } from '../waves/runner';
import type { WaveRepository } from '../waves/wave-repository';
import { waveClients } from './wave-clients';

/** The wave runner over the store, GitHub and the archive folder (`ARCHIVE_DIR`, shared by a team). */
export function createWaveService(deps: {
  config: GatewayConfig;
  repository: WaveRepository;
  store: () => Promise<FerryStore>;
  jobs: () => Promise<JobEngine>;
  credentials: Credentials;
  recorder: RateRecorder;
  fetchGithub: UpstreamFetch;
  /** Where archive redirects may point (`handedUrlChecks(…).archive`). */
  checkStorage: HandedUrlCheck;
  archiveDir: string;
  alerts?: Alerts;
  /** Each account's hold and write slot, shared by the team (default: the store's). */
  limits?: AccountLimits;
}): WaveRunner {
  const { config, credentials, alerts } = deps;
  // One account's writes are spaced, and GitHub's "wait" kept, across the team: rows of the shared store.
  const limits = deps.limits ?? storeAccountLimits(deps.store);
  const gate = (name: string) => sourceGate(limits, credentials, name);
  return createWaveRunner({
    repository: deps.repository,
    ...waveClients(config, credentials, deps.fetchGithub, gate),
    accountBudget: async (credential) => {
      const fallback = defaultCredential(credentials.list, githubOperation('migrations/start-for-org'));
      const name = credential ?? fallback?.name;
      if (!name) return undefined;
      return accountBudget(await credentials.accounts(), deps.recorder.latest(), name, fallback?.name);
    },
    // Storage links carry their own signature: the downloader sends no credentials.
    fetchStorage: deps.fetchGithub,
    storageBounds: archiveBounds(config),
    checkStorage: deps.checkStorage,
    githubBaseUrl: config.github.baseUrl,
    archiveDir: deps.archiveDir,
    maxCheckMs: config.waveCheckMaxMs,
    // A request that reached GitHub is answered within seconds; the cap keeps a crashed start's retry prompt.
    startSettleMs: Math.min(config.upstreamTotalMs, 10_000),
    jobs: deps.jobs,
    onChange: alerts
      ? (before, after) => {
          for (const event of waveEvents(before, after, new Date())) void alerts.emit(event);
        }
      : undefined,
  });
}

/** A store opened on first use (component tests) serves waves through the same interface. */
export function lazyWaveRepository(store: () => Promise<FerryStore>): WaveRepository {
  return {
    list: async () => (await store()).waves.list(),
    get: async (id) => (await store()).waves.get(id),
    save: async (wave) => (await store()).waves.save(wave),
    update: async (id, change) => (await store()).waves.update(id, change),
  };
}
