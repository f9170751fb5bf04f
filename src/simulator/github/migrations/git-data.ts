import { buildBareRepository, type BareRepository } from '../content/bare-repository';
import { repositoryContent } from '../content/repository-content';
import type { SimRepo } from '../factories/repository';

/**
 * The Git data of a repository in an archive, built once and shared by every archive that holds the repository
 * (big-org's waves export the same 500 repositories in many batches). The result depends only on what is in the
 * key, so the cache is safe across simulators; it keeps at most CACHE_BYTES of repositories, oldest out first.
 */
const CACHE_BYTES = 128 * 1024 * 1024;
const cache = new Map<string, { built: BareRepository; bytes: number }>();
let cachedBytes = 0;

/** Bytes of padding for a repository: `bytesPerKb` per kilobyte of its size (SIM_ARCHIVE_BYTES_PER_KB). */
export function paddingBytes(repo: SimRepo, bytesPerKb: number): number {
  return Math.max(0, Math.round(repo.size * bytesPerKb));
}

export function gitData(repo: SimRepo, bytesPerKb: number): BareRepository {
  const pad = paddingBytes(repo, bytesPerKb);
  const key = JSON.stringify([repo.id, repo.owner, repo.name, repo.description, pad]);
  const hit = cache.get(key);
  if (hit) {
    // Most recently used last, so the oldest leaves first.
    cache.delete(key);
    cache.set(key, hit);
    return hit.built;
  }
  const built = buildBareRepository(repo, repositoryContent(repo), pad);
  const bytes = [...built.files.values()].reduce((total, body) => total + body.length, 0);
  cache.set(key, { built, bytes });
  cachedBytes += bytes;
  for (const [oldest, entry] of cache) {
    if (cachedBytes <= CACHE_BYTES || oldest === key) break;
    cache.delete(oldest);
    cachedBytes -= entry.bytes;
  }
  return built;
}
