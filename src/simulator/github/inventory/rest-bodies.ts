import { createHash, createPrivateKey, createPublicKey } from 'node:crypto';
import { buildMinimalRepository, buildSimpleRepository, type SimRepo } from '../factories/repository';
import { buildSimpleUser, type SimAccount } from '../factories/user';
import type { RepositoryResources, SimHook, SimInstallation, SimTeam } from './repository-resources';

/**
 * The REST bodies of what a pre-move inventory reads from the source (issue 49), in GitHub's shapes (its OpenAPI
 * description's `hook`, `installation`, `package`, `code-scanning-organization-alert-items`,
 * `organization-secret-scanning-alert`, `runner`, `team`…), built from `repositoryResources` and
 * `organizationResources`. The model has no dates: a repository's resources were made when it was created and
 * last changed when it was last pushed to.
 */
export interface Urls {
  api: string;
  web: string;
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Webhooks (`hook`): the secret masked as GitHub masks it, never its value. */
export function hookBody(
  hook: SimHook,
  repo: Pick<SimRepo, 'owner' | 'name' | 'createdAt' | 'pushedAt'>,
  { api }: Urls,
) {
  const url = `${api}/repos/${repo.owner}/${repo.name}/hooks/${hook.id}`;
  return {
    type: 'Repository',
    id: hook.id,
    name: 'web',
    active: hook.active,
    events: [...hook.events],
    config: {
      content_type: hook.contentType,
      insecure_ssl: '0',
      ...(hook.hasSecret ? { secret: '********' } : {}),
      url: hook.url,
    },
    updated_at: repo.pushedAt,
    created_at: repo.createdAt,
    url,
    test_url: `${url}/test`,
    ping_url: `${url}/pings`,
    deliveries_url: `${url}/deliveries`,
    last_response: hook.active
      ? { code: 200, status: 'active', message: 'OK' }
      : { code: null, status: 'unused', message: null },
  };
}

/** A CI app's usual grants (the model names apps, not what they may do). */
const APP_PERMISSIONS = {
  checks: 'write',
  contents: 'read',
  metadata: 'read',
  pull_requests: 'write',
  statuses: 'write',
} as const;

/** An app installed on an organization (`installation`). */
export function installationBody(installation: SimInstallation, org: SimAccount, { api, web }: Urls) {
  const appId = 1_000 + installation.id;
  return {
    id: installation.id,
    client_id: `Iv1.${digest(`app:${installation.appSlug}`).toString('hex').slice(0, 16)}`,
    account: buildSimpleUser(org, api, web),
    repository_selection: installation.selection,
    access_tokens_url: `${api}/app/installations/${installation.id}/access_tokens`,
    repositories_url: `${api}/installation/repositories`,
    html_url: `${web}/organizations/${org.login}/settings/installations/${installation.id}`,
    app_id: appId,
    app_slug: installation.appSlug,
    target_id: org.id,
    target_type: 'Organization',
    permissions: { ...APP_PERMISSIONS },
    events: ['check_run', 'check_suite', 'pull_request', 'push'],
    created_at: org.createdAt,
    updated_at: org.createdAt,
    single_file_name: null,
    has_multiple_single_files: false,
    single_file_paths: [],
    suspended_by: null,
    suspended_at: null,
  };
}

export type PackageType = RepositoryResources['packages'][number]['type'];

/** A package (`package`) published from one of the organization's repositories, linked to it. */
export function packageBody(
  found: { index: number; name: string; type: PackageType },
  repo: SimRepo,
  org: SimAccount,
  urls: Urls,
) {
  const { api, web } = urls;
  return {
    id: repo.id * 10 + found.index + 1,
    name: found.name,
    package_type: found.type,
    owner: buildSimpleUser(org, api, web),
    version_count: 1 + (repo.id % 9),
    visibility: repo.private ? 'private' : 'public',
    url: `${api}/orgs/${org.login}/packages/${found.type}/${encodeURIComponent(found.name)}`,
    html_url: `${web}/orgs/${org.login}/packages/${found.type}/package/${encodeURIComponent(found.name)}`,
    created_at: repo.createdAt,
    updated_at: repo.pushedAt,
    repository: buildMinimalRepository(repo, org, api, web),
  };
}

/** CodeQL's words for the rules the model names. */
const RULES: Record<string, { description: string; level: 'critical' | 'high' | 'medium' | 'low' }> = {
  'js/sql-injection': { description: 'Database query built from user-controlled sources', level: 'high' },
  'js/weak-crypto': { description: 'Use of a broken or weak cryptographic algorithm', level: 'medium' },
  'py/path-injection': { description: 'Uncontrolled data used in path expression', level: 'high' },
};

type CodeScanningAlert = RepositoryResources['codeScanningAlerts'][number];

/** An open CodeQL alert on the default branch (`code-scanning-organization-alert-items`). */
export function codeScanningAlertBody(
  alert: CodeScanningAlert,
  repo: SimRepo,
  org: SimAccount,
  where: { branch: string; commit: string },
  { api, web }: Urls,
) {
  const full = `${repo.owner}/${repo.name}`;
  const url = `${api}/repos/${full}/code-scanning/alerts/${alert.number}`;
  const rule = RULES[alert.rule] ?? { description: alert.rule, level: 'medium' as const };
  const language = alert.rule.split('/')[0] === 'py' ? 'python' : 'javascript';
  const path = language === 'python' ? 'app/files.py' : 'src/db/query.js';
  return {
    number: alert.number,
    created_at: repo.pushedAt,
    updated_at: repo.pushedAt,
    url,
    html_url: `${web}/${full}/security/code-scanning/${alert.number}`,
    instances_url: `${url}/instances`,
    state: 'open',
    fixed_at: null,
    dismissed_by: null,
    dismissed_at: null,
    dismissed_reason: null,
    dismissed_comment: null,
    rule: {
      id: alert.rule,
      name: alert.rule,
      severity: alert.severity,
      security_severity_level: rule.level,
      description: rule.description,
      tags: ['security'],
    },
    tool: { name: 'CodeQL', guid: null, version: '2.20.1' },
    most_recent_instance: {
      ref: `refs/heads/${where.branch}`,
      analysis_key: '.github/workflows/codeql.yml:analyze',
      environment: `{"language":"${language}"}`,
      category: `/language:${language}`,
      state: 'open',
      commit_sha: where.commit,
      message: { text: rule.description },
      location: {
        path,
        start_line: 10 + alert.number,
        end_line: 10 + alert.number,
        start_column: 5,
        end_column: 40,
      },
      classifications: [],
    },
    repository: buildSimpleRepository(repo, org, api, web),
    assignees: [],
  };
}

type SecretScanningAlert = RepositoryResources['secretScanningAlerts'][number];

/** `stripe_api_key` → `Stripe API Key`. */
const displayName = (secretType: string) =>
  secretType
    .split('_')
    .map((word) => (word === 'api' ? 'API' : word.charAt(0).toUpperCase() + word.slice(1)))
    .join(' ');

/** An open secret scanning alert (`organization-secret-scanning-alert`); the secret itself is never answered. */
export function secretScanningAlertBody(
  alert: SecretScanningAlert,
  repo: SimRepo,
  org: SimAccount,
  { api, web }: Urls,
) {
  const full = `${repo.owner}/${repo.name}`;
  const url = `${api}/repos/${full}/secret-scanning/alerts/${alert.number}`;
  return {
    number: alert.number,
    created_at: repo.pushedAt,
    updated_at: null,
    url,
    html_url: `${web}/${full}/security/secret-scanning/${alert.number}`,
    locations_url: `${url}/locations`,
    state: 'open',
    resolution: null,
    resolved_at: null,
    resolved_by: null,
    resolution_comment: null,
    secret_type: alert.secretType,
    secret_type_display_name: displayName(alert.secretType),
    validity: 'unknown',
    publicly_leaked: false,
    multi_repo: false,
    is_base64_encoded: false,
    has_more_locations: false,
    push_protection_bypassed: false,
    push_protection_bypassed_by: null,
    push_protection_bypassed_at: null,
    repository: buildSimpleRepository(repo, org, api, web),
  };
}

/** Labels the runner application applies itself (GitHub's read-only ones); anything else is custom. */
const READ_ONLY_LABELS = new Set(['self-hosted', 'linux', 'windows', 'macos', 'x64', 'arm', 'arm64']);

/** A self-hosted runner (`runner`): online and idle. */
export function runnerBody(runner: RepositoryResources['runners'][number]) {
  return {
    id: runner.id,
    runner_group_id: 1,
    name: runner.name,
    os: runner.os,
    status: 'online',
    busy: false,
    ephemeral: false,
    labels: runner.labels.map((name, index) => ({
      id: runner.id * 10 + index + 1,
      name,
      type: READ_ONLY_LABELS.has(name.toLowerCase()) ? 'read-only' : 'custom',
    })),
  };
}

/**
 * The repository's Actions public key (`actions-public-key`): a real X25519 key pair derived from the repository's
 * id, so a client can seal a secret for it (libsodium's `crypto_box_seal`) and the simulator could open it.
 */
export function actionsKeyPair(repo: Pick<SimRepo, 'id'>) {
  const seed = digest(`actions-secrets:${repo.id}`);
  // PKCS #8 for an X25519 private key: the fixed prefix, then its 32 bytes.
  const der = Buffer.concat([Buffer.from('302e020100300506032b656e04220420', 'hex'), seed]);
  const privateKey = createPrivateKey({ key: der, format: 'der', type: 'pkcs8' });
  const jwk = createPublicKey(privateKey).export({ format: 'jwk' });
  const key = Buffer.from(jwk.x ?? '', 'base64url').toString('base64');
  const keyId = (digest(`actions-key-id:${repo.id}`).readBigUInt64BE() % 10n ** 18n).toString();
  return { privateKey, body: { key_id: keyId, key } };
}

/** A team as GitHub's `team-simple` names it (a parent). */
export function teamSimple(
  team: Pick<SimTeam, 'id' | 'name' | 'privacy' | 'slug'> & { description: string | null },
  org: SimAccount,
  { api, web }: Urls,
) {
  const url = `${api}/organizations/${org.id}/team/${team.id}`;
  return {
    id: team.id,
    node_id: Buffer.from(`T:${team.id}`).toString('base64').replace(/=+$/, ''),
    url,
    members_url: `${url}/members{/member}`,
    name: team.name,
    description: team.description,
    permission: 'pull',
    privacy: team.privacy,
    notification_setting: 'notifications_enabled',
    html_url: `${web}/orgs/${org.login}/teams/${team.slug}`,
    repositories_url: `${url}/repos`,
    slug: team.slug,
    type: 'organization',
    organization_id: org.id,
  };
}

/** A team (`team`), with its parent's `team-simple`. */
export function teamBody(team: SimTeam, parent: SimTeam | undefined, org: SimAccount, urls: Urls) {
  return { ...teamSimple(team, org, urls), parent: parent ? teamSimple(parent, org, urls) : null };
}
