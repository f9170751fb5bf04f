import { MAX_MOVE_REPOSITORIES } from '@/contracts/moves';
import type { RepositoryCounts, RepositoryValidation } from '@/contracts/moves-validation';
import { ArchiveCountError } from './archive-count-error';
import { countArchive, repositoryKey, type ArchiveBounds } from './archive-counts';
import { compareRepository } from './compare';
import { countSide, type GraphqlPost, type SideCounts } from './count-side';

/**
 * A move's validation for many repositories: each side counted in one aliased query per chunk (source and
 * target at once), each verified archive read from disk once, then the three compared. No `rateLimit` query
 * before a request: each answer tells its own cost.
 */
export interface ValidationSide {
  owner: string;
  post: GraphqlPost;
  /** Count branch protection rules on this side (GitHub has them on GHES and GitHub.com; both simulators too). */
  protectedBranches: boolean;
}

export interface RepositoryToValidate {
  /** The name at the source (and in the archive). */
  name: string;
  /** The name on the target (default: `name`). */
  targetName?: string;
  /** The verified archive that holds this repository. */
  archive: string;
}

export interface MoveValidationInput {
  source: ValidationSide;
  target: ValidationSide;
  repositories: readonly RepositoryToValidate[];
  /** False when the move skipped releases (or the GHES was older than 3.5.0): none expected on the target. */
  releasesMigrated: boolean;
  archiveBounds?: Partial<ArchiveBounds>;
  /** Where archives' bare repositories are written while counted (default: the system's temporary folder). */
  scratchDir?: string;
}

export interface MoveValidation {
  repositories: { name: string; targetName: string; validation: RepositoryValidation }[];
  /** What each side was charged: requests sent and GitHub's points. */
  cost: Record<'source' | 'target', Pick<SideCounts, 'requests' | 'points'>>;
}

type ArchiveColumn = Map<string, RepositoryCounts> | ArchiveCountError;

async function archiveColumns(input: MoveValidationInput): Promise<Map<string, ArchiveColumn>> {
  const columns = new Map<string, ArchiveColumn>();
  for (const file of new Set(input.repositories.map((repo) => repo.archive))) {
    try {
      columns.set(
        file,
        await countArchive(file, { bounds: input.archiveBounds, scratchDir: input.scratchDir }),
      );
    } catch (error) {
      if (!(error instanceof ArchiveCountError)) throw error;
      columns.set(file, error);
    }
  }
  return columns;
}

export async function validateMove(input: MoveValidationInput): Promise<MoveValidation> {
  // A move's own bound: each name is a variable of a query and a key of the answer.
  if (input.repositories.length > MAX_MOVE_REPOSITORIES)
    throw new RangeError(`A validation takes at most ${MAX_MOVE_REPOSITORIES} repositories.`);
  const targetName = (repo: RepositoryToValidate) => repo.targetName ?? repo.name;
  const [source, target, archives] = await Promise.all([
    countSide(
      input.source.post,
      input.source.owner,
      input.repositories.map((repo) => repo.name),
      { protectedBranches: input.source.protectedBranches },
    ),
    countSide(input.target.post, input.target.owner, input.repositories.map(targetName), {
      protectedBranches: input.target.protectedBranches,
    }),
    archiveColumns(input),
  ]);
  const options = { releasesMigrated: input.releasesMigrated };
  return {
    repositories: input.repositories.map((repo) => {
      const column = archives.get(repo.archive);
      const refused = column instanceof ArchiveCountError ? column.message : undefined;
      const archive =
        column instanceof Map ? column.get(repositoryKey(input.source.owner, repo.name)) : undefined;
      const validation = compareRepository(
        {
          source: source.counts.get(repo.name.toLowerCase()) ?? null,
          archive: archive ?? null,
          target: target.counts.get(targetName(repo).toLowerCase()) ?? null,
        },
        options,
      );
      return {
        name: repo.name,
        targetName: targetName(repo),
        validation: refused
          ? { ...validation, reason: `The archive cannot be counted: ${refused}` }
          : validation,
      };
    }),
    cost: {
      source: { requests: source.requests, points: source.points },
      target: { requests: target.requests, points: target.points },
    },
  };
}
