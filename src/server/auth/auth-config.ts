import { readFileSync } from 'node:fs';
import { SIM_OAUTH_CLIENT } from '@/contracts/simulated-oauth';

/**
 * `FERRY_AUTH=github` (issue 51): people sign in with the source GitHub's OAuth web flow; unset keeps today's
 * behaviour (one user: loopback, or the shared `FERRY_PASSWORD`). Roles are read in `FERRY_AUTH_ORG` (the source
 * organization whose owners are admins; the simulator's `octo-org` by default in simulator mode).
 */
export interface AuthConfig {
  mode: 'none' | 'github';
  /** `GITHUB_OAUTH_CLIENT_ID`. */
  clientId: string;
  /** `GITHUB_OAUTH_CLIENT_SECRET` or the file `GITHUB_OAUTH_CLIENT_SECRET_FILE` names. */
  clientSecret: string;
  /** The source organization roles are read in. */
  organization: string;
  /** Where the browser signs in: the source GitHub's web origin (`GITHUB_WEB_URL`, else derived from the API's). */
  webUrl: string;
  /** `FERRY_SESSION_IDLE_MINUTES` (default 60) and `FERRY_SESSION_MAX_HOURS` (default 12). */
  idleMs: number;
  maxMs: number;
}

type Env = Record<string, string | undefined>;

/** The simulator's OAuth App: the defaults in simulator mode (a constant of the contracts: live mode loads no simulator). */
const SIMULATED_OAUTH = SIM_OAUTH_CLIENT;

const whole = (name: string, value: string | undefined, fallback: number, max: number) => {
  if (value === undefined || value.trim() === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 1 || parsed > max)
    throw new Error(`${name} must be a whole number from 1 to ${max}.`);
  return parsed;
};

/** GitHub.com's API answers at api.github.com and signs in at github.com; GHES at `/api/v3` beside its web. */
export function webUrlOf(apiUrl: string): string {
  // An API address that is not a URL is refused by the configuration's own check, with its words.
  if (!URL.canParse(apiUrl)) return apiUrl;
  const url = new URL(apiUrl);
  if (url.hostname === 'api.github.com') return 'https://github.com';
  return `${url.origin}${url.pathname.replace(/\/+$/, '').replace(/\/api\/v3$/, '')}`;
}

export function loadAuthConfig(
  env: Env,
  github: { mode: 'live' | 'simulator'; baseUrl: string },
): AuthConfig {
  const mode = env.FERRY_AUTH?.trim() || 'none';
  if (mode !== 'none' && mode !== 'github') throw new Error('FERRY_AUTH is "github" or unset.');
  const simulated = github.mode === 'simulator';
  const secretFile = env.GITHUB_OAUTH_CLIENT_SECRET_FILE?.trim();
  const clientSecret =
    (secretFile ? readFileSync(secretFile, 'utf8').trim() : env.GITHUB_OAUTH_CLIENT_SECRET?.trim()) ||
    (simulated ? SIMULATED_OAUTH.clientSecret : '');
  const clientId = env.GITHUB_OAUTH_CLIENT_ID?.trim() || (simulated ? SIMULATED_OAUTH.clientId : '');
  const organization = env.FERRY_AUTH_ORG?.trim() || (simulated ? 'octo-org' : '');
  if (mode === 'github') {
    if (!clientId || !clientSecret)
      throw new Error(
        'FERRY_AUTH=github needs GITHUB_OAUTH_CLIENT_ID and GITHUB_OAUTH_CLIENT_SECRET[_FILE].',
      );
    if (!/^[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})$/.test(organization))
      throw new Error('FERRY_AUTH=github needs FERRY_AUTH_ORG: the source organization roles are read in.');
  }
  return {
    mode,
    clientId,
    clientSecret,
    organization,
    webUrl: env.GITHUB_WEB_URL?.trim() || webUrlOf(github.baseUrl),
    idleMs: whole('FERRY_SESSION_IDLE_MINUTES', env.FERRY_SESSION_IDLE_MINUTES, 60, 24 * 60) * 60_000,
    maxMs: whole('FERRY_SESSION_MAX_HOURS', env.FERRY_SESSION_MAX_HOURS, 12, 24 * 30) * 3_600_000,
  };
}
