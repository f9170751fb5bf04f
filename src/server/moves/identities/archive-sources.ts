import type { Move } from '@/contracts/move-run';
import type { ArchiveSource } from './archive-identity-reader';

/**
 * The verified archives of every move into `target` (case aside), one per file: where the map finds the source's
 * users and commit authors. Pure.
 */
export function archiveSources(moves: readonly Move[], target: string): ArchiveSource[] {
  const found = new Map<string, ArchiveSource>();
  for (const move of moves) {
    if (move.target.login.toLowerCase() !== target.toLowerCase()) continue;
    for (const repository of move.repositories)
      if (repository.archive && !found.has(repository.archive.file))
        found.set(repository.archive.file, {
          repository: `${move.source.login}/${repository.name}`,
          file: repository.archive.file,
          sha256: repository.archive.sha256,
        });
  }
  return [...found.values()];
}
