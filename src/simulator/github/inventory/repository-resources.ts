import type { SimRepo } from '../factories/repository';
import { BIG_ORG } from '../big-org';

/**
 * What a simulated source repository holds beyond its Git data and issues (issue 49): the things GitHub
 * Enterprise Importer leaves behind, with the fields GitHub's REST and GraphQL answers carry. Pure and derived
 * from the repository's owner and name only, like `repositoryContent`, so every answer tells the same story.
 * octo-org names one repository per kind (docs/moves.md lists them); big-org spreads them by number.
 *
 * The tree's extra files (`.gitattributes`, LFS pointers, a large model file) are answered by the trees API and
 * GraphQL `object(expression:)` only: the exported archive's Git data does not hold them (a blocked repository is
 * never exported by a move, and LFS pointers would change archives every other test pins).
 */
export interface SimHook {
  id: number;
  active: boolean;
  events: string[];
  url: string;
  contentType: 'json' | 'form';
  /** Whether a secret is set (GitHub masks it: `********`). */
  hasSecret: boolean;
}

export interface SimEnvironment {
  id: number;
  name: string;
  waitTimer: number;
  /** Required reviewers: a user login or a team slug. */
  reviewers: { type: 'User' | 'Team'; name: string }[];
  /** `protected` — protected branches only; `custom` — branch policies; null — any branch. */
  branchPolicy: 'protected' | 'custom' | null;
}

export interface SimFile {
  path: string;
  bytes: number;
}

export interface RepositoryResources {
  hooks: SimHook[];
  secrets: string[];
  variables: { name: string; value: string }[];
  environments: SimEnvironment[];
  deployKeys: { id: number; title: string; readOnly: boolean; key: string }[];
  runners: { id: number; name: string; os: 'linux' | 'windows' | 'macos'; labels: string[] }[];
  /** `.gitattributes` at HEAD, when there is one. */
  gitattributes?: string;
  /** Files beyond the model's README, CHANGELOG and padding (LFS pointers, large files). */
  extraFiles: SimFile[];
  /** Refs beyond the content model's (a ref name over 255 bytes). */
  extraBranches: string[];
  hasWiki: boolean;
  hasPages: boolean;
  hasDiscussions: boolean;
  discussions: number;
  projects: number;
  rulesets: {
    id: number;
    name: string;
    target: 'branch' | 'tag';
    enforcement: 'active' | 'evaluate' | 'disabled';
  }[];
  tagProtections: { id: number; pattern: string }[];
  codeScanningAlerts: { number: number; rule: string; severity: 'error' | 'warning' | 'note' }[];
  secretScanningAlerts: { number: number; secretType: string }[];
  packages: { name: string; type: 'npm' | 'container' | 'maven' | 'rubygems' | 'nuget' | 'docker' }[];
  /** Outside collaborators (not organization members) and their permission. */
  outsideCollaborators: { login: string; permission: 'pull' | 'triage' | 'push' | 'maintain' | 'admin' }[];
}

const NONE: RepositoryResources = {
  hooks: [],
  secrets: [],
  variables: [],
  environments: [],
  deployKeys: [],
  runners: [],
  extraFiles: [],
  extraBranches: [],
  hasWiki: false,
  hasPages: false,
  hasDiscussions: false,
  discussions: 0,
  projects: 0,
  rulesets: [],
  tagProtections: [],
  codeScanningAlerts: [],
  secretScanningAlerts: [],
  packages: [],
  outsideCollaborators: [],
};

const MIB = 1024 * 1024;
const LFS_ATTRIBUTES =
  '*.png filter=lfs diff=lfs merge=lfs -text\n*.psd filter=lfs diff=lfs merge=lfs -text\n';
/** A ref name of 281 bytes: GitHub refuses refs over 255 (limitations of migrated data). */
export const LONG_BRANCH = `feature/${'really-long-branch-name-'.repeat(11)}end`;

const hook = (id: number, url: string, active = true): SimHook => ({
  id,
  active,
  events: ['push', 'pull_request'],
  url,
  contentType: 'json',
  hasSecret: true,
});

const publicKey = (seed: string) =>
  `ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI${Buffer.from(seed.padEnd(32, '.')).toString('base64').slice(0, 43)}`;

/** octo-org's repositories, one or more per kind (docs/moves.md, "The simulated source"). */
const OCTO_ORG: Record<string, Partial<RepositoryResources>> = {
  'hello-world': {
    hooks: [hook(1, 'https://ci.octo-org.example/hooks/github')],
    variables: [
      { name: 'NODE_VERSION', value: '20' },
      { name: 'DEPLOY_REGION', value: 'eu-west-1' },
    ],
    environments: [
      {
        id: 11,
        name: 'production',
        waitTimer: 30,
        reviewers: [
          { type: 'Team', name: 'engineering' },
          { type: 'User', name: 'octocat' },
        ],
        branchPolicy: 'protected',
      },
    ],
    hasWiki: true,
  },
  'octo-web': {
    gitattributes: LFS_ATTRIBUTES,
    extraFiles: [
      { path: 'public/hero.png', bytes: 132 },
      { path: 'public/logo.png', bytes: 131 },
      { path: 'design/landing.psd', bytes: 133 },
    ],
    secrets: ['NPM_TOKEN', 'SENTRY_AUTH_TOKEN'],
    hasPages: true,
    hooks: [hook(2, 'https://deploy.octo-org.example/github', false)],
  },
  'billing-service': {
    deployKeys: [{ id: 21, title: 'release-bot', readOnly: false, key: publicKey('billing-release-bot') }],
    secrets: ['STRIPE_KEY', 'DATABASE_URL'],
    runners: [{ id: 31, name: 'billing-runner-1', os: 'linux', labels: ['self-hosted', 'linux', 'x64'] }],
    codeScanningAlerts: [
      { number: 1, rule: 'js/sql-injection', severity: 'error' },
      { number: 2, rule: 'js/weak-crypto', severity: 'warning' },
    ],
    secretScanningAlerts: [{ number: 1, secretType: 'stripe_api_key' }],
    outsideCollaborators: [{ login: 'contractor-ana', permission: 'push' }],
  },
  'design-system': {
    packages: [{ name: 'design-system', type: 'npm' }],
    hasDiscussions: true,
    discussions: 12,
    projects: 1,
  },
  'infra-terraform': {
    rulesets: [{ id: 41, name: 'protect main', target: 'branch', enforcement: 'active' }],
    tagProtections: [{ id: 51, pattern: 'v*' }],
    deployKeys: [{ id: 22, title: 'terraform-cloud', readOnly: true, key: publicKey('terraform-cloud') }],
    environments: [{ id: 12, name: 'staging', waitTimer: 0, reviewers: [], branchPolicy: null }],
  },
  'octo-api': {
    packages: [{ name: 'octo-api', type: 'container' }],
    variables: [{ name: 'API_BASE_URL', value: 'https://api.octo-org.example' }],
  },
  docs: { hasWiki: true, hasPages: true },
  // Blocked: a model file over GEI's 400 MiB per-file limit, and one over GitHub.com's 100 MB.
  'ml-experiments': {
    extraFiles: [
      { path: 'models/checkpoint-final.bin', bytes: 512 * MIB },
      { path: 'data/sample.parquet', bytes: 150 * MIB },
    ],
  },
  // Blocked: a branch whose name is over 255 bytes.
  'legacy-monolith': {
    extraBranches: [LONG_BRANCH],
    hooks: [hook(3, 'https://jenkins.octo-org.example/github-webhook/')],
  },
};

/** big-org: kinds spread by the repository's number (`{word}-{NNN}`), so a filter can name them. */
function bigOrgResources(number: number): Partial<RepositoryResources> {
  const has = (every: number) => number % every === 0;
  return {
    ...(has(7) ? { hooks: [hook(1_000 + number, `https://ci.big-org.example/hooks/${number}`)] } : {}),
    ...(has(11) ? { secrets: ['DEPLOY_TOKEN'] } : {}),
    ...(has(13) ? { variables: [{ name: 'SERVICE_NAME', value: `service-${number}` }] } : {}),
    ...(has(17)
      ? {
          environments: [
            {
              id: 2_000 + number,
              name: 'production',
              waitTimer: 5,
              reviewers: [],
              branchPolicy: 'protected' as const,
            },
          ],
        }
      : {}),
    ...(has(19)
      ? {
          deployKeys: [
            { id: 3_000 + number, title: 'deploy', readOnly: true, key: publicKey(`big-${number}`) },
          ],
        }
      : {}),
    ...(has(23)
      ? { gitattributes: LFS_ATTRIBUTES, extraFiles: [{ path: 'assets/diagram.png', bytes: 130 }] }
      : {}),
    ...(has(29)
      ? {
          runners: [
            { id: 4_000 + number, name: `runner-${number}`, os: 'linux' as const, labels: ['self-hosted'] },
          ],
        }
      : {}),
    ...(has(31) ? { hasWiki: true } : {}),
    ...(has(37) ? { hasPages: true } : {}),
    ...(has(41) ? { packages: [{ name: `pkg-${number}`, type: 'npm' as const }] } : {}),
    ...(has(43)
      ? { codeScanningAlerts: [{ number: 1, rule: 'py/path-injection', severity: 'error' as const }] }
      : {}),
    ...(has(47)
      ? {
          rulesets: [
            { id: 5_000 + number, name: 'main', target: 'branch' as const, enforcement: 'active' as const },
          ],
        }
      : {}),
    ...(has(125) ? { extraFiles: [{ path: 'vendor/toolchain.tar', bytes: 450 * MIB }] } : {}),
  };
}

/** The resources of one repository (pure; none for repositories of users). */
export function repositoryResources(repo: Pick<SimRepo, 'owner' | 'name'>): RepositoryResources {
  if (repo.owner === 'octo-org') return { ...NONE, ...OCTO_ORG[repo.name] };
  if (repo.owner === BIG_ORG) {
    const number = numberOf(repo.name);
    return number > 0 ? { ...NONE, ...bigOrgResources(number) } : NONE;
  }
  return NONE;
}

export interface SimTeam {
  id: number;
  slug: string;
  name: string;
  description: string;
  privacy: 'closed' | 'secret';
  parent?: string;
  members: string[];
  repositories: { name: string; permission: 'pull' | 'triage' | 'push' | 'maintain' | 'admin' }[];
}

export interface SimInstallation {
  id: number;
  appSlug: string;
  selection: 'all' | 'selected';
}

const numberOf = (name: string) => Number(/-(\d{3})$/.exec(name)?.[1] ?? '0');

/** An organization's teams and installed apps; `repos` the world's repositories (big-org's teams reach theirs). */
export function organizationResources(
  login: string,
  repos: readonly Pick<SimRepo, 'owner' | 'name'>[] = [],
): { teams: SimTeam[]; installations: SimInstallation[] } {
  if (login === 'octo-org')
    return {
      teams: [
        {
          id: 1,
          slug: 'engineering',
          name: 'Engineering',
          description: 'Everyone who ships',
          privacy: 'closed',
          members: ['octocat', 'hubot'],
          repositories: [
            { name: 'octo-api', permission: 'push' },
            { name: 'octo-web', permission: 'push' },
            { name: 'billing-service', permission: 'maintain' },
          ],
        },
        {
          id: 2,
          slug: 'mobile',
          name: 'Mobile',
          description: 'iOS and Android',
          privacy: 'closed',
          parent: 'engineering',
          members: ['hubot'],
          repositories: [
            { name: 'mobile-ios', permission: 'push' },
            { name: 'mobile-android', permission: 'push' },
          ],
        },
        {
          id: 3,
          slug: 'infra',
          name: 'Infrastructure',
          description: 'Clouds and pipelines',
          privacy: 'secret',
          members: ['octocat'],
          repositories: [{ name: 'infra-terraform', permission: 'admin' }],
        },
      ],
      installations: [{ id: 101, appSlug: 'octo-ci', selection: 'selected' }],
    };
  if (login === BIG_ORG)
    return {
      teams: Array.from({ length: 10 }, (_, index) => ({
        id: 100 + index,
        slug: `team-${index + 1}`,
        name: `Team ${index + 1}`,
        description: '',
        privacy: 'closed' as const,
        members: ['hubot'],
        // Each team reaches every tenth repository (by number: 1 + index, 11 + index, …), 50 of them.
        repositories: repos
          .filter((repo) => repo.owner === BIG_ORG && numberOf(repo.name) % 10 === (index + 1) % 10)
          .map((repo) => ({
            name: repo.name,
            permission: index % 3 === 0 ? ('maintain' as const) : ('push' as const),
          })),
      })),
      installations: [{ id: 201, appSlug: 'big-ci', selection: 'all' }],
    };
  return { teams: [], installations: [] };
}
