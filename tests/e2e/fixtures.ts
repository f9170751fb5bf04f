import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';
import { SIM_INTENT_HEADER, type SimChange } from '../../src/contracts/sim-control';

type Scenario = 'demo' | 'quiet' | 'rate-limit-disabled' | 'strict-preview' | 'imports-retired' | 'big-org';

/** A fault rule as `POST /__sim/faults` takes it (see docs/reliability.md and src/simulator/faults). */
export interface FaultRule {
  kind:
    | 'latency'
    | 'status'
    | 'drop'
    | 'malformed-json'
    | 'truncated-json'
    | 'primary-rate-limit'
    | 'secondary-rate-limit'
    | 'registrar-503-burst';
  id?: string;
  upstream?: 'github' | 'registrar';
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Relative to the upstream's API root: `rate_limit`, `orgs/* /migrations`, `repos/**`. */
  path?: string;
  status?: 500 | 502 | 503;
  html?: boolean;
  latencyMs?: number;
  resetInSeconds?: number;
  retryAfterSeconds?: number;
  count?: number;
  probability?: number;
  ttlSeconds?: number;
}

interface SimControl {
  reset(scenario?: Scenario): Promise<void>;
  advance(seconds: number): Promise<void>;
  /** Add fault rules; returns their ids. */
  fault(...rules: FaultRule[]): Promise<string[]>;
  /** How many requests each fault rule has hit so far, by id. */
  faultHits(): Promise<Record<string, number>>;
  clearFaults(): Promise<void>;
}

/** The header each change to the simulated world must carry (a request Ferry sends never does). */
const intent = (change: SimChange) => ({ [SIM_INTENT_HEADER]: change });

/** `sim` drives the simulator's control interface; every test starts from a fresh `quiet` world. */
export const test = base.extend<{ sim: SimControl }>({
  sim: [
    async ({ request }, use) => {
      const control: SimControl = {
        async reset(scenario = 'quiet') {
          const response = await request.post('/__sim/reset', {
            data: { scenario },
            headers: intent('reset'),
          });
          expect(response.ok()).toBe(true);
        },
        async advance(seconds) {
          const response = await request.post('/__sim/advance', {
            data: { seconds },
            headers: intent('advance'),
          });
          expect(response.ok()).toBe(true);
        },
        async fault(...rules) {
          const response = await request.post('/__sim/faults', { data: rules, headers: intent('faults') });
          expect(response.status(), await response.text()).toBe(201);
          const body = (await response.json()) as { added: { id: string }[] };
          return body.added.map((rule) => rule.id);
        },
        async faultHits() {
          const response = await request.get('/__sim/faults');
          expect(response.ok()).toBe(true);
          const body = (await response.json()) as { faults: { id: string; hits: number }[] };
          return Object.fromEntries(body.faults.map((rule) => [rule.id, rule.hits]));
        },
        async clearFaults() {
          const response = await request.delete('/__sim/faults', { headers: intent('faults') });
          expect(response.ok()).toBe(true);
        },
      };
      await control.reset('quiet');
      await use(control);
    },
    { auto: true },
  ],
});

export { expect };

/**
 * axe: no serious or critical violations, nor any of `alsoRules` whatever its impact (`heading-order` is
 * "moderate": a page that skips a level is still refused where a spec asks for it).
 */
export async function expectAccessible(page: Page, alsoRules: readonly string[] = []) {
  // A dialog fading in has half-transparent text: wait for running transitions before judging contrast.
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          // Spinners and indeterminate bars run forever: only wait for transitions that end. One inside a closed
          // <details> (content-visibility: hidden) never ticks: it is not seen either (CI waited 2 minutes on one).
          .filter((animation) => Number.isFinite(Number(animation.effect?.getComputedTiming().endTime)))
          .filter((animation) => {
            const target = (animation.effect as KeyframeEffect | null)?.target;
            return (
              !target || target.checkVisibility({ contentVisibilityAuto: true, visibilityProperty: true })
            );
          })
          .map((animation) => animation.finished.catch(() => undefined)),
      ),
      new Promise((resolve) => setTimeout(resolve, 5_000)),
    ]),
  );
  // In the page itself (legacy mode): by default each run opens a blank page to finish in, a renderer process
  // and axe loaded again — 0.5 CPU-s a run, some 40 of a suite's run. It skips cross-origin frames: Ferry has none.
  const results = await new AxeBuilder({ page }).setLegacyMode(true).analyze();
  const serious = results.violations.filter(
    (violation) =>
      violation.impact === 'serious' || violation.impact === 'critical' || alsoRules.includes(violation.id),
  );
  // Each violation names its elements, so a failure says where to look.
  expect(
    serious.map(
      (violation) =>
        `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join('; ')})`,
    ),
  ).toEqual([]);
}

/** A Subversion import of `vcsUrl` into octo-org/hello-world, moved on to the step where authors are mapped. */
export async function importAtMappingStep(page: Page, sim: SimControl, vcsUrl: string) {
  const response = await page.request.put('/api/github/repos/octo-org/hello-world/import', {
    headers: { 'content-type': 'application/json', 'x-ferry-client': 'e2e' },
    data: { vcs_url: vcsUrl, vcs: 'subversion' },
  });
  expect(response.status()).toBe(201);
  await sim.advance(61);
}

/**
 * Run move `id` to its end on the simulated clock: each look at its record moves the clock two minutes on while it
 * runs. Returns the state it ended in (a spec expects `completed`).
 */
export async function runMoveToEnd(page: Page, sim: SimControl, id: string, timeout = 120_000) {
  let state = 'running';
  await expect
    .poll(
      async () => {
        const move = (await (await page.request.get(`/api/moves/${id}`)).json()) as { state: string };
        state = move.state;
        if (state === 'running') await sim.advance(120);
        return state;
      },
      { timeout, intervals: [250, 500] },
    )
    .not.toBe('running');
  return state;
}

/** Start a move through the gateway's API (as a script would) and run it to its end. */
export async function moveThroughApi(
  page: Page,
  sim: SimControl,
  plan: { source: string; namePattern: string },
  client: string,
): Promise<{ id: string; state: string }> {
  const created = await page.request.post('/api/moves', {
    data: {
      source: { kind: 'org', login: plan.source },
      target: { login: 'octo-target' },
      filters: { namePattern: plan.namePattern },
    },
    // A write says where it comes from (the app sends its client id).
    headers: { 'x-ferry-client': client },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  return { id, state: await runMoveToEnd(page, sim, id) };
}
