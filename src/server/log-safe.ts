import { redactJsonText } from './redact';

/**
 * What of an unexpected error may be written to the log: its name and message with every quoted part
 * dropped (Node quotes the offending header value in "invalid header value" errors), credentials
 * redacted and control characters flattened, so one error is one log line that carries no secret.
 */
export function loggableError(error: unknown, secrets: readonly string[]): string {
  const name = error instanceof Error ? error.name : typeof error;
  const message = error instanceof Error ? error.message : '';
  const unquoted = message.replace(/"[^"]*"|'[^']*'|`[^`]*`/g, '"…"');
  // eslint-disable-next-line no-control-regex -- flattening control characters is the point
  const oneLine = redactJsonText(unquoted, secrets).replace(/[\x00-\x1f\x7f]+/g, ' ');
  return `${name}: ${oneLine.slice(0, 300)}`;
}
