import { createHash, randomUUID } from 'node:crypto';
import type { AlertEvent, AlertResumeChoice } from '@/contracts/alerts';
import type { JobEngine } from '../jobs/job-engine';
import type { UpstreamFetch } from '../outbound/bounded-fetch';
import { ownAddressRefusal, refusingOwnAddress, type OwnAddress } from '../outbound/own-address';
import type { StoredTarget } from '../store/alerts';
import type { FerryStore } from '../store/ferry-store';
import type { SecretRegistry } from '../secret-registry';
import { deliverAlert, postAlert } from './deliver-alert';
import { secretsOfTarget } from './receiver-secrets';
import { ALERT_PAGES } from './alert-words';

export interface AlertsOptions {
  store: () => Promise<FerryStore>;
  jobs: () => Promise<JobEngine>;
  /** How deliveries reach receivers (the network: receivers are never the simulator). */
  fetch: UpstreamFetch;
  now?: () => Date;
  log?: (line: string) => void;
  /** Each delivery attempt's outcome (metrics). */
  onAttempt?: (result: 'delivered' | 'retried' | 'failed') => void;
  /** Where this gateway listens: a receiver there is Ferry itself, refused when added and when sent to. */
  own?: OwnAddress;
  /** Learns each target's secrets as targets are read, so no delivery answer or log shows them. */
  secrets?: SecretRegistry;
  /** `FERRY_PUBLIC_URL`: where people open Ferry; each alert links the page that shows what happened. */
  publicUrl?: string;
}

/** Targets are read at most this often when events come quickly (rate readings). */
const TARGETS_TTL_MS = 10_000;
/** Keys emitted lately, so a burst of the same happening costs no query (the store dedupes anyway). */
const RECENT_KEYS = 1_000;

/** The delivery of `key` to `target`: the same on every gateway, so the store keeps one. */
export const deliveryId = (targetId: string, key: string) =>
  `d-${createHash('sha256').update(`${targetId}\n${key}`).digest('hex').slice(0, 32)}`;

/**
 * Alerts for people away from the browser: an event is recorded as one delivery per subscribed target (before
 * anything is sent), and each delivery is a job of the engine (`alert-deliver`): retried with back-off, attempts
 * kept, never sent twice after a restart, never on a browser's request path.
 */
export function createAlerts(options: AlertsOptions) {
  const log = options.log ?? console.error;
  const now = options.now ?? (() => new Date());
  const own = options.own ?? { ports: new Set<number>() };
  const fetch = refusingOwnAddress(options.fetch, own);
  let targets: { at: number; list: StoredTarget[] } | undefined;
  const recent = new Set<string>();
  let engine: Promise<JobEngine> | undefined;

  const start = () => {
    engine ??= (async () => {
      const [jobs, store] = await Promise.all([options.jobs(), options.store()]);
      const context = {
        alerts: store.alerts,
        fetch,
        now,
        log,
        onAttempt: options.onAttempt,
        secrets: options.secrets,
        publicUrl: options.publicUrl,
        retry: (id: string, afterMs: number) =>
          jobs.send('alert-deliver', { deliveryId: id }, { key: id, afterMs }),
      };
      await jobs.work<{ deliveryId: string }>('alert-deliver', 2, (data) =>
        deliverAlert(context, data.deliveryId),
      );
      return jobs;
    })();
    const starting = engine;
    starting.catch(() => {
      if (engine === starting) engine = undefined;
    });
    return starting;
  };

  const currentTargets = async (): Promise<StoredTarget[]> => {
    if (targets && Date.now() - targets.at < TARGETS_TTL_MS) return targets.list;
    const list = await (await options.store()).alerts.targets();
    for (const target of list) options.secrets?.add(...secretsOfTarget(target));
    targets = { at: Date.now(), list };
    return list;
  };

  const targetsChanged = (): void => {
    targets = undefined;
    void currentTargets().catch(() => undefined);
  };

  const wants = (target: StoredTarget, event: AlertEvent) => {
    if (!target.events.includes(event.kind)) return false;
    if (event.kind !== 'rate-low') return true;
    const percent = event.data.percent;
    return typeof percent === 'number' && percent < target.rateThresholdPercent;
  };

  const send = async (id: string) => (await start()).send('alert-deliver', { deliveryId: id }, { key: id });

  /**
   * One delivery of `event` to `target`, sent now, or held if the target is paused (the store decides, on the
   * target's row as it is now: the list read here may be seconds old, or another gateway's Resume newer).
   */
  const deliver = async (target: StoredTarget, event: AlertEvent): Promise<void> => {
    const id = deliveryId(target.id, event.key);
    if ((await (await options.store()).alerts.record(id, target.id, event)) === 'pending') await send(id);
  };

  return {
    /** Take this gateway's share of deliveries (those left pending by a restart included). */
    start: () => start().then(() => undefined),

    /** Something happened: a delivery for every target that wants it. Never throws, never waits for a receiver. */
    async emit(event: AlertEvent): Promise<void> {
      if (recent.has(event.key)) return;
      try {
        for (const target of await currentTargets()) {
          if (!wants(target, event)) continue;
          await deliver(target, event);
        }
        recent.add(event.key);
        if (recent.size > RECENT_KEYS) recent.delete(recent.values().next().value!);
      } catch (error) {
        log(`[alerts] ${event.kind} not recorded: ${error instanceof Error ? error.message : String(error)}`);
      }
    },

    /**
     * An event about the store itself (it stopped answering): the store can neither list targets nor record a
     * delivery, so the targets last read are sent it directly, three tries each, and the outcome is only logged.
     */
    async emitPastStore(event: AlertEvent): Promise<void> {
      const known = targets?.list ?? [];
      await Promise.all(
        known
          .filter((target) => !target.paused && wants(target, event))
          .map(async (target) => {
            const id = deliveryId(target.id, event.key);
            for (let attempt = 0; attempt < 3; attempt++) {
              const outcome = await postAlert(fetch, target, id, event, now(), options.publicUrl);
              if (outcome.status !== undefined && outcome.status < 300 && outcome.status >= 200) return;
              await new Promise((resolve) => setTimeout(resolve, 2_000 * 2 ** attempt));
            }
            log(`[alerts] ${event.kind} could not reach ${target.name}`);
          }),
      );
    },

    /** "Send a test": one delivery to this target, paused or not. */
    async sendTest(target: StoredTarget): Promise<string> {
      const key = `test:${randomUUID()}`;
      const id = deliveryId(target.id, key);
      const event: AlertEvent = {
        kind: 'test',
        key,
        summary: `A test of the alert target “${target.name}”: alerts reach it.`,
        at: now().toISOString(),
        data: {},
        path: ALERT_PAGES.alerts,
      };
      if (await (await options.store()).alerts.addDelivery(id, target.id, event)) await send(id);
      return id;
    },

    /**
     * Resume a target: what it held while paused is sent (through the same deliveries, retries and redaction,
     * one job each in the order it happened) or discarded. Undefined when there is no such target.
     */
    async resume(targetId: string, choice: AlertResumeChoice) {
      const outcome = await (await options.store()).alerts.resume(targetId, choice);
      if (!outcome) return undefined;
      targetsChanged();
      for (const id of outcome.released) await send(id);
      return { sent: outcome.released.length, discarded: outcome.discarded };
    },

    /** Why a receiver URL is refused (it is Ferry itself), checked when a target is added. */
    receiverRefusal: (url: string) => ownAddressRefusal(new URL(url), own),

    /** Targets changed (added, removed, resumed): read them again (and learn their secrets at once). */
    targetsChanged,
  };
}

export type Alerts = ReturnType<typeof createAlerts>;
