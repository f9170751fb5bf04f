import { createRateLimiter } from './github/rate-limits';
import { budgetOf } from './github/budgets';
import type { GithubState } from './github/state';

/**
 * The simulated GitHub as a file: everything a restart must keep (ids, the clock, exports with their
 * archives and locks, imports, the limiter's counts), as JSON. Maps, Sets and Buffers are tagged so they
 * come back as they were.
 */
export const WORLD_FILE_VERSION = 1;

interface WorldFile {
  version: number;
  savedAt: string;
  /** The simulator's clock when saved (epoch ms): it resumes from here. */
  nowMs: number;
  github: unknown;
  limiter: { originMs: number; background: boolean; counted: unknown };
  /** The target GitHub.com (issue 35); absent in files written before it existed. */
  target?: unknown;
}

function replacer(this: unknown, _key: string, value: unknown): unknown {
  if (value instanceof Map) return { $map: [...value] };
  if (value instanceof Set) return { $set: [...value] };
  if (value && typeof value === 'object' && (value as { type?: unknown }).type === 'Buffer') {
    const data = (value as { data?: unknown }).data;
    if (Array.isArray(data)) return { $buffer: Buffer.from(data as number[]).toString('base64') };
  }
  return value;
}

function reviver(_key: string, value: unknown): unknown {
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    const tagged = value as { $map?: unknown; $set?: unknown; $buffer?: unknown };
    if (Array.isArray(tagged.$map)) return new Map(tagged.$map as [unknown, unknown][]);
    if (Array.isArray(tagged.$set)) return new Set(tagged.$set);
    if (typeof tagged.$buffer === 'string') return Buffer.from(tagged.$buffer, 'base64');
  }
  return value;
}

export function encodeWorld(github: GithubState, nowMs: number, target?: unknown): string {
  const { limiter, ...rest } = github;
  const file: WorldFile = {
    version: WORLD_FILE_VERSION,
    savedAt: new Date().toISOString(),
    nowMs,
    github: rest,
    limiter: { ...limiter.options, counted: limiter.counts() },
    target,
  };
  return JSON.stringify(file, replacer);
}

/** The saved world, or undefined when the text is not one this version wrote. */
export function decodeWorld(
  text: string,
): { github: GithubState; nowMs: number; target?: unknown } | undefined {
  let file: WorldFile;
  try {
    file = JSON.parse(text, reviver) as WorldFile;
  } catch {
    return undefined;
  }
  if (file?.version !== WORLD_FILE_VERSION || typeof file.nowMs !== 'number' || !file.github)
    return undefined;
  const github = file.github as Omit<GithubState, 'limiter'>;
  if (!(github.migrations?.migrations instanceof Map) || !(github.world?.accounts instanceof Map))
    return undefined;
  const limiter = createRateLimiter({
    originMs: file.limiter.originMs,
    background: file.limiter.background,
    counted: file.limiter.counted as Parameters<typeof createRateLimiter>[0]['counted'],
    budgetOf: (identity) => budgetOf(github.world.tokens, identity),
  });
  return { github: { ...github, limiter }, nowMs: file.nowMs, target: file.target };
}
