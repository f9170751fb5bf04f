import type { CostRange, MoveStep, PreflightCheckName } from '@/contracts/moves';
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
};

/** A check the gateway names that this page does not know yet is shown by its own name. */
export const checkLabel = (check: string) => CHECK_LABELS[check as PreflightCheckName] ?? check;

export const STEP_LABELS: Record<MoveStep, string> = {
  export: 'export',
  upload: 'upload',
  'start-import': 'start the import',
  status: 'import status',
  validate: 'validation',
};

export const stepsText = (steps: readonly string[]) =>
  steps.map((step) => STEP_LABELS[step as MoveStep] ?? step).join(', ');
