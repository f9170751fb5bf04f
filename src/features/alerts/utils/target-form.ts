import {
  RATE_THRESHOLD_DEFAULT,
  RATE_THRESHOLD_MAX,
  type AlertEventKind,
  type AlertTargetKind,
  type AlertTargetRequest,
} from '@/contracts/alerts';

/** The add-a-target form as typed (strings), before it is a request. */
export interface TargetForm {
  name: string;
  kind: AlertTargetKind;
  url: string;
  secret: string;
  events: AlertEventKind[];
  threshold: string;
}

export type TargetFormErrors = Partial<Record<'name' | 'url' | 'secret' | 'events' | 'threshold', string>>;

/**
 * What a new target is told unless the person changes it: the ends of exports, waves and moves, and a moved
 * repository that needs someone (failed, or does not validate and stays locked). `move-repository-done` is left
 * out: a 500-repository move would send 500 of them; `move-finished` says how many were done.
 */
export const DEFAULT_TARGET_EVENTS: readonly AlertEventKind[] = [
  'export-finished',
  'export-failed',
  'wave-finished',
  'move-repository-failed',
  'move-repository-invalid',
  'move-finished',
];

export const EMPTY_TARGET_FORM: TargetForm = {
  name: '',
  kind: 'webhook',
  url: '',
  secret: '',
  events: [...DEFAULT_TARGET_EVENTS],
  threshold: String(RATE_THRESHOLD_DEFAULT),
};

/**
 * Check the form as the gateway will (it checks again): the errors by field, or the request to send. Nothing
 * typed is dropped: the form keeps its values whatever this says.
 */
export function checkTargetForm(form: TargetForm): {
  errors: TargetFormErrors;
  request?: AlertTargetRequest;
} {
  const errors: TargetFormErrors = {};
  if (!form.name.trim()) errors.name = 'Name it (who or what receives it).';
  else if (form.name.length > 80) errors.name = 'At most 80 characters.';
  let url: URL | undefined;
  try {
    url = new URL(form.url.trim());
  } catch {
    errors.url = 'A full address, https://…';
  }
  if (url && url.protocol !== 'https:' && url.protocol !== 'http:') errors.url = 'An http or https address.';
  else if (url && (url.username || url.password)) errors.url = 'No user or password in the address.';
  if (form.kind === 'webhook' && form.secret.length < 8)
    errors.secret = 'At least 8 characters: the receiver checks the signature with it.';
  if (form.events.length === 0) errors.events = 'Choose at least one event.';
  const threshold = Number(form.threshold);
  if (!Number.isInteger(threshold) || threshold < 1 || threshold > RATE_THRESHOLD_MAX)
    errors.threshold = `A whole percentage from 1 to ${RATE_THRESHOLD_MAX}.`;
  if (Object.keys(errors).length > 0) return { errors };
  return {
    errors,
    request: {
      name: form.name.trim(),
      kind: form.kind,
      url: form.url.trim(),
      ...(form.kind === 'webhook' ? { secret: form.secret } : {}),
      events: form.events,
      rateThresholdPercent: threshold,
    },
  };
}
