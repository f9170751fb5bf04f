import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLeases } from './job-leases';

/**
 * The embedded store has one process: only its own jobs can need handing back, so its lease sweep (a query every
 * 5 s) rests once it has held nothing for a lease and two sweeps (issue 46 item 16). A team's gateway sweeps
 * always: any other gateway may die with a job in hand.
 */
const settings = { leaseSeconds: 15, renewMs: 5_000 };

describe('the lease sweep of a gateway alone on its store', () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  const sweepsOver = async (onlyOwn: boolean, hold: boolean, ms: number) => {
    const sweeps: number[] = [];
    const executeSql = (text: string) => {
      if (text.includes("state = 'active' AND started_on <")) sweeps.push(Date.now());
      return Promise.resolve({ rows: [] });
    };
    const leases = createLeases(executeSql, settings, () => undefined, Date.now);
    leases.start(['wave-step'], onlyOwn);
    const held = hold ? leases.hold('wave-step', 'j-1', new Date()) : undefined;
    await vi.advanceTimersByTimeAsync(10_000);
    held?.release();
    const released = Date.now();
    await vi.advanceTimersByTimeAsync(ms);
    leases.stop();
    return { sweeps, released };
  };

  it('rests once it has held nothing for a lease and two sweeps since it started', async () => {
    const started = Date.now();
    const { sweeps } = await sweepsOver(true, false, 60_000);
    const quietAfter = settings.leaseSeconds * 1_000 + 2 * settings.renewMs;
    expect(sweeps.length).toBeGreaterThan(0);
    expect(sweeps.every((at) => at - started <= quietAfter)).toBe(true);
  });

  it('sweeps while it holds a job and for a lease and two sweeps after, then rests', async () => {
    const { sweeps, released } = await sweepsOver(true, true, 120_000);
    expect(sweeps.length).toBeGreaterThanOrEqual(2 + 3);
    // The last sweep comes after the released job's lease ran out (its outcome may not have been written).
    expect(Math.max(...sweeps) - released).toBeGreaterThan(settings.leaseSeconds * 1_000);
    expect(Math.max(...sweeps) - released).toBeLessThanOrEqual(
      settings.leaseSeconds * 1_000 + 3 * settings.renewMs,
    );
  });

  it('a team’s gateway sweeps every time', async () => {
    expect((await sweepsOver(false, false, 60_000)).sweeps).toHaveLength(
      (10_000 + 60_000) / settings.renewMs,
    );
  });
});
