import { readFileSync } from 'node:fs';
import { CREDENTIAL_NAME, DEFAULT_CREDENTIAL, type CredentialKind } from '@/contracts/credentials';

/**
 * GitHub credentials from the environment. `GITHUB_TOKEN` is the single-credential case (named `default`);
 * more are named by their variable:
 *
 * - `GITHUB_TOKEN_<NAME>`: a personal access token (classic, or fine-grained when it starts `github_pat_`);
 * - `GITHUB_APP_<NAME>_ID`, `GITHUB_APP_<NAME>_INSTALLATION_ID` and `GITHUB_APP_<NAME>_PRIVATE_KEY_FILE`
 *   (or `GITHUB_APP_<NAME>_PRIVATE_KEY`, the PEM itself): a GitHub App installation.
 *
 * `<NAME>` becomes the credential's name in lower case, `_` as `-`. Order (which one a feature takes by
 * default): `default`, then tokens by name, then Apps by name.
 */
export type TokenCredentialConfig = { name: string; kind: 'classic' | 'fine-grained'; token: string };
export type AppCredentialConfig = {
  name: string;
  kind: 'app';
  appId: string;
  installationId: number;
  privateKey: string;
};
export type GithubCredentialConfig = TokenCredentialConfig | AppCredentialConfig;

type Env = Record<string, string | undefined>;

export { DEFAULT_CREDENTIAL };

/** `GITHUB_TOKEN_<these>` are left alone. */
const NOT_TOKENS = /^(?:FILE|PATH)$/;

export function tokenKind(token: string): Exclude<CredentialKind, 'app'> {
  return token.startsWith('github_pat_') ? 'fine-grained' : 'classic';
}

function credentialName(variable: string, suffix: string): string {
  const name = suffix.toLowerCase().replace(/_/g, '-');
  if (!CREDENTIAL_NAME.test(name) || name === DEFAULT_CREDENTIAL) {
    throw new Error(
      `${variable}: a credential name is 1-40 letters, digits, _ or - (and not "${DEFAULT_CREDENTIAL}", which is GITHUB_TOKEN's).`,
    );
  }
  return name;
}

// eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
const CONTROL = /[\x00-\x1f\x7f]/;

function secretValue(variable: string, value: string): string {
  const trimmed = value.trim();
  if (CONTROL.test(trimmed)) {
    throw new Error(`${variable} contains a control character (CR, LF, tab...); set it without one.`);
  }
  return trimmed;
}

function privateKeyOf(env: Env, prefix: string): string {
  const file = env[`${prefix}_PRIVATE_KEY_FILE`]?.trim();
  let pem = env[`${prefix}_PRIVATE_KEY`];
  if (file) {
    try {
      pem = readFileSync(file, 'utf8');
    } catch (error) {
      const reason = error instanceof Error && 'code' in error ? String(error.code) : 'unreadable';
      throw new Error(`${prefix}_PRIVATE_KEY_FILE cannot be read (${reason}): ${file}`);
    }
  }
  // A key pasted into one line of an environment file keeps its line breaks as `\n`.
  const key = pem?.replace(/\\n/g, '\n').trim();
  if (!key) throw new Error(`${prefix} needs ${prefix}_PRIVATE_KEY_FILE (or ${prefix}_PRIVATE_KEY).`);
  if (!/^-----BEGIN (?:RSA )?PRIVATE KEY-----[\s\S]+-----END (?:RSA )?PRIVATE KEY-----$/.test(key)) {
    throw new Error(`${prefix}'s private key is not a PEM private key (the .pem file GitHub gives an App).`);
  }
  return key;
}

function wholeNumber(variable: string, value: string | undefined): string {
  const trimmed = value?.trim() ?? '';
  if (!/^[1-9]\d{0,15}$/.test(trimmed))
    throw new Error(`${variable} must be a whole number, got "${trimmed}".`);
  return trimmed;
}

/**
 * Every credential the environment names, in order; `GITHUB_TOKEN` first. `prefix` reads another side's set
 * under the same rules (`TARGET_`: `TARGET_GITHUB_TOKEN`, `TARGET_GITHUB_TOKEN_<NAME>`, `TARGET_GITHUB_APP_…`).
 */
export function loadGithubCredentials(env: Env, prefix = ''): GithubCredentialConfig[] {
  const credentials: GithubCredentialConfig[] = [];
  const single = env[`${prefix}GITHUB_TOKEN`]?.trim();
  if (single) credentials.push({ name: DEFAULT_CREDENTIAL, kind: tokenKind(single), token: single });

  const tokens: TokenCredentialConfig[] = [];
  const apps = new Set<string>();
  const tokenVariable = new RegExp(`^${prefix}GITHUB_TOKEN_(\\w+)$`);
  const appVariable = new RegExp(
    `^${prefix}GITHUB_APP_(\\w+?)_(?:ID|INSTALLATION_ID|PRIVATE_KEY|PRIVATE_KEY_FILE)$`,
  );
  for (const [variable, value] of Object.entries(env)) {
    const token = tokenVariable.exec(variable);
    // Other tools' conventions (`GITHUB_TOKEN_FILE`, `…_PATH`) name where a token is, not a token.
    if (token?.[1] && value?.trim() && !NOT_TOKENS.test(token[1])) {
      const secret = secretValue(variable, value);
      tokens.push({ name: credentialName(variable, token[1]), kind: tokenKind(secret), token: secret });
    }
    const app = appVariable.exec(variable);
    if (app?.[1] && value?.trim()) apps.add(app[1]);
  }
  credentials.push(...tokens.sort((a, b) => a.name.localeCompare(b.name)));

  const appConfigs = [...apps].map((suffix): AppCredentialConfig => {
    const app = `${prefix}GITHUB_APP_${suffix}`;
    return {
      name: credentialName(`${app}_ID`, suffix),
      kind: 'app',
      appId: wholeNumber(`${app}_ID`, env[`${app}_ID`]),
      installationId: Number(wholeNumber(`${app}_INSTALLATION_ID`, env[`${app}_INSTALLATION_ID`])),
      privateKey: privateKeyOf(env, app),
    };
  });
  credentials.push(...appConfigs.sort((a, b) => a.name.localeCompare(b.name)));

  const seen = new Set<string>();
  for (const { name } of credentials) {
    if (seen.has(name))
      throw new Error(
        `Two ${prefix ? `${prefix}* ` : ''}GitHub credentials are named "${name}"; give each its own name.`,
      );
    seen.add(name);
  }
  return credentials;
}
