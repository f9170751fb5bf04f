import { SIM_APP, SIM_APP_PRIVATE_KEY } from '@/simulator/github/apps';
import { SIM_FINE_GRAINED_TOKEN, SIM_TOKENS } from '@/simulator/github/seed';
import { TARGET_TOKENS } from '@/simulator/target/seed';
import { DEFAULT_CREDENTIAL } from '@/contracts/credentials';
import { loadGithubCredentials, tokenKind, type GithubCredentialConfig } from './credential-config';

type Env = Record<string, string | undefined>;

/** Which seeded user the gateway acts as on the embedded simulator (`SIM_GITHUB_USER`, default octocat). */
export type SimUser = keyof typeof SIM_TOKENS;

export function simUserOf(env: Env): SimUser {
  return env.SIM_GITHUB_USER?.trim() === 'hubot' ? 'hubot' : 'octocat';
}

/** The simulator's other credentials (`SIM_CREDENTIALS=several`): two more kinds and another user. */
const SIM_OTHERS: GithubCredentialConfig[] = [
  { name: 'hubot', kind: 'classic', token: SIM_TOKENS.hubot },
  { name: 'fine-grained', kind: 'fine-grained', token: SIM_FINE_GRAINED_TOKEN },
  {
    name: 'app',
    kind: 'app',
    appId: String(SIM_APP.id),
    installationId: SIM_APP.installationId,
    privateKey: SIM_APP_PRIVATE_KEY,
  },
];

/**
 * THE list of GitHub credentials, derived once from the environment: live, what it names (`GITHUB_TOKEN` as
 * `default` first); on the embedded simulator, the seeded user's token as `default` (and, with
 * `SIM_CREDENTIALS=several`, three more). Everything after this — the forwarder, the wave runner, `/api/config`,
 * the rate-limit page — takes the list as it is; which one a feature uses by default is
 * `defaultCredential()` in src/contracts/credentials.ts.
 */
export function credentialList(
  env: Env,
  mode: 'live' | 'simulator',
  prefix: CredentialPrefix = '',
): GithubCredentialConfig[] {
  if (mode === 'live') return loadGithubCredentials(env, prefix);
  if (prefix === 'TARGET_') return simulatedTargetList(env);
  const token = SIM_TOKENS[simUserOf(env)];
  const own: GithubCredentialConfig = { name: DEFAULT_CREDENTIAL, kind: tokenKind(token), token };
  return env.SIM_CREDENTIALS?.trim() === 'several' ? [own, ...SIM_OTHERS] : [own];
}

/**
 * Which side a list is for: `''` the source (`GITHUB_TOKEN…`), `TARGET_` the organization a move lands in
 * (`TARGET_GITHUB_TOKEN…`, read by the same rules).
 */
export type CredentialPrefix = '' | 'TARGET_';

/**
 * The embedded simulator's target GitHub.com (src/simulator/target/seed.ts): octocat's classic PAT as `default`;
 * with `SIM_CREDENTIALS=several`, monalisa's classic PAT (a migrator's scopes) and the two kinds GEI refuses,
 * an App installation's token and a fine-grained PAT.
 */
function simulatedTargetList(env: Env): GithubCredentialConfig[] {
  const own: GithubCredentialConfig = {
    name: DEFAULT_CREDENTIAL,
    kind: tokenKind(TARGET_TOKENS.octocat),
    token: TARGET_TOKENS.octocat,
  };
  if (env.SIM_CREDENTIALS?.trim() !== 'several') return [own];
  return [
    own,
    ...(['monalisa', 'installation', 'fineGrained'] as const).map((who): GithubCredentialConfig => ({
      name: who === 'fineGrained' ? 'fine-grained' : who === 'installation' ? 'app' : who,
      kind: tokenKind(TARGET_TOKENS[who]),
      token: TARGET_TOKENS[who],
    })),
  ];
}
