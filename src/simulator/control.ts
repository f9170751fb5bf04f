import { Hono, type MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { SIM_INTENT_HEADER, type SimChange } from '@/contracts/sim-control';
import { TooManyFaultsError } from './faults/fault-injector';
import { parseFaultRules } from './faults/fault-rules';
import { isScenario, SCENARIOS } from './github/state';
import type { Simulator } from './simulator';
import { parseQuirks, parseTargetFaults } from './target/faults';

export const CONTROL_BODY_LIMIT_BYTES = 64 * 1024;

/** A change to the simulated world is made only when the caller says which (428 otherwise, nothing changed). */
function intent(change: SimChange): MiddlewareHandler {
  return async (c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    if (c.req.header(SIM_INTENT_HEADER)?.trim().toLowerCase() === change) return next();
    return c.json(
      {
        error: `this control changes the simulated world: send the header ${SIM_INTENT_HEADER}: ${change} to confirm`,
      },
      428,
    );
  };
}

/**
 * The target GitHub.com's faults and scenario rules, under `/faults/target` (so clients send the `faults`
 * intent): GraphQL faults (POST adds, GET lists, DELETE clears) and `quirks` (repositories that arrive lossy or
 * stay stuck in PENDING_VALIDATION, the organization's rulesets, whether it is EMU). Registered before `/faults/:id`.
 */
function registerTargetControl(app: Hono, sim: Simulator) {
  app.post('/faults/target', async (c) => {
    const parsed = parseTargetFaults(await c.req.json().catch(() => undefined));
    if (!parsed.ok) return c.json({ error: parsed.error }, 400);
    try {
      return c.json({ ok: true, added: sim.target.world.faults.add(parsed.rules) }, 201);
    } catch (error) {
      if (error instanceof RangeError) return c.json({ error: error.message }, 409);
      throw error;
    }
  });
  app.get('/faults/target', (c) => c.json({ faults: sim.target.world.faults.list() }));
  app.delete('/faults/target', (c) => {
    sim.target.world.faults.clear();
    return c.json({ ok: true });
  });
  const quirksOf = () => {
    const state = sim.target.world.state();
    return {
      ...state.quirks,
      rulesets: state.rulesets ?? [],
      emu: state.org.emu,
      secondaryLimitAnswer: state.secondaryLimitAnswer ?? 'http',
    };
  };
  app.get('/faults/target/quirks', (c) => c.json(quirksOf()));
  app.post('/faults/target/quirks', async (c) => {
    const parsed = parseQuirks(await c.req.json().catch(() => undefined), sim.target.world.clock.now());
    if (!parsed.ok) return c.json({ error: parsed.error }, 400);
    const state = sim.target.world.state();
    if (parsed.lossyRepositories) state.quirks.lossyRepositories = parsed.lossyRepositories;
    if (parsed.stuckRepositories) state.quirks.stuckRepositories = parsed.stuckRepositories;
    if (parsed.rulesets) state.rulesets = parsed.rulesets;
    if (parsed.emu !== undefined) state.org.emu = parsed.emu;
    if (parsed.secondaryLimitAnswer) state.secondaryLimitAnswer = parsed.secondaryLimitAnswer;
    return c.json({ ok: true, ...quirksOf() });
  });
}

/**
 * The control interface (`/__sim/*`): reset state, advance time, read counters. The host server mounts it
 * only in simulator mode and only for loopback callers.
 */
export function createControlApp(sim: Simulator) {
  const app = new Hono();
  // The largest legitimate body is 50 fault rules; nothing here needs more.
  app.use(
    '*',
    bodyLimit({
      maxSize: CONTROL_BODY_LIMIT_BYTES,
      onError: (c) =>
        c.json({ error: `control bodies are limited to ${CONTROL_BODY_LIMIT_BYTES} bytes` }, 413),
    }),
  );

  app.use('/reset', intent('reset'));
  app.use('/advance', intent('advance'));
  app.use('/faults', intent('faults'));
  app.use('/faults/*', intent('faults'));

  app.post('/reset', async (c) => {
    const body = (await c.req.json().catch(() => ({}))) as { scenario?: unknown };
    if (body.scenario !== undefined && !isScenario(body.scenario)) {
      return c.json({ error: `scenario must be one of ${SCENARIOS.join(', ')}` }, 400);
    }
    sim.reset({ scenario: body.scenario });
    return c.json({ ok: true, scenario: sim.scenario, now: new Date(sim.clock.now()).toISOString() });
  });

  app.post('/advance', async (c) => {
    const body = (await c.req.json().catch(() => ({}))) as { seconds?: unknown };
    const seconds = body.seconds;
    if (typeof seconds !== 'number' || !Number.isFinite(seconds) || seconds < 0 || seconds > 366 * 86_400) {
      return c.json({ error: 'seconds must be a number between 0 and 31622400' }, 400);
    }
    sim.advance(seconds);
    return c.json({ ok: true, now: new Date(sim.clock.now()).toISOString() });
  });

  app.get('/state', (c) =>
    c.json({
      scenario: sim.scenario,
      now: new Date(sim.clock.now()).toISOString(),
      stats: sim.github().stats,
    }),
  );

  // Fault injection: POST adds one rule or an array of rules, GET lists them (with hits), DELETE clears.
  app.post('/faults', async (c) => {
    const body: unknown = await c.req.json().catch(() => undefined);
    const parsed = parseFaultRules(body);
    if (!parsed.ok) return c.json({ error: parsed.error }, 400);
    try {
      return c.json({ ok: true, added: sim.faults.add(parsed.rules) }, 201);
    } catch (error) {
      if (error instanceof TooManyFaultsError) return c.json({ error: error.message }, 409);
      throw error;
    }
  });
  registerTargetControl(app, sim);
  app.get('/faults', (c) => c.json({ faults: sim.faults.list() }));
  app.delete('/faults', (c) => {
    sim.faults.clear();
    return c.json({ ok: true });
  });
  app.delete('/faults/:id', (c) =>
    sim.faults.remove(c.req.param('id')) ? c.json({ ok: true }) : c.json({ error: 'no such fault' }, 404),
  );

  app.notFound((c) => c.json({ error: 'unknown control operation' }, 404));
  return app;
}
