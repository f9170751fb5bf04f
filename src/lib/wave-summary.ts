import type { WaveState, WaveTotals } from '@/contracts/waves';

/** How a wave's state is said wherever a wave is shown (its own page, the overview). */
export const WAVE_STATE_LABELS: Record<WaveState, string> = {
  running: 'Running',
  paused: 'Paused',
  stopped: 'Stopped: credential refused',
  cancelled: 'Cancelled',
  completed: 'Completed',
};

/** "1 repository", "12 repositories". */
export function countOf(count: number, one: string, many: string): string {
  return `${count.toLocaleString('en')} ${count === 1 ? one : many}`;
}

/**
 * The wave's state as its summary says it: a completed wave whose batches did not all end verified says
 * so, and is not shown as a plain success.
 */
export function waveStateSummary(
  state: WaveState,
  totals: Pick<WaveTotals, 'failedBatches' | 'isolated'>,
): { label: string; tone: 'success' | 'warning' | 'default' } {
  if (state === 'stopped') return { label: WAVE_STATE_LABELS[state], tone: 'warning' };
  if (state !== 'completed') return { label: WAVE_STATE_LABELS[state], tone: 'default' };
  const problems = [
    totals.isolated > 0 ? `${countOf(totals.isolated, 'repository', 'repositories')} not exported` : '',
    totals.failedBatches > totals.isolated
      ? `${countOf(totals.failedBatches - totals.isolated, 'archive', 'archives')} rejected`
      : '',
  ].filter(Boolean);
  return problems.length > 0
    ? { label: `Completed, ${problems.join(', ')}`, tone: 'warning' }
    : { label: 'Completed', tone: 'success' };
}
