/** Formatting helpers: pure, locale-aware, no React. */

export function formatClockTime(epochMs: number, locale?: string): string {
  return new Date(epochMs).toLocaleTimeString(locale, { hour: '2-digit', minute: '2-digit' });
}

export function formatDateTime(epochMs: number, locale?: string): string {
  return new Date(epochMs).toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' });
}

/** "1 h 05 min", "4 min 10 s", "12 s". Negative durations read as "0 s". */
export function formatDuration(ms: number): string {
  const totalSeconds = Math.max(0, Math.round(ms / 1000));
  const hours = Math.floor(totalSeconds / 3600);
  const minutes = Math.floor((totalSeconds % 3600) / 60);
  const seconds = totalSeconds % 60;
  if (hours > 0) return `${hours} h ${String(minutes).padStart(2, '0')} min`;
  if (minutes > 0) return `${minutes} min ${String(seconds).padStart(2, '0')} s`;
  return `${seconds} s`;
}

export function formatNumber(value: number, locale?: string): string {
  return value.toLocaleString(locale);
}

/** A reset time: the clock time (with seconds) when within a day, the full date otherwise. */
export function formatResetTime(epochMs: number, nowMs: number, locale?: string): string {
  if (Math.abs(epochMs - nowMs) < 86_400_000) {
    return new Date(epochMs).toLocaleTimeString(locale, {
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
  }
  return formatDateTime(epochMs, locale);
}
