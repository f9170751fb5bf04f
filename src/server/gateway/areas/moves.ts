import type { Move } from '@/contracts/move-run';
import { moveEvents } from '@/server/alerts/move-events';
import { LOCAL_ACTOR } from '@/server/audit/actor';
import { accountGraphqlBudget } from '@/server/credentials/account-budget';
import { createMover } from '@/server/moves/mover';
import { createMoveRoutes } from '@/server/moves/routes';
import { moveAuditEntries } from '@/server/moves/run/move-audit';
import { createMoveRunner, type MoveRunner } from '@/server/moves/run/move-runner';
import type { MoveStore } from '@/server/store/move-store';
import type { Area } from '../area';
import type { GatewayServices } from '../services';

/** Moves in a store opened on first use (component tests) or already open. */
function lazyMoveStore(store: NonNullable<GatewayServices['storeAccess']>): MoveStore {
  return {
    list: async () => (await store()).moves.list(),
    get: async (id: string) => (await store()).moves.get(id),
    save: async (move: Move) => (await store()).moves.save(move),
    update: async (id, change) => (await store()).moves.update(id, change),
  };
}

/** The store, telling `onChange` what each write changed (as read in the same transaction), as waves do. */
function watchedMoveStore(store: MoveStore, onChange: (before: Move, after: Move) => void) {
  return {
    ...store,
    async update(id: string, change: (move: Move) => Move) {
      let before: Move | undefined;
      const after = await store.update(id, (current) => {
        before = current;
        return change(current);
      });
      if (before && after && before !== after) onChange(before, after);
      return after;
    },
  };
}

/**
 * `/api/moves/*`: a move of an organization into GitHub.com (issue 36): the plan (`POST /api/moves/preview`),
 * and with a store, the run — jobs on the engine the waves use, the exports a wave's batches of one.
 */
export function movesArea(services: GatewayServices): Area {
  const { config, credentials, upstreams, secrets, waves, storeAccess, jobs, alerts } = services;
  const mover = createMover({
    config,
    credentials,
    secrets,
    fetchGithub: upstreams.github,
    fetchTarget: upstreams.target,
    sourceBudget: waves && ((credential, requests) => waves.accountCost(credential, requests)),
    // As the REST budget: with a store (the minute `/rate_limit` sample reads every credential's `graphql`).
    sourceGraphqlBudget:
      waves &&
      (async (credential) =>
        accountGraphqlBudget(await credentials.accounts(), services.recorder.latest(), credential)),
    limits: services.limits,
    // The inventory is kept in the team's store (every gateway uses one read); without one, by this process.
    ...(storeAccess ? { inventories: async () => (await storeAccess()).inventories } : {}),
  });
  const runner: MoveRunner | undefined =
    waves && storeAccess && jobs
      ? createMoveRunner({
          config,
          // Repositories done, failed or not validating, and the move's end, go to the alert targets; what its
          // jobs did on GitHub goes to the audit log as the person who started it (issue 51).
          moves: watchedMoveStore(lazyMoveStore(storeAccess), (before, after) => {
            if (alerts) for (const event of moveEvents(before, after, new Date())) void alerts.emit(event);
            const actor = after.startedBy ?? LOCAL_ACTOR;
            for (const entry of moveAuditEntries(before, after))
              void services.audit.auditFor(actor, entry.action, entry.target, entry.outcome);
          }),
          waves,
          mover,
          jobs: jobs.engine,
          fetchGithub: upstreams.github,
          fetchTarget: upstreams.target,
          checkLog: services.handed.log,
          ...services.movePaces,
        })
      : undefined;
  let unsubscribe: (() => unknown) | undefined;
  return {
    name: 'moves',
    mount(app) {
      app.route('/api/moves', createMoveRoutes(mover, runner, { archiveDir: services.archiveDir }));
      // A reset simulator has other repositories: the listings kept for plans are dropped.
      unsubscribe = upstreams.simulator?.onChange((change) => {
        if (change === 'reset') mover.forget();
      });
    },
    start: () => runner?.start(),
    stop: async () => {
      unsubscribe?.();
      await runner?.stop();
    },
  };
}
