/**
 * Credentials as they may be spelled in JSON text: every character literally or as a `\uXXXX` escape
 * (and `/`, `"`, `\` as their short escapes). An upstream that reflects `\u0067hp_…` hands the browser
 * the token just as surely as one that reflects `ghp_…`. Each alternative starts with a different
 * character, so matching stays linear.
 */
const SHORT_ESCAPES: Record<string, string> = { '/': '\\\\/', '"': '\\\\"', '\\': '\\\\\\\\' };

function hexPattern(unit: number): string {
  return [...unit.toString(16).padStart(4, '0')]
    .map((digit) => (/[a-f]/.test(digit) ? `[${digit}${digit.toUpperCase()}]` : digit))
    .join('');
}

export function jsonSpellingPattern(secret: string): RegExp {
  let source = '';
  for (let index = 0; index < secret.length; index += 1) {
    const unit = secret.charCodeAt(index);
    const literal = secret[index]!.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
    const short = SHORT_ESCAPES[secret[index]!];
    source += `(?:${literal}|\\\\u${hexPattern(unit)}${short ? `|${short}` : ''})`;
  }
  return new RegExp(source, 'g');
}

/**
 * Each secret's pattern, built once: building it (two small patterns per character) was ~2 % of the gateway's
 * time under load, for every answer and every secret. Bounded, since App installation tokens change hourly.
 */
const patterns = new Map<string, RegExp>();
const MAX_PATTERNS = 1_024;

function patternOf(secret: string): RegExp {
  let pattern = patterns.get(secret);
  if (!pattern) {
    if (patterns.size >= MAX_PATTERNS) patterns.delete(patterns.keys().next().value!);
    patterns.set(secret, (pattern = jsonSpellingPattern(secret)));
  }
  return pattern;
}

/** `text` with every spelling of every secret replaced by `[redacted]`. */
export function redactJsonText(text: string, secrets: readonly string[]): string {
  // `replace` with a global pattern starts at 0 and leaves `lastIndex` at 0: a shared pattern is safe.
  return secrets.reduce((clean, secret) => clean.replace(patternOf(secret), '[redacted]'), text);
}
