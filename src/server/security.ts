import { createHash, timingSafeEqual } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import type { GatewayConfig } from './config';
import { CODE_LOADER_SCRIPT, SCHEME_GUARD_SCRIPT } from '@/contracts/prerendered-pages';

/** The two inline scripts a drawn page carries (src/contracts/prerendered-pages.ts), allowed by their hashes. */
const INLINE_SCRIPT_HASHES = [SCHEME_GUARD_SCRIPT, CODE_LOADER_SCRIPT]
  .map((script) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`)
  .join(' ');

export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  `script-src 'self' ${INLINE_SCRIPT_HASHES}`,
  // MUI/Emotion inject <style> elements at run time.
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * The one policy an answer may bring in place of the app's: text others wrote (a saved migration log) shown as
 * itself, `text/plain` in a sandbox that loads, runs and sends nothing.
 */
export const SANDBOXED_TEXT_POLICY =
  "default-src 'none'; sandbox; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";
const SANDBOXED_TEXT_TYPE = /^text\/plain;\s*charset=utf-8$/i;

/** Headers every answer carries, including errors and Node's own 400 (`client-error.ts`). */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'permissions-policy': 'camera=(), microphone=(), geolocation=()',
};

/** The sign-in's cookies (src/server/gateway/areas/auth.ts): the only ones Ferry sets. */
const OWN_COOKIE = /^(?:__Host-)?ferry_(?:session|login)=/;

/** Security headers on every response, including errors. */
export const securityHeaders: MiddlewareHandler = async (c, next) => {
  await next();
  const headers = c.res.headers;
  const type = headers.get('content-type');
  // Stricter than the app's policy, and only on plain text (with nosniff never read as HTML): kept as it is.
  const sandboxed =
    headers.get('content-security-policy') === SANDBOXED_TEXT_POLICY && SANDBOXED_TEXT_TYPE.test(type ?? '');
  for (const [name, value] of Object.entries(SECURITY_HEADERS))
    if (!(sandboxed && name === 'content-security-policy')) headers.set(name, value);
  // No upstream's cookie reaches the browser; only the sign-in's own, set by its own routes (`/auth/*`).
  const own = c.req.path.startsWith('/auth/')
    ? headers.getSetCookie().filter((line) => OWN_COOKIE.test(line))
    : [];
  headers.delete('set-cookie');
  for (const line of own) headers.append('set-cookie', line);
  // An upstream's "application/json, text/html" reads as HTML to a browser that navigates to the URL:
  // API answers carry one plain media type or none of the upstream's.
  // A download (the waves' manifest.csv) keeps its text/csv: a browser saves it, never renders it.
  const download =
    /^attachment\b/i.test(headers.get('content-disposition') ?? '') && CSV_TYPE.test(type ?? '');
  if (c.req.path.startsWith('/api/') && type && !PLAIN_API_TYPE.test(type) && !download && !sandboxed) {
    headers.set(
      'content-type',
      /^application\/json\b/i.test(type) ? 'application/json; charset=utf-8' : 'application/octet-stream',
    );
  }
};

const CSV_TYPE = /^text\/csv\s*(?:;\s*charset=utf-8\s*)?$/i;
const PLAIN_API_TYPE =
  /^application\/(?:(?:[\w.-]+\+)?json|gzip|x-gzip|x-tar|octet-stream)\s*(?:;\s*charset=[\w-]+\s*)?$/i;

export function allowedHostNames(config: Pick<GatewayConfig, 'port' | 'allowedHosts' | 'host'>): Set<string> {
  const names = new Set(config.allowedHosts);
  for (const name of ['localhost', '127.0.0.1', '[::1]']) names.add(`${name}:${config.port}`);
  if (config.host && config.host !== '0.0.0.0' && config.host !== '::') {
    const bracketed = config.host.includes(':') ? `[${config.host}]` : config.host;
    names.add(`${bracketed.toLowerCase()}:${config.port}`);
  }
  return names;
}

/**
 * The Host the client asked for. Over HTTP the request URL is built from the Host header; in-process
 * callers (tests) may not be able to set Host, so the URL's host is the fallback.
 */
function requestHost(c: Context): string | undefined {
  return (c.req.header('host') ?? new URL(c.req.url).host).toLowerCase() || undefined;
}

/** DNS rebinding: a page on evil.example that resolves to 127.0.0.1 still sends `Host: evil.example`. */
export function hostCheck(allowed: Set<string>): MiddlewareHandler {
  return async (c, next) => {
    const host = requestHost(c);
    if (!host || !allowed.has(host)) {
      return c.json({ message: 'Unexpected Host header.', code: 'BAD_HOST', source: 'gateway' }, 421);
    }
    await next();
  };
}

/**
 * The header a non-browser client sends to state that it means to write (any value; the SPA sends its client
 * id, `src/lib/api-client.ts`). Browsers add Origin or Sec-Fetch-Site to every write themselves.
 */
export const WRITE_INTENT_HEADER = 'x-ferry-client';

/**
 * A write to the API must come with Origin, Sec-Fetch-Site or the intent header: a request with none of them
 * is neither a browser's nor a client that knows Ferry (a `text/plain` POST from a tool that was only meant to
 * read). The simulator's control interface (`/__sim/*`, simulator mode only, nothing real behind it) is left
 * out: its callers are test harnesses, and the Host, Origin and Sec-Fetch-Site checks still apply to it.
 */
function statesIntent(c: Context): boolean {
  return [c.req.header('origin'), c.req.header('sec-fetch-site'), c.req.header(WRITE_INTENT_HEADER)].some(
    (value) => value !== undefined && value.trim() !== '',
  );
}

/**
 * CSRF: refuse cross-site and same-site fetches of the API (every other port on localhost is "same-site":
 * its GETs would spend the GitHub budget even though it cannot read the answers), and non-GET requests
 * from another origin.
 */
export const crossSiteCheck: MiddlewareHandler = async (c, next) => {
  const site = c.req.header('sec-fetch-site');
  if (site === 'cross-site' || site === 'same-site') {
    return c.json(
      { message: 'Cross-site requests are refused.', code: 'CROSS_SITE', source: 'gateway' },
      403,
    );
  }
  const method = c.req.method;
  if (method !== 'GET' && method !== 'HEAD') {
    const origin = c.req.header('origin');
    if (c.req.path.startsWith('/api/') && !statesIntent(c)) {
      return c.json(
        {
          message: `A write must say where it comes from: send Origin, Sec-Fetch-Site or ${WRITE_INTENT_HEADER}.`,
          code: 'NO_INTENT',
          source: 'gateway',
        },
        403,
      );
    }
    const host = requestHost(c);
    if (origin !== undefined && origin !== `http://${host}` && origin !== `https://${host}`) {
      return c.json(
        { message: 'Requests from another origin are refused.', code: 'BAD_ORIGIN', source: 'gateway' },
        403,
      );
    }
  }
  await next();
};

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** HTTP Basic access password (any user name), required when Ferry listens beyond loopback. */
export function passwordCheck(password: string): MiddlewareHandler {
  return async (c, next) => {
    const header = c.req.header('authorization') ?? '';
    const match = /^Basic\s+([A-Za-z0-9+/=]+)$/.exec(header);
    const decoded = match?.[1] ? Buffer.from(match[1], 'base64').toString('utf8') : '';
    const given = decoded.slice(decoded.indexOf(':') + 1);
    if (!match || !sameSecret(given, password)) {
      return c.json(
        { message: 'Ferry needs its access password.', code: 'PASSWORD_REQUIRED', source: 'gateway' },
        401,
        {
          'www-authenticate': 'Basic realm="Ferry", charset="UTF-8"',
        },
      );
    }
    await next();
  };
}

/** The live credentials (and their base64 forms), long enough to search for without false hits. */
export function secretsOf(
  config: Pick<GatewayConfig, 'github' | 'registrar'> & Partial<Pick<GatewayConfig, 'target'>>,
): string[] {
  const live = config.github.mode === 'live';
  const targetLive = config.target?.mode === 'live';
  const values = [
    ...[
      ...(live ? config.github.credentials : []),
      ...(targetLive ? (config.target?.credentials ?? []) : []),
    ].map((credential) => (credential.kind === 'app' ? credential.privateKey : credential.token)),
    config.registrar.mode === 'live' ? config.registrar.apiKey : undefined,
    config.registrar.mode === 'live' ? config.registrar.secretApiKey : undefined,
  ].filter((value): value is string => typeof value === 'string' && value.length >= 8);
  return [...values, ...values.map((value) => Buffer.from(value).toString('base64'))];
}

/**
 * An upstream (or a proxy in front of it) that reflects the request would hand our credentials to the
 * browser. API answers lose any header that carries one. JSON bodies are redacted where they are read,
 * bounded, in `forward.ts` (every spelling, `redact.ts`); other bodies (archives) stream untouched.
 */
export function redactSecrets(known: () => readonly string[]): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const secrets = known();
    if (secrets.length === 0) return;
    const carrying = [...c.res.headers].filter(([, value]) =>
      secrets.some((secret) => value.includes(secret)),
    );
    for (const [name] of carrying) c.res.headers.delete(name);
  };
}
