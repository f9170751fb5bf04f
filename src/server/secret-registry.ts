import { redactJsonText } from './redact';

/**
 * Every secret this gateway knows, in one place, so every text from outside that Ferry shows, stores or logs
 * (credential problems, alert delivery answers, wave reasons, logs, metrics) is redacted the same way as a
 * forwarded answer. Fixed ones come from the configuration (tokens, App private keys, the registrar's keys);
 * others are learnt as they appear (App installation tokens and JWTs as they are minted, webhook secrets and
 * Slack URLs as targets are read). Learnt ones are bounded: the oldest is forgotten past the cap.
 */
export interface SecretRegistry {
  /** Learn values (shorter than 8 characters are ignored: too many false hits, too little to hide). */
  add(...values: (string | null | undefined)[]): void;
  /** Every known secret and its base64 form. */
  list(): readonly string[];
  /** `text` with every spelling of every known secret replaced by `[redacted]`. */
  redact(text: string): string;
}

export const MAX_LEARNT_SECRETS = 256;
const MIN_SECRET_LENGTH = 8;

const withBase64 = (value: string) => [value, Buffer.from(value).toString('base64')];

/** The parts of a Slack incoming-webhook URL that act as its password: the whole URL and its last segment. */
export function secretsOfUrl(url: string): string[] {
  try {
    const parsed = new URL(url);
    const last = parsed.pathname.split('/').filter(Boolean).at(-1);
    return [url, ...(last ? [last] : []), ...[...parsed.searchParams.values()]];
  } catch {
    return [url];
  }
}

export function createSecretRegistry(fixed: readonly string[] = []): SecretRegistry {
  const learnt = new Set<string>();
  let all: string[] | undefined;
  const usable = (value: string | null | undefined): value is string =>
    typeof value === 'string' && value.length >= MIN_SECRET_LENGTH;
  const fixedSet = new Set(fixed.filter(usable));
  // Longest first: a URL is replaced whole before its last segment is.
  const list = () =>
    (all ??= [...fixedSet, ...[...learnt].flatMap(withBase64)].sort((a, b) => b.length - a.length));
  return {
    add(...values) {
      for (const value of values.filter(usable)) {
        if (fixedSet.has(value) || learnt.has(value)) continue;
        learnt.add(value);
        if (learnt.size > MAX_LEARNT_SECRETS) learnt.delete(learnt.values().next().value!);
        all = undefined;
      }
    },
    list,
    redact(text) {
      const secrets = list();
      return secrets.length === 0 ? text : redactJsonText(text, secrets);
    },
  };
}
