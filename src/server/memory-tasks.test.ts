import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inProcessGateway } from '@/testing/node-servers';
import { COMPACT_CRON, SAMPLE_CRON, startMemoryTasks } from './memory-tasks';
import type { FerryStore } from './store/ferry-store';
import { openTestStore } from './store/test-store';

let store: FerryStore;
beforeAll(async () => {
  ({ store } = await openTestStore());
}, 60_000);
afterAll(() => store.close());

const samples = async () => {
  const { rows } = await store.executeSql('SELECT count(*)::int AS n FROM rate_samples');
  return (rows[0] as { n: number }).n;
};

describe('the memory tasks', () => {
  it('are jobs on the engine: a schedule each minute and each hour, and a sample job records a reading', async () => {
    const gateway = inProcessGateway({ SIM_SPEED: '0', SIM_SCENARIO: 'quiet' }, { store });
    const tasks = startMemoryTasks(gateway.runtime.memory, store, gateway.runtime.jobs);
    await tasks.scheduled;
    const { rows } = await store.executeSql('SELECT name, cron FROM pgboss.schedule ORDER BY name');
    expect(rows).toEqual(
      expect.arrayContaining([
        { name: 'memory-compact', cron: COMPACT_CRON },
        { name: 'memory-sample', cron: SAMPLE_CRON },
      ]),
    );
    await gateway.runtime.memory.recorder.flush();
    const before = await samples();
    // A minute later (readings are kept once per upstream minute), what the cron sends each minute, sent now.
    gateway.runtime.simulator!.advance(60);
    await (await gateway.runtime.jobs!()).send('memory-sample', {});
    const deadline = Date.now() + 20_000;
    while ((await samples()) === before && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      await gateway.runtime.memory.recorder.flush();
    }
    expect(await samples()).toBeGreaterThan(before);
    await tasks.stop();
    await gateway.runtime.stopJobs();
  }, 60_000);

  it('say so when there is no job engine, and still take the first reading', async () => {
    const gateway = inProcessGateway({ SIM_SPEED: '0', SIM_SCENARIO: 'quiet' }, { store });
    const lines: string[] = [];
    const tasks = startMemoryTasks(gateway.runtime.memory, store, undefined, (line) => lines.push(line));
    await tasks.scheduled;
    expect(lines.join('\n')).toContain('minute and hour jobs not scheduled: the gateway has no job engine');
    await tasks.stop();
  }, 60_000);
});
