import { describe, expect, it } from 'vitest';
import type { Wave } from '@/contracts/waves';
import { observedSpeed } from './observed-speed';

const batch = (id: number, startedAt: string, exportedAt: string) => ({
  id,
  state: 'verified',
  repos: ['a'],
  sizeKb: 0,
  startedAt,
  exportedAt,
});
const wave = (id: string, batches: ReturnType<typeof batch>[]) => ({ id, batches }) as unknown as Wave;

describe('observedSpeed', () => {
  it('is the same figure however the store lists the waves (batches that finished at the same moment)', () => {
    // Two waves' batches finish in the same second at different speeds (25 s and 100 s of a 25 s model).
    const a = wave('w-a', [batch(1, '2026-11-25T10:00:00.000Z', '2026-11-25T10:01:40.000Z')]);
    const b = wave('w-b', [batch(1, '2026-11-25T10:01:15.000Z', '2026-11-25T10:01:40.000Z')]);
    const c = wave('w-c', [batch(2, '2026-11-25T09:00:00.000Z', '2026-11-25T09:00:50.000Z')]);
    const speeds = [
      [a, b, c],
      [b, a, c],
      [c, b, a],
    ].map((order) => observedSpeed(order));
    expect(new Set(speeds).size).toBe(1);
    expect(speeds[0]).toBeGreaterThan(0);
  });
});
