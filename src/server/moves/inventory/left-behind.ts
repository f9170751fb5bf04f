import {
  GEI_FILE_LIMIT_BYTES,
  LEFT_BEHIND_WORDS,
  REF_NAME_LIMIT_BYTES,
  type LeftBehind,
  type LeftBehindKind,
} from '@/contracts/inventory';
import type { PreflightCheck } from '@/contracts/moves';
import type { OrganizationFacts, RepositoryFacts } from './inventory-facts';

/** Names in a detail line: the first few, then how many more. */
function named(names: readonly string[], count = names.length, shown = 5): string {
  const first = names.slice(0, shown).join(', ');
  return count > shown ? `${first} and ${count - shown} more` : first;
}

const MIB = 1024 * 1024;
const sizeText = (bytes: number) => `${(bytes / MIB).toFixed(bytes >= 10 * MIB ? 0 : 1)} MiB`;

/**
 * What a repository leaves behind, composed from its facts and its organization's (pure): one entry per kind it
 * has, in the vocabulary's order, each with a count and the names (never a value).
 */
export function leftBehindOf(repo: RepositoryFacts, org: OrganizationFacts | undefined): LeftBehind[] {
  const key = repo.name.toLowerCase();
  const teams = org?.teams[key] ?? [];
  const packages = org?.packages[key] ?? [];
  const entries: Partial<Record<LeftBehindKind, { count: number; detail: string }>> = {
    lfs:
      repo.lfs.patterns.length > 0
        ? {
            count: repo.lfs.files,
            detail: `${repo.lfs.files} file${repo.lfs.files === 1 ? '' : 's'} tracked by ${named(repo.lfs.patterns)}${repo.treeTruncated ? ' (the tree was cut: more may be tracked)' : ''}`,
          }
        : undefined,
    webhooks: repo.hooks.length
      ? {
          count: repo.hooks.length,
          detail: named(repo.hooks.map((hook) => `${hook.url}${hook.active ? '' : ' (inactive)'}`)),
        }
      : undefined,
    'actions-secrets': repo.secrets.length
      ? { count: repo.secrets.length, detail: named(repo.secrets) }
      : undefined,
    'actions-variables': repo.variables.length
      ? { count: repo.variables.length, detail: named(repo.variables) }
      : undefined,
    environments: repo.environments.length
      ? {
          count: repo.environments.length,
          detail: named(
            repo.environments.map((env) =>
              env.rules.length ? `${env.name} (${env.rules.map(ruleWords).join(', ')})` : env.name,
            ),
          ),
        }
      : undefined,
    'deploy-keys': repo.deployKeys.length
      ? {
          count: repo.deployKeys.length,
          detail: named(
            repo.deployKeys.map((key) => `${key.title}${key.readOnly ? ' (read-only)' : ' (read-write)'}`),
          ),
        }
      : undefined,
    packages: packages.length ? { count: packages.length, detail: named(packages) } : undefined,
    wiki: repo.hasWiki ? { count: 1, detail: 'Wiki enabled' } : undefined,
    pages: repo.hasPages ? { count: 1, detail: 'A Pages site is published' } : undefined,
    discussions: repo.discussions
      ? { count: repo.discussions, detail: `${repo.discussions} discussions` }
      : undefined,
    projects: repo.projectsCount
      ? { count: repo.projectsCount, detail: named(repo.projects, repo.projectsCount) }
      : undefined,
    rulesets: repo.rulesets.length
      ? { count: repo.rulesets.length, detail: named(repo.rulesets) }
      : undefined,
    'tag-protection': repo.tagProtections.length
      ? { count: repo.tagProtections.length, detail: named(repo.tagProtections) }
      : undefined,
    runners: repo.runners.length ? { count: repo.runners.length, detail: named(repo.runners) } : undefined,
    apps: org?.appsOnAll.length ? { count: org.appsOnAll.length, detail: named(org.appsOnAll) } : undefined,
    'code-scanning-alerts': org?.codeScanningAlerts[key]
      ? { count: org.codeScanningAlerts[key], detail: `${org.codeScanningAlerts[key]} open` }
      : undefined,
    'secret-scanning-alerts': org?.secretScanningAlerts[key]
      ? { count: org.secretScanningAlerts[key], detail: `${org.secretScanningAlerts[key]} open` }
      : undefined,
    'teams-and-access':
      teams.length + repo.outsideCollaborators.length > 0
        ? {
            count: teams.length + repo.outsideCollaborators.length,
            detail: named([
              ...teams.map((team) => `team ${team.team} (${team.permission})`),
              ...repo.outsideCollaborators.map((person) => `${person.login} (${person.permission})`),
            ]),
          }
        : undefined,
  };
  return (Object.keys(LEFT_BEHIND_WORDS) as LeftBehindKind[]).flatMap((kind) => {
    const entry = entries[kind];
    return entry ? [{ kind, ...entry }] : [];
  });
}

const RULE_WORDS: Record<string, string> = {
  REQUIRED_REVIEWERS: 'required reviewers',
  WAIT_TIMER: 'wait timer',
  BRANCH_POLICY: 'branch policy',
};
const ruleWords = (rule: string) => RULE_WORDS[rule] ?? rule.toLowerCase().replace(/_/g, ' ');

/**
 * The inventory's blocking checks: a file over GEI's 400 MiB fails (named with its size), one over GitHub.com's
 * 100 MB passes with a warning; a ref over 255 bytes fails. A tree GitHub cut is said: files past it unseen.
 */
export function inventoryChecks(repo: RepositoryFacts): PreflightCheck[] {
  const over = repo.largeFiles.filter((file) => file.bytes > GEI_FILE_LIMIT_BYTES);
  const cut = repo.treeTruncated ? ' GitHub cut the tree at its limit: files past it were not seen.' : '';
  const treeUnread = repo.unread.find((entry) => entry.kind === 'tree');
  const fileSize: PreflightCheck = treeUnread
    ? {
        check: 'file-size',
        ok: true,
        warning: true,
        reason: `The tree could not be read: ${treeUnread.reason}`,
      }
    : over.length > 0
      ? {
          check: 'file-size',
          ok: false,
          reason: `${named(
            over.map((file) => `${file.path} (${sizeText(file.bytes)})`),
            over.length,
            3,
          )}: over the import's 400 MiB per file. Move ${over.length === 1 ? 'it' : 'them'} to Git LFS or out of the history first.${cut}`,
        }
      : repo.largeFiles.length > 0
        ? {
            check: 'file-size',
            ok: true,
            warning: true,
            reason: `${named(
              repo.largeFiles.map((file) => `${file.path} (${sizeText(file.bytes)})`),
              repo.largeFiles.length,
              3,
            )}: imported, but over GitHub.com's 100 MB, so a later push that changes ${repo.largeFiles.length === 1 ? 'it' : 'them'} is refused.${cut}`,
          }
        : {
            check: 'file-size',
            ok: true,
            ...(cut ? { warning: true } : {}),
            reason: `No file over 100 MB.${cut}`,
          };
  const refs: PreflightCheck =
    repo.longRefs.length > 0
      ? {
          check: 'ref-names',
          ok: false,
          reason: `${named(
            repo.longRefs.map((ref) => `${ref.slice(0, 60)}… (${Buffer.byteLength(ref, 'utf8')} bytes)`),
            repo.longRefs.length,
            2,
          )}: over GitHub's ${REF_NAME_LIMIT_BYTES} bytes per ref name. Rename before the move.`,
        }
      : {
          check: 'ref-names',
          ok: true,
          ...(repo.refsPartial ? { warning: true } : {}),
          reason: repo.refsPartial
            ? 'The first 100 branches and 100 tags are within 255 bytes; the rest were not read.'
            : 'Every ref name is within 255 bytes.',
        };
  return [fileSize, refs];
}
