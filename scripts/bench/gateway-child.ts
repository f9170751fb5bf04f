/**
 * The servers under load, in their own process (started with --expose-gc) so the load generator does not
 * share their event loop or heap: the simulator on its own port, the gateway with the embedded simulator,
 * and the gateway in live mode in front of the simulator's port. Answers `sample` with its memory use.
 */
import { startGateway, startSimulatorServer } from '@/testing/node-servers';
import { SIM_TOKENS } from '@/simulator/github/seed';

const sim = await startSimulatorServer({ speed: 0, scenario: 'quiet' });
const embedded = await startGateway({ SIM_SPEED: '0', SIM_SCENARIO: 'quiet', BODY_LIMIT_BYTES: '4096' });
// The same gateway without metrics (no request timing, no counters): what measuring costs.
const bare = await startGateway(
  { SIM_SPEED: '0', SIM_SCENARIO: 'quiet', BODY_LIMIT_BYTES: '4096' },
  { metrics: false },
);
const live = await startGateway({
  GITHUB_TOKEN: SIM_TOKENS.octocat,
  GITHUB_API_URL: `${sim.origin}/api/v3`,
});

const gc = (globalThis as { gc?: () => void }).gc;

process.on('message', (message: { type: string }) => {
  if (message.type === 'sample') {
    gc?.();
    gc?.();
    const usage = process.memoryUsage();
    process.send?.({ type: 'sample', heapUsed: usage.heapUsed, rss: usage.rss, gc: Boolean(gc) });
  } else if (message.type === 'reset') {
    embedded.runtime.simulator?.reset({ scenario: 'quiet' });
    sim.sim.reset({ scenario: 'quiet' });
    process.send?.({ type: 'reset' });
  } else if (message.type === 'stop') {
    void Promise.all([embedded.close(), bare.close(), live.close(), sim.close()]).then(() => process.exit(0));
  }
});

process.send?.({ type: 'ready', sim: sim.port, embedded: embedded.port, live: live.port, bare: bare.port });
