/**
 * `gh gei migrate-repo` from GitHub Enterprise Server, step for step as gh-gei v1.32.0 runs it
 * (src/gei/Commands/MigrateRepo/MigrateRepoCommandHandler.cs, MigrateRepoCommand.BuildHandler,
 * MigrateRepoCommandArgs.Validate, src/gei/Services/GhesVersionChecker.cs): version check, target checks, migration
 * source, both exports on GHES and their polling, the archives' download from the 302's body, their upload to
 * GitHub-owned storage (`--use-github-storage`), startRepositoryMigration, and (unless `--queue-only`) polling
 * the migration to its end. Azure, S3 and data-residency sources are not reproduced (they throw).
 */
import { type GithubApi, OctoshiftCliError, createGithubApi } from './client';
import {
  type GeiEnvironment,
  has,
  isRepoPending,
  isRepoSucceeded,
  runtimeFor,
  timestamp,
} from './environment';
import { HttpDownloadService } from './download-service';
import type { GeiRuntime } from './runtime';
import { RetryPolicy } from './retry-policy';
import { HttpRequestError, escapeDataString } from './wire';

export interface MigrateRepoArgs {
  githubSourceOrg: string;
  sourceRepo: string;
  githubTargetOrg: string;
  targetRepo?: string;
  targetApiUrl?: string;
  targetUploadsUrl?: string;
  ghesApiUrl?: string;
  githubSourcePat?: string;
  githubTargetPat?: string;
  useGithubStorage?: boolean;
  skipReleases?: boolean;
  lockSourceRepo?: boolean;
  queueOnly?: boolean;
  targetRepoVisibility?: string;
}

export interface MigrateRepoResult {
  ghesVersion: string | null;
  blobCredentialsRequired: boolean;
  gitArchiveId: number;
  metadataArchiveId: number;
  /** What GetArchiveMigrationUrl returned (the 302's body). */
  ghesGitArchiveUrl: string;
  ghesMetadataArchiveUrl: string;
  gitArchiveBytes: number;
  metadataArchiveBytes: number;
  uploadNames: [string, string];
  /** The URLs passed to startRepositoryMigration (gei://archive/… with --use-github-storage). */
  gitArchiveUrl: string | null;
  metadataArchiveUrl: string | null;
  sourceRepoUrl: string;
  migrationId: string | null;
  /** Absent with --queue-only. */
  final?: {
    state: string | null;
    warningsCount: number;
    failureReason: string | null;
    migrationLogUrl: string | null;
  };
}

/** MigrateRepoCommandHandler.ExtractGhesBaseUrl */
export function extractGhesBaseUrl(ghesApiUrl: string): string {
  const url = ghesApiUrl.trim().replace(/\/+$/, '');
  const base = /(https?:\/\/.+)\/api\/v3/i.exec(url)?.[1];
  if (has(base)) return base;
  const match = /(https?):\/\/api\.(.+)/i.exec(url);
  return match ? `${match[1]}://${match[2]}` : url;
}

/** GhesVersionChecker.AreBlobCredentialsRequired (a non-Proxima GHES URL): `Version.TryParse(v) < 3.8.0`. */
async function areBlobCredentialsRequired(
  ghes: GithubApi,
): Promise<{ version: string | null; required: boolean }> {
  const version = await ghes.getEnterpriseServerVersion();
  if (version === null) return { version, required: true };
  const parts = version.split('.');
  if (parts.length < 2 || parts.length > 4 || !parts.every((part) => /^\s*\+?\d+\s*$/.test(part))) {
    return { version, required: true };
  }
  // An absent build number is -1 in System.Version, so "3.8" is below 3.8.0.
  const [major = 0, minor = 0, build = -1] = parts.map((part) => Number.parseInt(part, 10));
  const below = major !== 3 ? major < 3 : minor !== 8 ? minor < 8 : build < 0;
  return { version, required: below };
}

/** `gh gei migrate-repo --ghes-api-url … [--use-github-storage] [--queue-only]` */
export async function migrateRepo(
  environment: GeiEnvironment,
  input: MigrateRepoArgs,
): Promise<MigrateRepoResult> {
  const runtime = runtimeFor(environment, 'migrate-repo');
  const { env } = runtime;
  // MigrateRepoCommandArgs.Validate: DefaultSourcePat, DefaultTargetRepo, DefaultGithubSourceApiUrl.
  const args = { ...input };
  if (has(args.githubTargetPat) && !has(args.githubSourcePat)) args.githubSourcePat = args.githubTargetPat;
  if (!has(args.targetRepo)) args.targetRepo = args.sourceRepo;
  if (has(env.GH_SOURCE_API_URL))
    throw new Error('--github-source-api-url (data residency) is not reproduced');
  const sourceApiUrl = args.ghesApiUrl;
  if (!has(sourceApiUrl)) throw new Error('Only the GHES path (--ghes-api-url) is reproduced');
  const targetRepo = args.targetRepo;

  // MigrateRepoCommand.BuildHandler
  const policy = new RetryPolicy(runtime.sleep);
  const targetPat = args.githubTargetPat ?? env.GH_PAT ?? '';
  const target = createGithubApi(runtime, policy, args.targetApiUrl, args.targetUploadsUrl, targetPat);
  const sourcePat = args.githubSourcePat ?? env.GH_SOURCE_PAT ?? env.GH_PAT ?? '';
  const ghes = createGithubApi(runtime, policy, sourceApiUrl, undefined, sourcePat);
  const download = new HttpDownloadService(runtime, false);

  // Handle
  const { version, required: blobCredentialsRequired } = await areBlobCredentialsRequired(ghes);
  if (blobCredentialsRequired && !args.useGithubStorage) {
    throw new OctoshiftCliError(
      'Either Azure storage connection (--azure-storage-connection-string or AZURE_STORAGE_CONNECTION_STRING env. variable) or AWS S3 connection (--aws-bucket-name, --aws-access-key (or AWS_ACCESS_KEY_ID env. variable), --aws-secret-key (or AWS_SECRET_ACCESS_KEY env.variable)) or GitHub Storage Option (--use-github-storage) must be provided.',
    );
  }
  const targetRepoExists = await target.doesRepoExist(args.githubTargetOrg, targetRepo);
  const targetOrgExists = await target.doesOrgExist(args.githubTargetOrg);
  if (targetRepoExists) {
    throw new OctoshiftCliError(`A repository called ${args.githubTargetOrg}/${targetRepo} already exists`);
  }
  if (!targetOrgExists)
    throw new OctoshiftCliError(`The target org "${args.githubTargetOrg}" does not exist.`);

  const githubOrgId = await target.getOrganizationId(args.githubTargetOrg);
  const migrationSourceId = await target.createGhecMigrationSource(githubOrgId);

  // GenerateAndUploadArchive: GenerateArchives inside one Retry.
  const generated = await policy.retry(async () => {
    const gitArchiveId = await ghes.startGitArchiveGeneration(args.githubSourceOrg, args.sourceRepo);
    const metadataArchiveId = await ghes.startMetadataArchiveGeneration(
      args.githubSourceOrg,
      args.sourceRepo,
      args.skipReleases ?? false,
      args.lockSourceRepo ?? false,
    );
    const gitArchiveUrl = await waitForArchiveGeneration(runtime, ghes, args.githubSourceOrg, gitArchiveId);
    const metadataArchiveUrl = await waitForArchiveGeneration(
      runtime,
      ghes,
      args.githubSourceOrg,
      metadataArchiveId,
    );
    return { gitArchiveId, metadataArchiveId, gitArchiveUrl, metadataArchiveUrl };
  });
  const result: MigrateRepoResult = {
    ghesVersion: version,
    blobCredentialsRequired,
    gitArchiveId: generated.gitArchiveId,
    metadataArchiveId: generated.metadataArchiveId,
    ghesGitArchiveUrl: generated.gitArchiveUrl,
    ghesMetadataArchiveUrl: generated.metadataArchiveUrl,
    gitArchiveBytes: 0,
    metadataArchiveBytes: 0,
    uploadNames: ['', ''],
    gitArchiveUrl: generated.gitArchiveUrl,
    metadataArchiveUrl: generated.metadataArchiveUrl,
    sourceRepoUrl: `${extractGhesBaseUrl(sourceApiUrl)}/${escapeDataString(args.githubSourceOrg)}/${escapeDataString(args.sourceRepo)}`,
    migrationId: null,
  };
  if (args.useGithubStorage || blobCredentialsRequired) {
    const now = timestamp(runtime.now());
    result.uploadNames = [
      `${now}-${generated.gitArchiveId}-git_archive.tar.gz`,
      `${now}-${generated.metadataArchiveId}-metadata_archive.tar.gz`,
    ];
    const fetchArchive = async (url: string, id: number) => {
      try {
        return await download.downloadToBytes(url);
      } catch (error) {
        // The URL likely expired: a fresh one from the source, downloaded once more.
        if (!(error instanceof HttpRequestError && (error.statusCode === 403 || error.statusCode === 404)))
          throw error;
        return download.downloadToBytes(await ghes.getArchiveMigrationUrl(args.githubSourceOrg, id));
      }
    };
    const gitArchive = await fetchArchive(generated.gitArchiveUrl, generated.gitArchiveId);
    const metadataArchive = await fetchArchive(generated.metadataArchiveUrl, generated.metadataArchiveId);
    result.gitArchiveBytes = gitArchive.length;
    result.metadataArchiveBytes = metadataArchive.length;
    // UploadArchive → UploadArchiveToGithub: the org's database id looked up again for each archive.
    const upload = async (bytes: Buffer, name: string) =>
      target.uploadArchiveToGithubStorage(
        await target.getOrganizationDatabaseId(args.githubTargetOrg),
        name,
        bytes,
      );
    result.gitArchiveUrl = await upload(gitArchive, result.uploadNames[0]);
    result.metadataArchiveUrl = await upload(metadataArchive, result.uploadNames[1]);
  }

  try {
    result.migrationId = await target.startMigration({
      migrationSourceId,
      sourceRepoUrl: result.sourceRepoUrl,
      orgId: githubOrgId,
      repo: targetRepo,
      sourceToken: args.githubSourcePat ?? env.GH_SOURCE_PAT ?? env.GH_PAT ?? null,
      targetToken: args.githubTargetPat ?? env.GH_PAT ?? null,
      gitArchiveUrl: result.gitArchiveUrl,
      metadataArchiveUrl: result.metadataArchiveUrl,
      skipReleases: args.skipReleases ?? false,
      targetRepoVisibility: args.targetRepoVisibility ?? null,
      // `sourceApiUrl.IsNullOrWhiteSpace() && args.LockSourceRepo`: never for a GHES source (the export locks).
      lockSource: false,
    });
  } catch (error) {
    if (
      error instanceof OctoshiftCliError &&
      error.message === `A repository called ${args.githubTargetOrg}/${targetRepo} already exists`
    ) {
      runtime.log(
        'warning',
        `The Org '${args.githubTargetOrg}' already contains a repository with the name '${targetRepo}'.`,
      );
      return result;
    }
    throw error;
  }
  if (args.queueOnly) return result;

  let migration = await target.getMigration(result.migrationId as string);
  while (isRepoPending(migration.state)) {
    await runtime.sleep(10_000, 'MigrateRepoCommandHandler: Waiting 10 seconds');
    migration = await target.getMigration(result.migrationId as string);
  }
  result.final = migration;
  if (!isRepoSucceeded(migration.state)) throw new OctoshiftCliError(migration.failureReason ?? '');
  return result;
}

/** MigrateRepoCommandHandler.WaitForArchiveGeneration: every 10 s for up to 20 hours. */
async function waitForArchiveGeneration(
  runtime: GeiRuntime,
  ghes: GithubApi,
  org: string,
  archiveId: number,
) {
  const timeout = runtime.now() + 20 * 3600 * 1000;
  while (runtime.now() < timeout) {
    const status = await ghes.getArchiveMigrationStatus(org, archiveId);
    if (status === 'exported') return ghes.getArchiveMigrationUrl(org, archiveId);
    if (status === 'failed') throw new OctoshiftCliError(`Archive generation failed for id: ${archiveId}`);
    await runtime.sleep(10_000, 'WaitForArchiveGeneration');
  }
  throw new Error('TimeoutException: Archive generation timed out after 20 hours');
}
