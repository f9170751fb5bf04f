/**
 * gh-gei v1.32.0's other commands as sequences of GithubApi calls, step for step as their C# handlers run them:
 * src/Octoshift/Commands/{WaitForMigration,DownloadLogs,GenerateMannequinCsv,ReclaimMannequin}/…CommandHandler.cs
 * with src/Octoshift/Services/ReclaimService.cs (migrate-repo: migrate-repo.ts). Each call is one gh-gei process:
 * its own RetryPolicy and HttpClients. Program.Main's GitHub status and latest-version checks (githubstatus.com,
 * raw.githubusercontent.com) are not made: they are off the migration's wire (GEI_SKIP_STATUS_CHECK /
 * GEI_SKIP_VERSION_CHECK turn them off).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { type GithubApi, type Mannequin, OctoshiftCliError, createGithubApi } from './client';
import { type GeiEnvironment, has, isRepoPending, isRepoSucceeded, runtimeFor } from './environment';
import { HttpDownloadService } from './download-service';
import { RetryPolicy } from './retry-policy';

export type { GeiEnvironment } from './environment';
export { migrateRepo, type MigrateRepoArgs, type MigrateRepoResult } from './migrate-repo';

/** `gh gei wait-for-migration --migration-id RM_…|OM_…` (WaitIntervalInSeconds = 60). */
export async function waitForMigration(
  environment: GeiEnvironment,
  args: { migrationId: string; githubTargetPat?: string; targetApiUrl?: string },
) {
  const runtime = runtimeFor(environment, 'wait-for-migration');
  if (!args.migrationId.startsWith('RM_') && !args.migrationId.startsWith('OM_')) {
    throw new OctoshiftCliError(`Invalid migration id: ${args.migrationId}`);
  }
  const api = createGithubApi(
    runtime,
    new RetryPolicy(runtime.sleep),
    args.targetApiUrl,
    undefined,
    args.githubTargetPat ?? runtime.env.GH_PAT ?? '',
  );
  if (args.migrationId.startsWith('OM_')) throw new Error('Organization migrations are not reproduced');
  let migration = await api.getMigration(args.migrationId);
  const polls = [migration.state];
  for (;;) {
    if (isRepoSucceeded(migration.state)) return { ...migration, polls };
    if (!isRepoPending(migration.state)) throw new OctoshiftCliError(migration.failureReason ?? '');
    await runtime.sleep(60_000, 'WaitForMigrationCommandHandler: Waiting 60 seconds');
    migration = await api.getMigration(args.migrationId);
    polls.push(migration.state);
  }
}

/** `gh gei download-logs` by `--github-target-org`/`--target-repo`, or by `--migration-id`. */
export async function downloadLogs(
  environment: GeiEnvironment,
  args: {
    githubTargetOrg?: string;
    targetRepo?: string;
    migrationId?: string;
    targetApiUrl?: string;
    githubTargetPat?: string;
    migrationLogFile?: string;
    overwrite?: boolean;
  },
): Promise<{ file: string; log: string; migrationId: string | null }> {
  const runtime = runtimeFor(environment, 'download-logs');
  const policy = new RetryPolicy(runtime.sleep);
  const api = createGithubApi(
    runtime,
    policy,
    args.targetApiUrl,
    undefined,
    args.githubTargetPat ?? runtime.env.GH_PAT ?? '',
  );
  const download = new HttpDownloadService(runtime, true); // CreateDefaultWithRedirects
  const fileExists = (name: string) => existsSync(resolve(environment.cwd, name));
  if (!has(args.migrationId) && (!has(args.githubTargetOrg) || !has(args.targetRepo))) {
    throw new OctoshiftCliError(
      'Either --migration-id (GraphQL migration ID) or both --github-org and --github-repo must be specified.',
    );
  }
  if (!args.overwrite && args.migrationLogFile !== undefined && fileExists(args.migrationLogFile)) {
    throw new OctoshiftCliError(
      `File ${args.migrationLogFile} already exists! Use --overwrite to overwrite this file.`,
    );
  }
  let logUrl: string | null;
  let migrationId: string | null;
  let repositoryName: string | null;
  if (has(args.migrationId)) {
    migrationId = args.migrationId;
    const id = migrationId;
    const outcome = await policy.retryOnResult(
      () => api.getMigration(id),
      (r) => !has(r.migrationLogUrl),
    );
    if (outcome.outcome === 'Failure') {
      throw new OctoshiftCliError(`Migration log for migration ${id} is currently unavailable.`, {
        cause: outcome.exception,
      });
    }
    logUrl = outcome.result.migrationLogUrl;
    repositoryName = outcome.result.repositoryName;
  } else {
    const [org, repo] = [args.githubTargetOrg as string, args.targetRepo as string];
    const outcome = await policy.retryOnResult(
      () => api.getMigrationLogUrl(org, repo),
      (r) => r !== null && !has(r.migrationLogUrl),
    );
    if (outcome.outcome === 'Successful' && outcome.result === null) {
      throw new OctoshiftCliError(`Migration for repository ${repo} not found!`);
    }
    if (outcome.outcome === 'Failure' || outcome.result === null) {
      throw new OctoshiftCliError(`Migration log for repository ${repo} unavailable!`, {
        cause: outcome.outcome === 'Failure' ? outcome.exception : undefined,
      });
    }
    ({ migrationLogUrl: logUrl, migrationId } = outcome.result);
    repositoryName = repo;
  }
  const file =
    args.migrationLogFile ??
    (has(args.migrationId)
      ? `migration-log-${repositoryName}-${migrationId}.log`
      : `migration-log-${args.githubTargetOrg}-${repositoryName}-${migrationId}.log`);
  if (fileExists(file) && !args.overwrite) {
    throw new OctoshiftCliError(`File ${file} already exists!  Use --overwrite to overwrite this file.`);
  }
  const bytes = await download.downloadToBytes(logUrl ?? '');
  writeFileSync(resolve(environment.cwd, file), bytes);
  return { file, log: bytes.toString('utf8'), migrationId };
}

/** ReclaimService.CSVHEADER */
export const CSV_HEADER = 'mannequin-user,mannequin-id,target-user';

/** `gh gei generate-mannequin-csv --github-target-org … [--output mannequins.csv] [--include-reclaimed]` */
export async function generateMannequinCsv(
  environment: GeiEnvironment,
  args: {
    githubTargetOrg: string;
    output?: string;
    includeReclaimed?: boolean;
    githubTargetPat?: string;
    targetApiUrl?: string;
  },
): Promise<{ file: string; contents: string; mannequins: Mannequin[] }> {
  const runtime = runtimeFor(environment, 'generate-mannequin-csv');
  const api = createGithubApi(
    runtime,
    new RetryPolicy(runtime.sleep),
    args.targetApiUrl,
    undefined,
    args.githubTargetPat ?? runtime.env.GH_PAT ?? '',
  );
  const githubOrgId = await api.getOrganizationId(args.githubTargetOrg);
  const mannequins = await api.getMannequins(githubOrgId);
  // StringBuilder.AppendLine: Environment.NewLine, "\n" where gh-gei runs on Linux or macOS.
  let contents = `${CSV_HEADER}\n`;
  for (const m of mannequins.filter((m) => args.includeReclaimed || m.mappedUser === null)) {
    contents += `${m.login},${m.id},${m.mappedUser?.login ?? ''}\n`;
  }
  const file = resolve(environment.cwd, args.output ?? './mannequins.csv');
  writeFileSync(file, contents, 'utf8');
  return { file, contents, mannequins };
}

export interface ReclaimOutcome {
  login: string;
  id: string;
  targetUser: string;
  /** Skipped before the mutation, and why (already claimed, not found, duplicate, claimant not found). */
  skipped?: string;
  /** HandleInvitationResult's verdict. */
  invited?: boolean;
  errors?: string[];
}

/** `gh gei reclaim-mannequin --github-target-org … --csv file` (invitations; not --skip-invitation). */
export async function reclaimMannequin(
  environment: GeiEnvironment,
  args: {
    githubTargetOrg: string;
    csv: string;
    force?: boolean;
    githubTargetPat?: string;
    targetApiUrl?: string;
  },
): Promise<ReclaimOutcome[]> {
  const runtime = runtimeFor(environment, 'reclaim-mannequin');
  const api = createGithubApi(
    runtime,
    new RetryPolicy(runtime.sleep),
    args.targetApiUrl,
    undefined,
    args.githubTargetPat ?? runtime.env.GH_PAT ?? '',
  );
  const path = resolve(environment.cwd, args.csv);
  if (!existsSync(path)) throw new OctoshiftCliError(`File ${args.csv} does not exist.`);
  // File.ReadLines: \r\n, \n or \r; a final line break ends the last line (no empty line after it); BOM dropped.
  const lines = readFileSync(path, 'utf8')
    .replace(/^\uFEFF/, '')
    .split(/\r\n|\r|\n/);
  if (lines.at(-1) === '') lines.pop();
  return reclaimMannequins(api, lines, args.githubTargetOrg, args.force ?? false);
}

/** ReclaimService.ReclaimMannequins (skipInvitation = false). */
async function reclaimMannequins(api: GithubApi, lines: string[], org: string, force: boolean) {
  if (lines.length === 0) return [];
  if (CSV_HEADER.toLowerCase() !== lines[0]?.toLowerCase()) {
    throw new OctoshiftCliError(`Invalid Header. Should be: ${CSV_HEADER}`);
  }
  const githubOrgId = await api.getOrganizationId(org);
  const mannequins = await api.getMannequins(githubOrgId);
  const same = (a: string | null, b: string) => a !== null && a.toLowerCase() === b.toLowerCase();
  const parsed = lines
    .slice(1)
    .filter((line) => line.trim().length > 0)
    .map((line) => {
      const parts = line.split(',').map((part) => part.trim());
      return parts.length === 3 && parts.every((part) => part !== '')
        ? (parts as [string, string, string])
        : null;
    });
  const outcomes: ReclaimOutcome[] = [];
  for (const row of parsed) {
    if (row === null) continue;
    const [login, id, targetUser] = row;
    const outcome: ReclaimOutcome = { login, id, targetUser };
    outcomes.push(outcome);
    if (!force && mannequins.some((m) => same(m.login, login) && same(m.id, id) && m.mappedUser !== null)) {
      outcome.skipped = 'already claimed';
      continue;
    }
    if (!mannequins.some((m) => same(m.login, login) && same(m.id, id))) {
      outcome.skipped = 'mannequin not found';
      continue;
    }
    if (parsed.filter((other) => other?.[0] === login && other[1] === id).length > 1) {
      outcome.skipped = 'duplicate';
      continue;
    }
    let claimantId: string | null;
    try {
      claimantId = await api.getUserId(targetUser);
    } catch (error) {
      if (
        error instanceof OctoshiftCliError &&
        error.message.includes('Could not resolve to a User with the login')
      ) {
        outcome.skipped = 'claimant not found';
        continue;
      }
      throw error;
    }
    const result = await api.createAttributionInvitation(githubOrgId, id, claimantId);
    // HandleInvitationResult (its verdict is only logged in CSV mode).
    if (result.errors !== null) {
      outcome.invited = false;
      outcome.errors = result.errors.map((e) => e.message ?? '');
    } else if (!result.hasData) {
      throw new Error('NullReferenceException: Object reference not set to an instance of an object.');
    } else {
      // `Data.CreateAttributionInvitation is null || ….Source.Id != mannequin.Id || ….Target.Id != targetUserId`
      const invitation = result.data;
      const nullReference = () => {
        throw new Error('NullReferenceException: Object reference not set to an instance of an object.');
      };
      outcome.invited =
        invitation !== null &&
        (invitation.source ?? nullReference()).id === id &&
        (invitation.target ?? nullReference()).id === claimantId;
    }
  }
  return outcomes;
}
