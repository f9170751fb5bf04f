import { loadAuthConfig, type AuthConfig } from './auth/auth-config';
import { DEFAULT_MAX_UNKNOWN_RATE_CATEGORIES } from '@/contracts/github/rate-categories';
import { GITHUB_API_VERSION, GITHUB_API_VERSIONS, type GithubApiVersion } from '@/contracts/github/http';
import { parseFaultsEnv, type FaultRuleInput } from '@/simulator/faults/fault-rules';
import type { GithubCredentialConfig } from './credentials/credential-config';
import { credentialList, simUserOf, type SimUser } from './credentials/credential-list';
import { SIM_REGISTRAR_KEYS } from '@/simulator/registrar/keys';
import { TARGET_SIMULATOR_ORIGIN } from '@/simulator/target/app';
import { DEFAULT_WATCH_MAX_ENTRIES } from './watch/watch-entry';

/**
 * Gateway configuration from the environment (and a `.env` file when present). Secrets are read here and
 * only here; `publicConfig()` is what the browser may see.
 */
export type UpstreamMode = 'simulator' | 'live';

export interface GithubUpstreamConfig {
  mode: UpstreamMode;
  baseUrl: string;
  /**
   * Every GitHub credential, in order (`GITHUB_TOKEN` as `default` first; on the simulator, its seeded user's):
   * derived once, by `credentialList()` (src/server/credentials/credential-list.ts).
   */
  credentials: GithubCredentialConfig[];
  /** `GITHUB_API_VERSION`: the `X-GitHub-Api-Version` every request sends. */
  apiVersion: GithubApiVersion;
}

/**
 * The GitHub.com (or GHE.com) organization a move lands in (issue 36): GraphQL at `{baseUrl}/graphql`, archives
 * to `uploadsUrl`. Live when any `TARGET_` variable is set or the source is live; otherwise the embedded
 * simulator's target with its seeded tokens.
 */
export interface TargetUpstreamConfig {
  mode: UpstreamMode;
  /** `TARGET_GITHUB_API_URL` (default `https://api.github.com`). */
  baseUrl: string;
  /** `TARGET_GITHUB_UPLOADS_URL` (default `https://uploads.github.com`): GitHub-owned storage. */
  uploadsUrl: string;
  /** `TARGET_GITHUB_TOKEN`, `TARGET_GITHUB_TOKEN_<NAME>`: derived once, by `credentialList(env, mode, 'TARGET_')`. */
  credentials: GithubCredentialConfig[];
}

export interface RegistrarUpstreamConfig {
  mode: UpstreamMode;
  baseUrl: string;
  apiKey?: string;
  secretApiKey?: string;
}

export interface GatewayConfig {
  host: string;
  port: number;
  /** Required when listening on a non-loopback address; then every request must present it. */
  password?: string;
  /** Extra `Host` names accepted besides localhost/127.0.0.1/[::1] on `port`. */
  allowedHosts: string[];
  /** `FERRY_PUBLIC_URL`: where people open Ferry (alerts link its pages); default the address it binds. */
  publicUrl: string;
  github: GithubUpstreamConfig;
  /** Sign-in (issue 51): `FERRY_AUTH=github`, else none. */
  auth: AuthConfig;
  target: TargetUpstreamConfig;
  registrar: RegistrarUpstreamConfig;
  upstreamTimeoutMs: number;
  /** Largest decoded JSON answer read into memory (`UPSTREAM_JSON_LIMIT_BYTES`); larger ones are a 502. */
  upstreamJsonLimitBytes: number;
  /** Unknown rate-limit category names kept apart before the rest count as `other`. */
  rateCategoriesMaxUnknown: number;
  /** `WATCH_MAX_ENTRIES`: resources the shared watcher follows at once; the least recently asked go first. */
  watchMaxEntries: number;
  /** `UPSTREAM_TOTAL_MS`: a JSON exchange ends by then, however steadily it drips. */
  upstreamTotalMs: number;
  /** `ARCHIVE_TOTAL_MS`: one archive download (to a browser or to disk) ends by then. */
  archiveTotalMs: number;
  /** `ARCHIVE_MAX_BYTES`: the largest archive Ferry streams or stores. */
  archiveMaxBytes: number;
  /**
   * `GITHUB_STORAGE_ORIGINS`: origins besides GitHub's own storage that archive redirects may point at (a GHES
   * storage host, a standalone simulator's storage port). Exact origins: scheme, host and port.
   */
  storageOrigins: string[];
  bodyLimitBytes: number;
  simSpeed: number;
  simScenario?: string;
  /** `SIM_FAULTS`: fault rules the embedded simulator starts with (validated here). */
  simFaults: FaultRuleInput[];
  /** `SIM_ARCHIVE_BYTES_PER_KB`: simulated archive bytes per KB of repository size. */
  simArchiveBytesPerKb: number;
  /**
   * `SIM_CREDENTIALS=several`: on the embedded simulator, hubot's token, a fine-grained token and the
   * simulated App installation besides octocat's (`one`, the default: octocat's only).
   */
  simCredentials: 'one' | 'several';
  /** `SIM_GITHUB_USER`: the seeded user the gateway acts as on the embedded simulator (octocat or hubot). */
  simUser: SimUser;
  /** `WAVE_CHECK_MAX_MS`: the longest wait between two checks of a running export (waits grow up to it). */
  waveCheckMaxMs: number;
  /** `AUDIT_RETENTION_DAYS`: audit entries older than this are pruned (once a day) from the start of the chain. */
  auditRetentionDays: number;
}

export const DEFAULT_PORT = 5180;
/** `AUDIT_RETENTION_DAYS` unset: audit entries are kept 400 days (a year and a quarter). */
export const DEFAULT_AUDIT_RETENTION_DAYS = 400;
export const SIMULATOR_ORIGIN = 'http://simulator.internal';

type Env = Record<string, string | undefined>;

function githubApiVersion(value: string | undefined): GithubApiVersion {
  const given = value?.trim() || GITHUB_API_VERSION;
  const known = GITHUB_API_VERSIONS.find((version) => version === given);
  if (!known)
    throw new Error(
      `GITHUB_API_VERSION must be one of ${GITHUB_API_VERSIONS.join(', ')} (GitHub Enterprise Server 3.20 takes only ${GITHUB_API_VERSION}).`,
    );
  return known;
}

function httpUrl(name: string, value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`${name} is not a URL: ${value}`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new Error(`${name} must be http(s): ${value}`);
  if (url.username || url.password) throw new Error(`${name} must not carry credentials`);
  return url.toString().replace(/\/+$/, '');
}

/**
 * `FERRY_PUBLIC_URL` (an http(s) address, a path allowed for a proxy's prefix; no credentials, query or
 * fragment), or the address the gateway binds.
 */
function publicUrl(value: string | undefined, host: string, port: number): string {
  const given = value?.trim();
  if (!given) return `http://${host.includes(':') && !host.startsWith('[') ? `[${host}]` : host}:${port}`;
  const url = new URL(httpUrl('FERRY_PUBLIC_URL', given));
  if (url.search || url.hash)
    throw new Error(`FERRY_PUBLIC_URL takes an address without a query or fragment, got ${given}`);
  return url.toString().replace(/\/+$/, '');
}

/** One entry of `GITHUB_STORAGE_ORIGINS`: an http(s) origin and nothing else (no path, no credentials). */
function storageOrigin(value: string): string {
  const url = new URL(httpUrl('GITHUB_STORAGE_ORIGINS', value));
  if (url.pathname !== '/' || url.search || url.hash) {
    throw new Error(`GITHUB_STORAGE_ORIGINS takes origins (scheme://host:port), got ${value}`);
  }
  return url.origin;
}

/** Node's timers hold 32 bits: a longer delay fires at once, so durations stop here. */
const LONGEST_TIMER_MS = 2 ** 31 - 1;

function positiveInt(
  name: string,
  value: string | undefined,
  fallback: number,
  max = Number.MAX_SAFE_INTEGER,
): number {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed <= 0 || parsed > max)
    throw new Error(`${name} must be a whole number from 1 to ${max}, got ${value}`);
  return parsed;
}

function durationMs(name: string, value: string | undefined, fallback: number): number {
  return positiveInt(name, value, fallback, LONGEST_TIMER_MS);
}

export function isLoopbackHost(host: string): boolean {
  return (
    host === 'localhost' ||
    host === '::1' ||
    host === '[::1]' ||
    /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host)
  );
}

const CREDENTIALS = [
  'GITHUB_TOKEN',
  'TARGET_GITHUB_TOKEN',
  'PORKBUN_API_KEY',
  'PORKBUN_SECRET_API_KEY',
  'FERRY_PASSWORD',
] as const;

/**
 * A credential with a control character (a CR/LF pasted along) is refused at start: sent as a header it
 * would fail on every call, and the error would carry its value. The message names it, never shows it.
 */
function refuseControlCharacters(env: Env) {
  for (const name of CREDENTIALS) {
    const value = env[name];
    // Surrounding whitespace (a trailing newline from a file) is trimmed below; anything inside is refused.
    const inner = name === 'FERRY_PASSWORD' ? value : value?.trim();
    // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
    if (inner && /[\x00-\x1f\x7f]/.test(inner)) {
      throw new Error(`${name} contains a control character (CR, LF, tab...); set it without one.`);
    }
  }
}

export function loadConfig(env: Env): GatewayConfig {
  refuseControlCharacters(env);
  const named = credentialList(env, 'live');
  const githubLive = Boolean(named.length > 0 || env.GITHUB_API_URL);
  const apiKey = env.PORKBUN_API_KEY?.trim() || undefined;
  const secretApiKey = env.PORKBUN_SECRET_API_KEY?.trim() || undefined;
  if (Boolean(apiKey) !== Boolean(secretApiKey)) {
    throw new Error('Set both PORKBUN_API_KEY and PORKBUN_SECRET_API_KEY, or neither.');
  }
  const registrarLive = Boolean(apiKey || env.PORKBUN_API_URL);
  const targetNamed = credentialList(env, 'live', 'TARGET_');
  const targetLive = Boolean(
    githubLive || targetNamed.length > 0 || env.TARGET_GITHUB_API_URL || env.TARGET_GITHUB_UPLOADS_URL,
  );
  const host = env.HOST?.trim() || '127.0.0.1';
  const password = env.FERRY_PASSWORD || undefined;
  if (!isLoopbackHost(host) && !password) {
    throw new Error(
      `Refusing to listen on ${host} without FERRY_PASSWORD: a non-loopback address needs an access password.`,
    );
  }

  const port = positiveInt('PORT', env.PORT, DEFAULT_PORT, 65_535);

  return {
    host,
    port,
    password,
    allowedHosts: (env.FERRY_ALLOWED_HOSTS ?? '')
      .split(',')
      .map((name) => name.trim().toLowerCase())
      .filter(Boolean),
    publicUrl: publicUrl(env.FERRY_PUBLIC_URL, host, port),
    auth: loadAuthConfig(
      env,
      githubLive
        ? { mode: 'live', baseUrl: env.GITHUB_API_URL || 'https://api.github.com' }
        : { mode: 'simulator', baseUrl: `${SIMULATOR_ORIGIN}/api/v3` },
    ),
    github: githubLive
      ? {
          mode: 'live',
          baseUrl: httpUrl('GITHUB_API_URL', env.GITHUB_API_URL || 'https://api.github.com'),
          credentials: named,
          apiVersion: githubApiVersion(env.GITHUB_API_VERSION),
        }
      : {
          mode: 'simulator',
          baseUrl: `${SIMULATOR_ORIGIN}/api/v3`,
          credentials: credentialList(env, 'simulator'),
          apiVersion: githubApiVersion(env.GITHUB_API_VERSION),
        },
    target: targetLive
      ? {
          mode: 'live',
          baseUrl: httpUrl('TARGET_GITHUB_API_URL', env.TARGET_GITHUB_API_URL || 'https://api.github.com'),
          uploadsUrl: httpUrl(
            'TARGET_GITHUB_UPLOADS_URL',
            env.TARGET_GITHUB_UPLOADS_URL || 'https://uploads.github.com',
          ),
          credentials: targetNamed,
        }
      : {
          mode: 'simulator',
          baseUrl: TARGET_SIMULATOR_ORIGIN,
          uploadsUrl: `${TARGET_SIMULATOR_ORIGIN}/uploads`,
          credentials: credentialList(env, 'simulator', 'TARGET_'),
        },
    registrar: registrarLive
      ? {
          mode: 'live',
          baseUrl: httpUrl('PORKBUN_API_URL', env.PORKBUN_API_URL || 'https://api.porkbun.com/api/json/v3'),
          apiKey,
          secretApiKey,
        }
      : { mode: 'simulator', baseUrl: `${SIMULATOR_ORIGIN}/api/json/v3`, ...SIM_REGISTRAR_KEYS },
    upstreamTimeoutMs: durationMs('UPSTREAM_TIMEOUT_MS', env.UPSTREAM_TIMEOUT_MS, 15_000),
    upstreamJsonLimitBytes: positiveInt(
      'UPSTREAM_JSON_LIMIT_BYTES',
      env.UPSTREAM_JSON_LIMIT_BYTES,
      8 * 1024 * 1024,
    ),
    upstreamTotalMs: durationMs('UPSTREAM_TOTAL_MS', env.UPSTREAM_TOTAL_MS, 60_000),
    rateCategoriesMaxUnknown: positiveInt(
      'RATE_CATEGORIES_MAX_UNKNOWN',
      env.RATE_CATEGORIES_MAX_UNKNOWN,
      DEFAULT_MAX_UNKNOWN_RATE_CATEGORIES,
      1_000,
    ),
    watchMaxEntries: positiveInt(
      'WATCH_MAX_ENTRIES',
      env.WATCH_MAX_ENTRIES,
      DEFAULT_WATCH_MAX_ENTRIES,
      100_000,
    ),
    archiveTotalMs: durationMs('ARCHIVE_TOTAL_MS', env.ARCHIVE_TOTAL_MS, 6 * 60 * 60_000),
    archiveMaxBytes: positiveInt('ARCHIVE_MAX_BYTES', env.ARCHIVE_MAX_BYTES, 100 * 1024 ** 3),
    storageOrigins: (env.GITHUB_STORAGE_ORIGINS ?? '')
      .split(',')
      .map((origin) => origin.trim())
      .filter(Boolean)
      .map((origin) => storageOrigin(origin)),
    bodyLimitBytes: positiveInt('BODY_LIMIT_BYTES', env.BODY_LIMIT_BYTES, 256 * 1024),
    simSpeed: Number(env.SIM_SPEED ?? 1) >= 0 ? Number(env.SIM_SPEED ?? 1) : 1,
    simScenario: env.SIM_SCENARIO,
    simFaults: parseFaultsEnv(env.SIM_FAULTS),
    simArchiveBytesPerKb:
      Number(env.SIM_ARCHIVE_BYTES_PER_KB ?? 1) >= 0 ? Number(env.SIM_ARCHIVE_BYTES_PER_KB ?? 1) : 1,
    simCredentials: env.SIM_CREDENTIALS?.trim() === 'several' ? 'several' : 'one',
    simUser: simUserOf(env),
    waveCheckMaxMs: durationMs('WAVE_CHECK_MAX_MS', env.WAVE_CHECK_MAX_MS, 30_000),
    auditRetentionDays: positiveInt(
      'AUDIT_RETENTION_DAYS',
      env.AUDIT_RETENTION_DAYS?.trim(),
      DEFAULT_AUDIT_RETENTION_DAYS,
      36_500,
    ),
  };
}

/**
 * The upstream's seconds per real second: the embedded simulator runs its clock `SIM_SPEED` times faster, so a
 * wait it names (a reset, a `retry-after`) lasts that much less real time; GitHub itself (and a frozen clock,
 * which only a test moves) is 1.
 */
export function upstreamClockRate(config: GatewayConfig, side: 'github' | 'target'): number {
  return config[side].mode === 'simulator' && config.simSpeed > 1 ? config.simSpeed : 1;
}
