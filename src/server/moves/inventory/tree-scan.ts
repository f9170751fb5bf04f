import ignore from 'ignore';
import { GITHUB_FILE_LIMIT_BYTES, REF_NAME_LIMIT_BYTES } from '@/contracts/inventory';

/** Bounds on what a `.gitattributes` may make Ferry match (lines, and characters a pattern). */
const MAX_PATTERNS = 200;
const MAX_PATTERN_LENGTH = 300;
const MAX_LARGE_FILES = 20;

/**
 * The patterns `.gitattributes` gives to Git LFS (`filter=lfs`), in file order. A negated or macro line is not
 * a path pattern; lines past the bounds are ignored.
 */
export function lfsPatterns(gitattributes: string | undefined): string[] {
  if (!gitattributes) return [];
  return gitattributes
    .split(/\r?\n/)
    .slice(0, MAX_PATTERNS)
    .flatMap((line) => {
      const trimmed = line.trim();
      if (!trimmed || trimmed.startsWith('#') || trimmed.startsWith('[attr]')) return [];
      const [pattern, ...attributes] = trimmed.split(/\s+/);
      if (!pattern || pattern.length > MAX_PATTERN_LENGTH || pattern.startsWith('!')) return [];
      return attributes.includes('filter=lfs') ? [pattern] : [];
    });
}

export interface TreeEntry {
  path: string;
  type: string;
  size?: number;
}

/**
 * From a recursive tree: how many files the LFS patterns match (gitattributes patterns follow gitignore's
 * matching: no slash matches at any depth), and the files over GitHub.com's 100 MB, largest first.
 */
export function scanTree(entries: readonly TreeEntry[], patterns: readonly string[]) {
  const matcher = ignore().add([...patterns]);
  let lfsFiles = 0;
  const large: { path: string; bytes: number }[] = [];
  for (const entry of entries) {
    if (entry.type !== 'blob') continue;
    if (patterns.length > 0 && safeIgnores(matcher, entry.path)) lfsFiles++;
    if (typeof entry.size === 'number' && entry.size > GITHUB_FILE_LIMIT_BYTES)
      large.push({ path: entry.path.slice(0, 1_000), bytes: entry.size });
  }
  large.sort((a, b) => b.bytes - a.bytes);
  return { lfsFiles, largeFiles: large.slice(0, MAX_LARGE_FILES) };
}

/** `ignore` refuses some paths (absolute, `..`): such a path is not matched rather than failing the read. */
function safeIgnores(matcher: ReturnType<typeof ignore>, path: string): boolean {
  try {
    return matcher.ignores(path);
  } catch {
    return false;
  }
}

/** Full ref names over GitHub's 255 bytes (UTF-8), at most 20. */
export function longRefs(names: readonly string[]): string[] {
  return names.filter((name) => Buffer.byteLength(name, 'utf8') > REF_NAME_LIMIT_BYTES).slice(0, 20);
}
