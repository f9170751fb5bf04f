import type { SimRepo } from './factories/repository';
import type { SimAccount } from './factories/user';

/**
 * The seeded world: organization `octo-org` owned by `octocat`, with `hubot` and `monalisa` as plain members
 * (monalisa administers its repository `docs`, and only that one), and repositories of varied names, sizes and
 * languages. Tokens are fixed so tests and docs can name them.
 */
export const SIM_TOKENS = {
  octocat: 'sim-token-octocat-FAKE',
  hubot: 'sim-token-hubot-FAKE',
  /** monalisa's classic token (`repo, read:org`): a member of octo-org, admin of `octo-org/docs` only. */
  monalisa: 'sim-token-monalisa-FAKE',
} as const;

/** The repository of octo-org that monalisa administers (a direct collaborator with the admin role). */
export const MONALISA_ADMINISTERS = 'docs';

/** A second classic token of octocat's (fewer scopes): GitHub charges both to octocat's one budget. */
export const SIM_SECOND_TOKEN = 'sim-token-octocat-second-FAKE';

/** A fine-grained token of octocat's that may read organization migrations but not start them. */
export const SIM_FINE_GRAINED_TOKEN = 'github_pat_FAKE_simulator_octocat_fine_grained';

export interface SimToken {
  /** The user; none for an App installation's token. */
  login?: string;
  /** Classic tokens' OAuth scopes. */
  scopes: string[];
  kind?: 'classic' | 'fine-grained' | 'installation';
  /** Fine-grained tokens and installation tokens: GitHub's permission names, `read` or `write`. */
  permissions?: Record<string, string>;
  installationId?: number;
  /** Installation tokens end (ms, wall clock: the App library judges renewal by it). */
  expiresAt?: number;
  /** A personal token's expiry as GitHub announces it (`github-authentication-token-expiration`), sim time. */
  expiration?: number;
  /** An OAuth App user token (`gho_…`, issued by the web flow): the app's client id. */
  oauthApp?: string;
}

export interface SimOrg {
  login: string;
  owners: string[];
  members: string[];
}

export interface SimWorld {
  accounts: Map<string, SimAccount>;
  orgs: Map<string, SimOrg>;
  repos: SimRepo[];
  tokens: Map<string, SimToken>;
}

const DAY = 86_400_000;

function iso(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

type RepoSeed = [
  name: string,
  language: string | null,
  sizeKb: number,
  isPrivate: boolean,
  description: string,
];

const ORG_REPOS: RepoSeed[] = [
  ['hello-world', 'Ruby', 108, false, 'My first repository on the simulator'],
  ['octo-api', 'Go', 48_200, false, 'Public API gateway'],
  ['octo-web', 'TypeScript', 125_300, false, 'Customer-facing web app'],
  ['billing-service', 'Java', 310_450, true, 'Invoices, payments and dunning'],
  ['data-pipeline', 'Python', 890_100, true, 'Nightly ETL into the warehouse'],
  ['mobile-ios', 'Swift', 220_800, true, 'iOS client'],
  ['mobile-android', 'Kotlin', 240_150, true, 'Android client'],
  ['infra-terraform', 'HCL', 12_400, true, 'Cloud infrastructure as code'],
  ['design-system', 'TypeScript', 67_900, false, 'Shared UI components'],
  ['docs', null, 5_300, false, 'Handbook and public documentation'],
  ['legacy-monolith', 'PHP', 2_450_000, true, 'The old application, still in production'],
  ['ml-experiments', 'Jupyter Notebook', 1_210_000, true, 'Model training notebooks'],
  ['cli-tools', 'Rust', 9_800, false, 'Developer command-line tools'],
  ['firmware.v2', 'C', 33_100, true, 'Device firmware, second generation'],
];

const OCTOCAT_REPOS: RepoSeed[] = [
  ['Spoon-Knife', 'HTML', 2, false, 'This repo is for demonstration purposes only.'],
  ['dotfiles', 'Shell', 140, false, 'Personal configuration'],
  ['linguist-notes', 'Markdown', 820, true, 'Notes on language detection'],
  ['octocat.github.io', 'HTML', 1_650, false, 'Personal site'],
  // Its name marks it as broken: exporting it fails (the migrations simulator's failure rule).
  ['broken-build', 'Shell', 60, true, 'Build scripts whose export always fails'],
];

const HUBOT_REPOS: RepoSeed[] = [['hubot-scripts', 'CoffeeScript', 3_400, false, 'Scripts for the chat bot']];

export function seedWorld(nowMs: number): SimWorld {
  const created = iso(nowMs - 900 * DAY);
  const accounts = new Map<string, SimAccount>([
    [
      'octocat',
      {
        id: 1,
        login: 'octocat',
        type: 'User',
        name: 'The Octocat',
        email: 'octocat@example.com',
        createdAt: created,
      },
    ],
    [
      'hubot',
      { id: 2, login: 'hubot', type: 'User', name: 'Hubot', email: 'hubot@example.com', createdAt: created },
    ],
    // The target GitHub.com's monalisa (target/seed.ts) under the same login, name and e-mail; ids are per instance.
    [
      'monalisa',
      {
        id: 3,
        login: 'monalisa',
        type: 'User',
        name: 'Mona Lisa Octocat',
        email: 'mona@example.com',
        createdAt: created,
      },
    ],
    [
      'octo-org',
      {
        id: 100,
        login: 'octo-org',
        type: 'Organization',
        name: 'The Octo Organization',
        email: null,
        createdAt: created,
      },
    ],
  ]);
  const orgs = new Map<string, SimOrg>([
    ['octo-org', { login: 'octo-org', owners: ['octocat'], members: ['hubot', 'monalisa'] }],
  ]);

  let nextId = 1000;
  const build = (owner: string, seeds: RepoSeed[]): SimRepo[] =>
    seeds.map(([name, language, size, isPrivate, description], index) => {
      const id = nextId++;
      return {
        id,
        owner,
        name,
        description,
        language,
        size,
        private: isPrivate,
        topics: language ? [language.toLowerCase().replace(/\s+/g, '-')] : [],
        createdAt: iso(nowMs - (700 - index * 40) * DAY),
        pushedAt: iso(nowMs - (index + 1) * 3 * DAY),
        stars: (id * 37) % 500,
        archived: false,
      };
    });

  const orgRepos = build('octo-org', ORG_REPOS).map((repo) =>
    repo.name === MONALISA_ADMINISTERS ? { ...repo, admins: ['monalisa'] } : repo,
  );
  const repos = [...orgRepos, ...build('octocat', OCTOCAT_REPOS), ...build('hubot', HUBOT_REPOS)];
  const tokens = new Map<string, SimToken>([
    [SIM_TOKENS.octocat, { login: 'octocat', scopes: ['admin:org', 'repo', 'user'] }],
    [SIM_TOKENS.hubot, { login: 'hubot', scopes: ['repo'] }],
    [SIM_TOKENS.monalisa, { login: 'monalisa', scopes: ['repo', 'read:org'] }],
    [SIM_SECOND_TOKEN, { login: 'octocat', scopes: ['repo'] }],
    [
      SIM_FINE_GRAINED_TOKEN,
      {
        login: 'octocat',
        scopes: [],
        kind: 'fine-grained',
        permissions: { metadata: 'read', administration: 'write', organization_administration: 'read' },
        // Fine-grained tokens always expire; this one soon, so the expiry alert has something to tell.
        expiration: nowMs + 5 * DAY,
      },
    ],
  ]);
  return { accounts, orgs, repos, tokens };
}
