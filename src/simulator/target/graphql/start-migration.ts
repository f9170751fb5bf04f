import { joinCrowd } from '../crowd';
import { fetchArchive, type Fetched } from '../fetch-archive';
import { importArchives } from '../import-archive';
import { durationsFor } from '../queue';
import { blockingRuleset, rulesetFailureReason } from '../rulesets';
import { nextNodeId, type ImportedRepo, type MigrationOutcome, type TargetMigration } from '../state';
import { nodeId, uuidFrom } from '../ids';
import type { GqlContext } from './context';
import { githubError, notResolvable } from './errors';
import { migrationObject } from './objects';
import { requireMigrator, requireOrg } from './permissions';

export interface StartInput {
  sourceId: string;
  ownerId: string;
  sourceRepositoryUrl: string;
  repositoryName: string;
  continueOnError?: boolean | null;
  gitArchiveUrl?: string | null;
  metadataArchiveUrl?: string | null;
  accessToken?: string | null;
  githubPat?: string | null;
  skipReleases?: boolean | null;
  targetRepoVisibility?: string | null;
  lockSource?: boolean | null;
}

const VISIBILITIES = ['private', 'public', 'internal'] as const;
const REPO_NAME = /^[A-Za-z0-9._-]{1,100}$/;

function checkInput(ctx: GqlContext, input: StartInput) {
  const org = requireOrg(ctx, input.ownerId);
  const source = ctx.state.sources.find((s) => s.id === input.sourceId);
  if (!source) throw notResolvable(input.sourceId);
  if (!REPO_NAME.test(input.repositoryName) || /^\.+$/.test(input.repositoryName))
    throw githubError('UNPROCESSABLE', 'repositoryName is not a valid repository name.');
  const visibility = input.targetRepoVisibility ?? 'private';
  if (!(VISIBILITIES as readonly string[]).includes(visibility))
    throw githubError('UNPROCESSABLE', 'targetRepoVisibility must be one of: private, public, internal.');
  let sourceUrl: URL | undefined;
  try {
    sourceUrl = new URL(input.sourceRepositoryUrl);
  } catch {
    sourceUrl = undefined;
  }
  if (!sourceUrl || !['http:', 'https:'].includes(sourceUrl.protocol))
    throw githubError('UNPROCESSABLE', 'sourceRepositoryUrl is not a valid URL.');
  const wanted = input.repositoryName.toLowerCase();
  const view = ctx.view();
  const taken =
    view.repos.has(wanted) ||
    view.migrations.some(
      (v) =>
        v.migration.repositoryName.toLowerCase() === wanted &&
        ['QUEUED', 'IN_PROGRESS', 'PENDING_VALIDATION'].includes(v.state),
    );
  if (taken)
    throw githubError(
      'UNPROCESSABLE',
      `A repository called ${org.login}/${input.repositoryName} already exists`,
    );
  if (!input.gitArchiveUrl || !input.metadataArchiveUrl)
    throw githubError(
      'UNPROCESSABLE',
      'gitArchiveUrl and metadataArchiveUrl are required for a GITHUB_ARCHIVE source.',
    );
  return { org, source, visibility: visibility as ImportedRepo['visibility'] };
}

async function fetchBoth(
  ctx: GqlContext,
  input: StartInput,
): Promise<{ git: Buffer; metadata: Buffer } | string> {
  const sources = {
    storage: ctx.world.storage(),
    orgDatabaseId: ctx.state.org.databaseId,
    fetchSource: ctx.world.fetchSource,
  };
  const git: Fetched = await fetchArchive(input.gitArchiveUrl as string, sources);
  if (!git.ok) return git.reason;
  if (input.metadataArchiveUrl === input.gitArchiveUrl) return { git: git.bytes, metadata: git.bytes };
  const metadata = await fetchArchive(input.metadataArchiveUrl as string, sources);
  if (!metadata.ok) return metadata.reason;
  return { git: git.bytes, metadata: metadata.bytes };
}

/** What the migration will end with (GitHub downloads when it runs; the simulator at once, and shows it later). */
async function outcomeOf(
  ctx: GqlContext,
  input: StartInput,
  visibility: ImportedRepo['visibility'],
  sequence: number,
): Promise<{ outcome: MigrationOutcome; bytes: number; records: number; failsAtOnce?: boolean }> {
  const pat = input.githubPat ? ctx.state.tokens.get(input.githubPat) : undefined;
  if (input.githubPat && pat?.kind !== 'classic') {
    const reason = 'The githubPat is not a valid personal access token (classic) of the target.';
    return { outcome: { ok: false, state: 'FAILED_VALIDATION', reason }, bytes: 0, records: 0 };
  }
  const archives = await fetchBoth(ctx, input);
  if (typeof archives === 'string')
    return {
      outcome: { ok: false, state: 'FAILED', reason: archives },
      bytes: 0,
      records: 0,
      failsAtOnce: true,
    };
  const bytes = archives.git.length + (archives.metadata === archives.git ? 0 : archives.metadata.length);
  const facts = await importArchives({
    ...archives,
    skipReleases: input.skipReleases === true,
    targetLogins: new Set(ctx.state.users.map((u) => u.login.toLowerCase())),
    lossy: ctx.state.quirks.lossyRepositories.includes(input.repositoryName),
  });
  if (!facts.ok) return { outcome: facts, bytes, records: 0 };
  const { counts } = facts;
  if (blockingRuleset(ctx.state, input.repositoryName)) {
    const reason = rulesetFailureReason(counts.defaultBranch);
    return { outcome: { ok: false, state: 'FAILED', reason }, bytes, records: 0 };
  }
  const repo: ImportedRepo = {
    owner: ctx.state.org.login,
    name: input.repositoryName,
    nodeId: nodeId('R', `${ctx.state.org.login}/${input.repositoryName}#${sequence}`),
    databaseId: 600_000_000 + sequence,
    visibility,
    ...counts,
    issues: counts.issues + 1, // the "Migration Log" issue
  };
  const pulls = counts.pullRequests.open + counts.pullRequests.closed + counts.pullRequests.merged;
  const records = counts.issues + pulls + counts.releases + counts.commitCount;
  return {
    outcome: {
      ok: true,
      repo,
      mannequins: facts.mannequins,
      warnings: facts.warnings,
      ...(facts.crowd ? { crowd: facts.crowd } : {}),
    },
    bytes,
    records,
  };
}

export async function startRepositoryMigration({ input }: { input: StartInput }, ctx: GqlContext) {
  const login = requireMigrator(ctx, 'startRepositoryMigration', 'StartRepositoryMigration');
  const { visibility } = checkInput(ctx, input);
  const sequence = ctx.state.nextSequence;
  const id = nextNodeId(ctx.state, 'RM');
  const { outcome, bytes, records, failsAtOnce } = await outcomeOf(ctx, input, visibility, sequence);
  const migration: TargetMigration = {
    id,
    databaseId: uuidFrom(id),
    sourceId: input.sourceId,
    orgLogin: ctx.state.org.login,
    repositoryName: input.repositoryName,
    sourceUrl: input.sourceRepositoryUrl,
    continueOnError: input.continueOnError ?? false,
    createdAt: ctx.now,
    startedBy: login,
    ...durationsFor(bytes),
    stuck: ctx.state.quirks.stuckRepositories.includes(input.repositoryName),
    outcome,
    ...(failsAtOnce ? { failsAtOnce } : {}),
    // The import's own work: 1 point plus 1 per 100 records (issues, pull requests, releases, commits).
    importPoints: 1 + Math.ceil(records / 100),
  };
  ctx.invalidate();
  checkInput(ctx, input); // another start for the same name may have won while the archives downloaded
  ctx.state.migrations.push(migration);
  // A large source organization's people who have accounts on the target are there from now on (crowd.ts).
  if (outcome.ok && outcome.crowd) joinCrowd(ctx.state, outcome.crowd);
  ctx.invalidate();
  const view = ctx.view().migrations.find((v) => v.migration.id === id);
  return { repositoryMigration: view ? migrationObject(view, ctx) : null };
}
