import { isLogin } from '@/contracts/github/names';
import type { MovePlanRequest } from '@/contracts/moves';
import type { WaveFilters } from '@/contracts/waves';

const TYPED = [
  'source',
  'target',
  'namePattern',
  'languages',
  'minSizeMb',
  'maxSizeMb',
  'pushedAfter',
  'pushedBefore',
  'concurrency',
] as const;

/**
 * The "New move" form's fields: what is typed as text, the two choices a wave's filters take as they are
 * (contracts/waves.ts), and each side's credential as picked among the gateway's names ('' = the gateway's
 * default, not sent). Checked and turned into a request by `checkMoveForm`.
 */
export type MoveFormValues = Record<(typeof TYPED)[number], string> &
  Required<Pick<WaveFilters, 'visibility' | 'archived'>> & {
    sourceCredential: string;
    targetCredential: string;
  };

export type MoveFormField = keyof MoveFormValues;

export const EMPTY_MOVE_FORM: MoveFormValues = {
  ...(Object.fromEntries(TYPED.map((field) => [field, ''])) as Record<(typeof TYPED)[number], string>),
  visibility: 'all',
  archived: 'include',
  concurrency: '2',
  sourceCredential: '',
  targetCredential: '',
};

/** A move exports one repository per archive: a batch is one repository, whatever its size (the gateway's cap). */
const ONE_REPOSITORY_CAPS = { maxRepos: 1, maxSizeKb: 2 * 1024 * 1024 };

export type MoveFormCheck =
  { ok: true; request: MovePlanRequest } | { ok: false; errors: Partial<Record<MoveFormField, string>> };

const loginError = (value: string, side: string) =>
  value === ''
    ? `Enter the ${side} organization.`
    : isLogin(value)
      ? undefined
      : 'Not an organization name GitHub accepts: letters, digits and single inner hyphens, at most 39.';

/** MB typed as text → KB, undefined when empty, NaN when not a size. */
function kbOf(text: string): number | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  const mb = Number(trimmed);
  return Number.isFinite(mb) && mb >= 0 ? Math.round(mb * 1024) : Number.NaN;
}

/**
 * The form checked before anything is sent: every field the gateway would refuse is named here, on the field,
 * so the person fixes it in place (nothing typed is lost). Pure: unit-tested.
 */
export function checkMoveForm(values: MoveFormValues): MoveFormCheck {
  const source = values.source.trim();
  const target = values.target.trim();
  const errors: Partial<Record<MoveFormField, string>> = {};
  const sourceError = loginError(source, 'source');
  const targetError = loginError(target, 'target');
  if (sourceError) errors.source = sourceError;
  if (targetError) errors.target = targetError;
  const minSizeKb = kbOf(values.minSizeMb);
  const maxSizeKb = kbOf(values.maxSizeMb);
  if (Number.isNaN(minSizeKb)) errors.minSizeMb = 'A size in MB, 0 or more.';
  if (Number.isNaN(maxSizeKb)) errors.maxSizeMb = 'A size in MB, 0 or more.';
  const concurrency = Number(values.concurrency.trim());
  if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > 10)
    errors.concurrency = 'A whole number from 1 to 10.';
  if (Object.keys(errors).length > 0) return { ok: false, errors };

  const languages = values.languages
    .split(',')
    .map((language) => language.trim())
    .filter(Boolean);
  return {
    ok: true,
    request: {
      source: {
        kind: 'org',
        login: source,
        ...(values.sourceCredential ? { credential: values.sourceCredential } : {}),
      },
      target: { login: target, ...(values.targetCredential ? { credential: values.targetCredential } : {}) },
      filters: {
        ...(values.namePattern.trim() ? { namePattern: values.namePattern.trim() } : {}),
        ...(languages.length > 0 ? { languages } : {}),
        visibility: values.visibility,
        archived: values.archived,
        ...(minSizeKb === undefined ? {} : { minSizeKb }),
        ...(maxSizeKb === undefined ? {} : { maxSizeKb }),
        ...(values.pushedAfter ? { pushedAfter: values.pushedAfter } : {}),
        ...(values.pushedBefore ? { pushedBefore: values.pushedBefore } : {}),
      },
      caps: { ...ONE_REPOSITORY_CAPS, concurrency },
    },
  };
}
