import { buildBareRepository, gitRefs, type BareRepository, type GitRefs } from '../content/bare-repository';
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

const keyOf = (repo: SimRepo, pad: number) =>
  JSON.stringify([repo.id, repo.owner, repo.name, repo.description, pad]);

/** Ids already hashed (a few hundred bytes each; plenty for big-org). */
const refsCache = new Map<string, GitRefs>();
const REFS_LIMIT = 5_000;

/**
 * The commit ids of the repository's Git data (`trunk`, `heads`, `tags`) exactly as `gitData` builds them, without
 * building its pack: the archive's own when it is already built, else hashed alone (`gitRefs`). GraphQL's
 * `defaultBranchRef { target { oid } }` is `gitRefsOf(repo, bytesPerKb).heads[defaultBranch]`.
 */
export function gitRefsOf(repo: SimRepo, bytesPerKb: number): GitRefs {
  const pad = paddingBytes(repo, bytesPerKb);
  const key = keyOf(repo, pad);
  const built = cache.get(key)?.built ?? refsCache.get(key);
  if (built) return built;
  const refs = gitRefs(repo, repositoryContent(repo), pad);
  if (refsCache.size >= REFS_LIMIT) refsCache.clear();
  refsCache.set(key, refs);
  return refs;
}

export function gitData(repo: SimRepo, bytesPerKb: number): BareRepository {
  const pad = paddingBytes(repo, bytesPerKb);
  const key = keyOf(repo, pad);
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
