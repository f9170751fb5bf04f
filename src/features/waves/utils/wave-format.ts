import type { BatchState } from '@/contracts/waves';

const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'];

/** 1,536 → "1.5 KB"; binary steps, one decimal below 10. */
export function formatBytes(bytes: number): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const shown = unit === 0 || value >= 10 ? Math.round(value).toString() : value.toFixed(1);
  return `${shown} ${UNITS[unit]}`;
}

/** GitHub reports repository sizes in KB. */
export const formatKb = (kb: number) => formatBytes(kb * 1024);

export const BATCH_STATE_LABELS: Record<BatchState, string> = {
  queued: 'Queued',
  starting: 'Starting',
  exporting: 'Exporting',
  downloading: 'Downloading',
  verifying: 'Verifying',
  verified: 'Verified',
  failed: 'Failed',
  split: 'Split in halves',
  isolated: 'Fails alone',
  invalid: 'Archive rejected',
  cancelled: 'Cancelled',
};

export function batchTone(state: BatchState): 'success' | 'error' | 'warning' | 'info' | 'default' {
  if (state === 'verified') return 'success';
  if (state === 'isolated' || state === 'invalid') return 'error';
  if (state === 'failed') return 'warning';
  if (state === 'queued' || state === 'split' || state === 'cancelled') return 'default';
  return 'info';
}

/** Percent downloaded, or undefined when the size is not known yet. */
export function downloadPercent(
  progress: { downloaded: number; total?: number } | undefined,
): number | undefined {
  if (!progress?.total) return undefined;
  return Math.min(100, Math.round((progress.downloaded / progress.total) * 100));
}

/** "1 h 05 min" style from seconds. */
export function formatEstimate(seconds: number): string {
  const total = Math.max(0, Math.round(seconds));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  if (hours > 0) return `about ${hours} h ${String(minutes).padStart(2, '0')} min`;
  if (minutes > 0) return `about ${minutes} min`;
  return `under a minute`;
}
