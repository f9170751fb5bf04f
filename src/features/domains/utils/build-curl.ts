/**
 * The registrar's create operation as a ready `curl`: `dryRun: true`, key PLACEHOLDERS that the shell
 * fills from environment variables, never real keys. Credentials typed into the form are dropped.
 */
export const REGISTRAR_PUBLIC_BASE = 'https://api.porkbun.com/api/json/v3';
export const KEY_PLACEHOLDERS = {
  apiKey: '$PORKBUN_API_KEY',
  secretApiKey: '$PORKBUN_SECRET_API_KEY',
} as const;

const CREDENTIAL_FIELDS = new Set(['apikey', 'secretapikey', 'apiKey', 'secretApiKey', 'secretkey']);
const NAME_LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/** The body to send: the validated form data without credentials. */
export function createBody(formData: unknown): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  if (typeof formData !== 'object' || formData === null || Array.isArray(formData)) return body;
  for (const [key, value] of Object.entries(formData)) {
    if (!CREDENTIAL_FIELDS.has(key) && value !== undefined) body[key] = value;
  }
  return body;
}

/** Quote for a POSIX shell: single quotes, with embedded single quotes closed and escaped. */
export function shellQuote(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

export function domainFor(name: string, tld: string): string {
  const label = name.trim().toLowerCase();
  return `${NAME_LABEL.test(label) ? label : 'example'}.${tld}`;
}

export function buildCurl(options: { domain: string; body: Record<string, unknown> }): string {
  const body = { ...createBody(options.body), dryRun: true };
  return [
    `curl -sS -X POST ${shellQuote(`${REGISTRAR_PUBLIC_BASE}/domain/create/${options.domain}`)} \\`,
    `  -H 'Content-Type: application/json' \\`,
    `  -H "X-API-Key: ${KEY_PLACEHOLDERS.apiKey}" \\`,
    `  -H "X-Secret-API-Key: ${KEY_PLACEHOLDERS.secretApiKey}" \\`,
    `  --data-raw ${shellQuote(JSON.stringify(body))}`,
  ].join('\n');
}
