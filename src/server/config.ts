import { parseFaultsEnv, type FaultRuleInput } from '@/simulator/faults/fault-rules';

/**
 * Gateway configuration from the environment (and a `.env` file when present). Secrets are read here and
 * only here; `publicConfig()` is what the browser may see.
 */
export type UpstreamMode = 'simulator' | 'live';

export interface GithubUpstreamConfig {
  mode: UpstreamMode;
  baseUrl: string;
  token?: string;
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
  github: GithubUpstreamConfig;
  registrar: RegistrarUpstreamConfig;
  upstreamTimeoutMs: number;
  /** Largest decoded JSON answer read into memory (`UPSTREAM_JSON_LIMIT_BYTES`); larger ones are a 502. */
  upstreamJsonLimitBytes: number;
  bodyLimitBytes: number;
  simSpeed: number;
  simScenario?: string;
  /** `SIM_FAULTS`: fault rules the embedded simulator starts with (validated here). */
  simFaults: FaultRuleInput[];
}

export const DEFAULT_PORT = 5180;
export const SIMULATOR_ORIGIN = 'http://simulator.internal';

type Env = Record<string, string | undefined>;

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

function positiveInt(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed <= 0)
    throw new Error(`${name} must be a positive integer, got ${value}`);
  return parsed;
}

export function isLoopbackHost(host: string): boolean {
  return (
    host === 'localhost' ||
    host === '::1' ||
    host === '[::1]' ||
    /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host)
  );
}

const CREDENTIALS = ['GITHUB_TOKEN', 'PORKBUN_API_KEY', 'PORKBUN_SECRET_API_KEY', 'FERRY_PASSWORD'] as const;

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
  const token = env.GITHUB_TOKEN?.trim() || undefined;
  const githubLive = Boolean(token || env.GITHUB_API_URL);
  const apiKey = env.PORKBUN_API_KEY?.trim() || undefined;
  const secretApiKey = env.PORKBUN_SECRET_API_KEY?.trim() || undefined;
  if (Boolean(apiKey) !== Boolean(secretApiKey)) {
    throw new Error('Set both PORKBUN_API_KEY and PORKBUN_SECRET_API_KEY, or neither.');
  }
  const registrarLive = Boolean(apiKey || env.PORKBUN_API_URL);
  const host = env.HOST?.trim() || '127.0.0.1';
  const password = env.FERRY_PASSWORD || undefined;
  if (!isLoopbackHost(host) && !password) {
    throw new Error(
      `Refusing to listen on ${host} without FERRY_PASSWORD: a non-loopback address needs an access password.`,
    );
  }

  return {
    host,
    port: positiveInt('PORT', env.PORT, DEFAULT_PORT),
    password,
    allowedHosts: (env.FERRY_ALLOWED_HOSTS ?? '')
      .split(',')
      .map((name) => name.trim().toLowerCase())
      .filter(Boolean),
    github: githubLive
      ? {
          mode: 'live',
          baseUrl: httpUrl('GITHUB_API_URL', env.GITHUB_API_URL || 'https://api.github.com'),
          token,
        }
      : { mode: 'simulator', baseUrl: `${SIMULATOR_ORIGIN}/api/v3` },
    registrar: registrarLive
      ? {
          mode: 'live',
          baseUrl: httpUrl('PORKBUN_API_URL', env.PORKBUN_API_URL || 'https://api.porkbun.com/api/json/v3'),
          apiKey,
          secretApiKey,
        }
      : { mode: 'simulator', baseUrl: `${SIMULATOR_ORIGIN}/api/json/v3` },
    upstreamTimeoutMs: positiveInt('UPSTREAM_TIMEOUT_MS', env.UPSTREAM_TIMEOUT_MS, 15_000),
    upstreamJsonLimitBytes: positiveInt(
      'UPSTREAM_JSON_LIMIT_BYTES',
      env.UPSTREAM_JSON_LIMIT_BYTES,
      8 * 1024 * 1024,
    ),
    bodyLimitBytes: positiveInt('BODY_LIMIT_BYTES', env.BODY_LIMIT_BYTES, 256 * 1024),
    simSpeed: Number(env.SIM_SPEED ?? 1) >= 0 ? Number(env.SIM_SPEED ?? 1) : 1,
    simScenario: env.SIM_SCENARIO,
    simFaults: parseFaultsEnv(env.SIM_FAULTS),
  };
}
