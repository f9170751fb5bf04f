import type { CostRange, MovePlannedRepository, MoveStep, PreflightCheckName } from '@/contracts/moves';
import { formatDuration, formatNumber } from '@/lib/format';

/** { min: 12, max: 30 } → "12–30"; one figure when both ends agree. */
export function formatRange({ min, max }: CostRange, format: (value: number) => string = formatNumber) {
  return min === max ? format(min) : `${format(min)}–${format(max)}`;
}

/** A range with its noun, singular only for exactly one: "1 GraphQL request", "2–4 GraphQL requests". */
export const countRange = (range: CostRange, one: string, many: string) =>
  `${formatRange(range)} ${range.min === 1 && range.max === 1 ? one : many}`;

/** A count with its noun: "1 point", "1,200 points". */
export const countNoun = (count: number, one: string, many: string) =>
  countRange({ min: count, max: count }, one, many);

/** A range of seconds as durations: "4 min 10 s–1 h 05 min". */
export const formatSecondsRange = (range: CostRange) =>
  formatRange(range, (seconds) => formatDuration(seconds * 1000));

export const CHECK_LABELS: Record<PreflightCheckName, string> = {
  'target-name-free': 'Name free on the target',
  'size-within-limit': 'Size within the source’s limit',
  visibility: 'Visibility allowed',
  'target-rulesets': 'Target rulesets let the import through',
  'source-archive-right': 'May archive the source',
  'file-size': 'No file over the import’s 400 MiB',
  'ref-names': 'Ref names within 255 bytes',
};

/** A check the gateway names that this page does not know yet is shown by its own name. */
export const checkLabel = (check: string) => CHECK_LABELS[check as PreflightCheckName] ?? check;

/** One pre-flight check as the preview says it: "Name free on the target: refused — …". */
export const checkText = (check: MovePlannedRepository['checks'][number]) =>
  `${checkLabel(check.check)}: ${
    check.ok ? (check.warning ? `ok, with a warning — ${check.reason}` : 'ok') : `refused — ${check.reason}`
  }`;

/**
 * Why selected repositories are not ready, by the check they failed, most first: "Name free on the target: 5;
 * Size within the source’s limit: 2". Empty when every selected one is ready.
 */
export function notReadyText(
  repositories: readonly Pick<MovePlannedRepository, 'ready' | 'checks'>[],
): string {
  const failed = new Map<string, number>();
  for (const repo of repositories) {
    if (repo.ready) continue;
    for (const check of repo.checks)
      if (!check.ok) failed.set(check.check, (failed.get(check.check) ?? 0) + 1);
  }
  return [...failed]
    .sort((a, b) => b[1] - a[1])
    .map(([check, count]) => `${checkLabel(check)} failed for ${formatNumber(count)}`)
    .join('; ');
}

export const STEP_LABELS: Record<MoveStep, string> = {
  export: 'export',
  upload: 'upload',
  'start-import': 'start the import',
  status: 'import status',
  validate: 'validation',
};

export const stepsText = (steps: readonly string[]) =>
  steps.map((step) => STEP_LABELS[step as MoveStep] ?? step).join(', ');
