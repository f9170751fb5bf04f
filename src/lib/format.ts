/** Formatting helpers: pure, locale-aware, no React. */

/**
 * One Intl formatter per locale and kind, made once: `toLocaleString` builds a new one on every call, which
 * was the largest single cost of drawing the rate-limits page (~50 ms of a cold render).
 */
const formatters = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();

function numberFormat(locale: string | undefined): Intl.NumberFormat {
  const key = `number:${locale ?? ''}`;
  let format = formatters.get(key) as Intl.NumberFormat | undefined;
  if (!format) formatters.set(key, (format = new Intl.NumberFormat(locale)));
  return format;
}

function dateFormat(
  kind: string,
  locale: string | undefined,
  options: Intl.DateTimeFormatOptions,
): Intl.DateTimeFormat {
  const key = `${kind}:${locale ?? ''}`;
  let format = formatters.get(key) as Intl.DateTimeFormat | undefined;
  if (!format) formatters.set(key, (format = new Intl.DateTimeFormat(locale, options)));
  return format;
}

/**
 * Make the default locale's formatters ahead of the first render: the first Intl formatter of a page costs
 * ~20 ms of locale set-up (~80 ms on a phone), better spent while the app's code is still downloading.
 */
export function warmFormatters(): void {
  formatNumber(0);
  formatDateTime(0);
  formatClockTime(0);
}

export function formatClockTime(epochMs: number, locale?: string): string {
  return dateFormat('clock', locale, { hour: '2-digit', minute: '2-digit' }).format(epochMs);
}

export function formatDateTime(epochMs: number, locale?: string): string {
  return dateFormat('date-time', locale, { dateStyle: 'medium', timeStyle: 'short' }).format(epochMs);
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
  return numberFormat(locale).format(value);
}

const BINARY_UNITS = ['KiB', 'MiB', 'GiB', 'TiB'] as const;

/** A size given in KiB (GitHub's `size`), in the largest binary unit it reaches: "40 GiB", "1.5 MiB", "512 KiB". */
export function formatKib(kib: number, locale?: string): string {
  let value = Math.max(0, kib);
  let unit = 0;
  while (value >= 1024 && unit < BINARY_UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const rounded = value >= 100 || Number.isInteger(value) ? Math.round(value) : Math.round(value * 10) / 10;
  return `${formatNumber(rounded, locale)} ${BINARY_UNITS[unit]}`;
}

/** A reset time: the clock time (with seconds) when within a day, the full date otherwise. */
export function formatResetTime(epochMs: number, nowMs: number, locale?: string): string {
  if (Math.abs(epochMs - nowMs) < 86_400_000) {
    return dateFormat('clock-seconds', locale, {
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    }).format(epochMs);
  }
  return formatDateTime(epochMs, locale);
}
