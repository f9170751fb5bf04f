import { nodeId } from './ids';

/**
 * The target GitHub.com at start: the empty organization `octo-target` owned by octocat, members whose e-mails
 * match source users (so a mannequin can be reclaimed by e-mail), a user outside the organization, and the
 * tokens GEI accepts (a classic PAT) and refuses (an App installation's, a fine-grained PAT).
 */
export const TARGET_ORG = 'octo-target';

export const TARGET_TOKENS = {
  /** octocat's classic PAT with the scopes GEI needs of an organization owner: repo, admin:org, workflow. */
  octocat: 'sim-token-target-octocat-FAKE',
  /** monalisa's classic PAT with a migrator's scopes (repo, read:org, workflow); needs the migrator role. */
  monalisa: 'sim-token-target-monalisa-FAKE',
  /** An App installation's token on octo-target: GEI refuses it. */
  installation: 'ghs_SimTargetInstallationTokenFAKE0001',
  /** A fine-grained PAT of octocat's: GEI refuses it. */
  fineGrained: 'github_pat_SimTarget_octocat_fine_grained_FAKE',
} as const;

export type TargetTokenKind = 'classic' | 'fine-grained' | 'installation';

export interface TargetToken {
  kind: TargetTokenKind;
  /** The user it acts for; an installation's token acts for the App (charged to `installation:<id>`). */
  login?: string;
  scopes: string[];
  installationId?: number;
}

export interface TargetUser {
  login: string;
  databaseId: number;
  nodeId: string;
  name: string;
  email: string;
  createdAt: string;
}

export interface TargetOrg {
  login: string;
  databaseId: number;
  nodeId: string;
  name: string;
  owners: string[];
  members: string[];
  /** Logins (users) and `team:<slug>` that hold the migrator role. */
  migrators: string[];
  /** Enterprise Managed Users: mannequins may be reattributed without an invitation. */
  emu: boolean;
}

const DAY = 86_400_000;

function user(login: string, databaseId: number, name: string, email: string, createdAt: string): TargetUser {
  return { login, databaseId, nodeId: nodeId('U', login), name, email, createdAt };
}

export function seedTargetUsers(nowMs: number): TargetUser[] {
  const created = new Date(nowMs - 1200 * DAY).toISOString().replace(/\.\d{3}Z$/, 'Z');
  return [
    // Same login and e-mail as on the source: attributed directly, never a mannequin.
    user('octocat', 583231, 'The Octocat', 'octocat@example.com', created),
    // hubot's e-mail under another login: the source's hubot arrives as a mannequin this user can reclaim.
    user('hubot-cloud', 7000001, 'Hubot (cloud)', 'hubot@example.com', created),
    user('monalisa', 7000002, 'Mona Lisa Octocat', 'mona@example.com', created),
    // Has an account but is not a member of octo-target: invitations to it are refused.
    user('outsider', 7000003, 'Someone Else', 'outsider@example.net', created),
  ];
}

export function seedTargetOrg(): TargetOrg {
  return {
    login: TARGET_ORG,
    databaseId: 91_000_001,
    nodeId: nodeId('O', TARGET_ORG),
    name: 'The Octo Target',
    owners: ['octocat'],
    members: ['hubot-cloud', 'monalisa'],
    migrators: [],
    emu: false,
  };
}

export function seedTargetTokens(): Map<string, TargetToken> {
  return new Map<string, TargetToken>([
    // With `delete_repo`: a trial move deletes its trial repositories once validated.
    [
      TARGET_TOKENS.octocat,
      { kind: 'classic', login: 'octocat', scopes: ['repo', 'admin:org', 'workflow', 'delete_repo'] },
    ],
    [
      TARGET_TOKENS.monalisa,
      { kind: 'classic', login: 'monalisa', scopes: ['repo', 'read:org', 'workflow'] },
    ],
    [TARGET_TOKENS.installation, { kind: 'installation', scopes: [], installationId: 71_000_001 }],
    [TARGET_TOKENS.fineGrained, { kind: 'fine-grained', login: 'octocat', scopes: [] }],
  ]);
}
