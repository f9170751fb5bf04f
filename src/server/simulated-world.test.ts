import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSimulator } from '@/simulator/simulator';
import { keepSimulatedWorld, WORLD_FILE_NAME } from './simulated-world';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'ferry-kept-world-'));
});
afterEach(async () => {
  vi.useRealTimers();
  await rm(dir, { recursive: true, force: true });
});

describe('the simulated world kept in DATA_DIR', () => {
  it('is saved after a write, taken up by the next simulator, and written whole (no partial file left)', async () => {
    const first = createSimulator({ speed: 0, scenario: 'quiet' });
    const kept = keepSimulatedWorld(first, dir, () => {});
    first.advance(3_600);
    await kept.close();
    expect(await readFile(path.join(dir, WORLD_FILE_NAME), 'utf8')).toMatch(/\S/);
    expect(existsSync(path.join(dir, `${WORLD_FILE_NAME}.partial`))).toBe(false);

    const logged: string[] = [];
    const next = createSimulator({ speed: 0, scenario: 'quiet' });
    const again = keepSimulatedWorld(next, dir, (line) => logged.push(line));
    expect(logged.join('\n')).toMatch(/continues/);
    expect(next.clock.now()).toBe(first.clock.now());
    await again.close();
  });

  it('after close, nothing writes into the folder: not the interval, not a change, not an answered write', async () => {
    vi.useFakeTimers();
    const simulator = createSimulator({ speed: 0, scenario: 'quiet' });
    const kept = keepSimulatedWorld(simulator, dir, () => {});
    await kept.close();
    const file = path.join(dir, WORLD_FILE_NAME);
    expect(existsSync(file)).toBe(true); // the last save
    await rm(file);

    simulator.advance(60);
    kept.answered('POST');
    await vi.advanceTimersByTimeAsync(60_000);
    // A save the timers started is real file I/O: give it real time to land.
    vi.useRealTimers();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(existsSync(file)).toBe(false);
    expect(existsSync(`${file}.partial`)).toBe(false);
  });
});
