import type { ExecuteSql } from '@/server/store/open-store';

/**
 * Leases on the jobs a gateway holds, so a dead gateway's work comes back in seconds rather than at its expiry
 * (90 s for a step, hours for a download). pg-boss 10 has no heartbeat: a job is `active` from its `started_on`
 * until `started_on + expire_in`. A live worker renews its lease by moving `started_on` to now every
 * `renewMs`; every gateway's sweep hands back (`retry`, due at once) an active job whose lease is older than
 * `leaseSeconds` — its holder stopped renewing, so it is dead or cut off from the store.
 *
 * One step at a time: the holder renews well inside the lease (a third of it), and fences itself — the job's
 * `signal` aborts — as soon as a renewal finds the job no longer its own, or when renewals have failed for so
 * long that the others may take it. A job is renewed no longer than its own expiry allows (`expire_in` from when
 * it was taken): a handler stuck past it is handed back as before.
 */
export interface LeaseSettings {
  /** An active job whose holder has not renewed it for this long is handed back. */
  leaseSeconds: number;
  /** How often a holder renews, and how often the sweep looks. */
  renewMs: number;
}

/** 15 s lease, renewed every 5 s, swept every 5 s: a dead gateway's job is due again ≤ 20 s after it died. */
export const DEFAULT_LEASES: LeaseSettings = { leaseSeconds: 15, renewMs: 5_000 };

export interface Held {
  /** Aborts when this gateway may no longer be the job's only holder. */
  signal: AbortSignal;
  /** Resolves when this gateway, stopping, has handed the job back to the team (`handBack`). */
  handedBack: Promise<void>;
  release(): void;
}

interface Holding {
  queue: string;
  id: string;
  begun: Date;
  renewedAt: number;
  abort: AbortController;
  handedBack: () => void;
}

export function createLeases(
  executeSql: ExecuteSql,
  settings: LeaseSettings,
  log: (line: string) => void,
  now: () => number = Date.now,
) {
  const held = new Map<string, Holding>();
  const handed = new Set<string>();
  let timer: ReturnType<typeof setInterval> | undefined;
  let ticking = false;
  /** When this gateway last held a job (`now()`), for `start`'s `onlyOwn`. */
  let lastHeld = now();

  const fence = (holding: Holding, why: string) => {
    held.delete(holding.id);
    log(`${holding.queue} job ${holding.id}: ${why}; stopped here`);
    holding.abort.abort(new Error(`The job's lease was lost (${why}).`));
  };

  async function renew() {
    if (held.size === 0) return;
    const holdings = [...held.values()];
    try {
      const { rows } = await executeSql(RENEW_SQL, [
        holdings.map((h) => h.queue),
        holdings.map((h) => h.id),
        holdings.map((h) => h.begun.toISOString()),
      ]);
      const renewed = new Set((rows as { id: string }[]).map((row) => row.id));
      const at = now();
      for (const holding of holdings) {
        if (!held.has(holding.id)) continue;
        if (renewed.has(holding.id)) holding.renewedAt = at;
        else fence(holding, 'it is no longer this gateway’s, or ran past its expiry');
      }
    } catch (error) {
      const limit = settings.leaseSeconds * 1_000 - settings.renewMs;
      for (const holding of holdings) {
        if (held.has(holding.id) && now() - holding.renewedAt > limit) {
          fence(holding, `renewals failed (${error instanceof Error ? error.message : String(error)})`);
        }
      }
    }
  }

  async function sweep(queues: readonly string[]) {
    const { rows } = await executeSql(SWEEP_SQL, [queues, settings.leaseSeconds]);
    for (const row of rows as { name: string; id: string; state: string }[]) {
      log(
        `${row.name} job ${row.id}: its gateway stopped renewing it; ${row.state === 'retry' ? 'due again now' : 'failed (no retry left)'}`,
      );
    }
  }

  return {
    /** This gateway now holds job `id` of `queue`, taken at `begun` (the store's `started_on`). */
    hold(queue: string, id: string, begun: Date): Held {
      let handedBack!: () => void;
      const given = new Promise<void>((resolve) => {
        handedBack = resolve;
      });
      const holding: Holding = {
        queue,
        id,
        begun,
        renewedAt: now(),
        abort: new AbortController(),
        handedBack,
      };
      held.set(id, holding);
      lastHeld = now();
      return {
        signal: holding.abort.signal,
        handedBack: given,
        release: () => {
          if (held.get(id) === holding) held.delete(id);
          lastHeld = now();
        },
      };
    },
    /**
     * Renew what this gateway holds and hand back what dead ones held, every `renewMs`. `onlyOwn`: no other
     * gateway uses the store (the embedded one), so only a job of this one can need handing back — one whose
     * outcome was not written — and none can once it has held nothing for a lease and two sweeps: an idle
     * gateway sends no sweep then.
     */
    start(queues: readonly string[], onlyOwn = false) {
      const quiet = () =>
        onlyOwn && held.size === 0 && now() - lastHeld > settings.leaseSeconds * 1_000 + 2 * settings.renewMs;
      timer = setInterval(() => {
        if (ticking) return;
        ticking = true;
        void Promise.all([
          renew(),
          quiet()
            ? undefined
            : sweep(queues).catch((error: unknown) =>
                log(`lease sweep failed: ${error instanceof Error ? error.message : String(error)}`),
              ),
        ]).finally(() => {
          ticking = false;
        });
      }, settings.renewMs);
      timer.unref();
    },
    /**
     * This gateway stops: every job it still holds goes back to the team, due at once (another gateway takes it,
     * or this store's next process), and its signal aborts. Returns how many were handed back. From here on its
     * worker's outcome is not written (`wasHandedBack`): by then another gateway may hold the job.
     */
    async handBack(): Promise<number> {
      const holdings = [...held.values()];
      held.clear();
      if (holdings.length === 0) return 0;
      for (const holding of holdings) handed.add(holding.id);
      // Unreachable store: the job stays active, unrenewed, and another gateway's sweep hands it back.
      const { rows } = await executeSql(HAND_BACK_SQL, [
        holdings.map((h) => h.queue),
        holdings.map((h) => h.id),
      ]).catch((error: unknown) => {
        log(`jobs in hand not handed back (${error instanceof Error ? error.message : String(error)})`);
        return { rows: [] };
      });
      for (const holding of holdings) {
        holding.abort.abort(new Error('This gateway is stopping: the job was handed back to the team.'));
        holding.handedBack();
      }
      return rows.length;
    },
    wasHandedBack: (id: string) => handed.has(id),
    stop() {
      clearInterval(timer);
      held.clear();
    },
    renew,
    sweep,
  };
}

/** Renew the caller's active jobs, each no longer than its own expiry from when it was taken. */
const RENEW_SQL = `
  UPDATE pgboss.job j SET started_on = now()
  FROM unnest($1::text[], $2::uuid[], $3::timestamptz[]) AS h(name, id, begun)
  WHERE j.name = h.name AND j.id = h.id AND j.state = 'active' AND h.begun + j.expire_in > now()
  RETURNING j.id::text AS id`;

/** A stopping gateway's jobs, due again at once; the attempt counts (a step retried adopts what it started). */
const HAND_BACK_SQL = `
  UPDATE pgboss.job j SET state = 'retry', start_after = now(),
    output = '{"message": "its gateway stopped and handed the job back"}'::jsonb
  FROM unnest($1::text[], $2::uuid[]) AS h(name, id)
  WHERE j.name = h.name AND j.id = h.id AND j.state = 'active'
  RETURNING j.id::text AS id`;

/**
 * Hand back active jobs whose lease ran out: due at once (`retry`; pg-boss counts the attempt when it is taken
 * again), or `failed` when no retry is left, as pg-boss's own expiry does.
 */
const SWEEP_SQL = `
  UPDATE pgboss.job SET
    state = CASE WHEN retry_count < retry_limit THEN 'retry' ELSE 'failed' END::pgboss.job_state,
    start_after = now(),
    completed_on = CASE WHEN retry_count < retry_limit THEN NULL ELSE now() END,
    output = '{"message": "its gateway stopped renewing the job''s lease"}'::jsonb
  WHERE name = ANY($1::text[]) AND state = 'active' AND started_on < now() - $2::int * interval '1 second'
  RETURNING name, id::text AS id, state::text AS state`;
