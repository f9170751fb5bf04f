import { createHash } from 'node:crypto';
import type { SimRepo } from '../factories/repository';

/**
 * What a simulated repository holds — branches, commits, tags, releases, issue and pull-request counts — as one
 * pure model derived from the repository's id and name only (never the clock), so every part of the simulator
 * that shows the repository (REST, the archive's JSON records, the archive's Git data, the target after an
 * import) tells the same story. Numbers stay small so archives stay small.
 */

export interface CommitAuthor {
  name: string;
  email: string;
}

export interface ModelCommit {
  message: string;
  author: CommitAuthor;
  /** ISO 8601, UTC, whole seconds. */
  date: string;
}

export interface ModelBranch {
  name: string;
  /** Index of the default-branch commit it forks from. */
  base: number;
  /** Its own commits on top of `base`, oldest first. */
  commits: ModelCommit[];
}

export interface ModelTag {
  name: string;
  /** Index of the default-branch commit it points at. */
  commit: number;
  /** Annotated tags are tag objects (with this message); lightweight ones are plain refs. */
  annotated: boolean;
  message: string;
}

export interface ModelRelease {
  tag: string;
  name: string;
}

export type PullState = 'open' | 'closed' | 'merged';

export interface ModelPull {
  /** The head branch (one of `branches`); the base is always the default branch. */
  head: string;
  state: PullState;
}

export interface RepositoryContent {
  defaultBranch: string;
  /** The default branch's commits, oldest first (the first is the root commit). */
  commits: ModelCommit[];
  /** The other branches (0–3). */
  branches: ModelBranch[];
  /** 0–3 tags on the default branch. */
  tags: ModelTag[];
  /** One release per annotated tag. */
  releases: ModelRelease[];
  /** Issues: the open ones are numbered first, then the closed ones. */
  issues: { open: number; closed: number };
  /** One pull request per other branch, numbered after the issues. */
  pulls: ModelPull[];
}

/**
 * Commit authors, alternating between the seeded users' e-mails (src/simulator/github/seed.ts: attributed on a
 * target) and e-mails no account has (they stay unattributed: mannequins on a target). Any three consecutive
 * entries (cyclically) hold both kinds, so every repository has both.
 */
export const COMMIT_AUTHORS: readonly CommitAuthor[] = [
  { name: 'The Octocat', email: 'octocat@example.com' },
  { name: 'Mona Lisa', email: 'mona@legacy-ghes.example' },
  { name: 'Hubot', email: 'hubot@example.com' },
  { name: 'Build Bot', email: 'build-bot@ci.internal' },
  { name: 'Ada Lovelace', email: 'ada@old-corp.example' },
];

const MESSAGES = [
  'Add README',
  'Fix the build on CI',
  'Update dependencies',
  'Refactor the parser',
  'Document the API',
  'Add tests for the importer',
  'Handle empty input',
  'Speed up the start',
];
const BRANCH_WORDS = ['login', 'search', 'export', 'cache', 'retry', 'docs', 'metrics'];

/** Every model's dates come before this instant (fixed, so the same repository gives the same Git bytes). */
export const CONTENT_EPOCH_MS = Date.UTC(2025, 0, 1);
const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/** A small deterministic byte stream from the repository's identity. */
function seededBytes(repo: Pick<SimRepo, 'id' | 'name'>): () => number {
  let block = 0;
  let bytes = Buffer.alloc(0);
  let at = 0;
  return () => {
    if (at >= bytes.length) {
      bytes = createHash('sha256').update(`content:${repo.id}:${repo.name}:${block++}`).digest();
      at = 0;
    }
    return bytes[at++] ?? 0;
  };
}

const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

/** Models already built (REST lists hundreds of repositories per page); plenty for big-org. */
const built = new Map<string, RepositoryContent>();
const BUILT_LIMIT = 5_000;

/** The model of one repository (pure; same id and name, same model; shared, so never change it). */
export function repositoryContent(repo: Pick<SimRepo, 'id' | 'name'>): RepositoryContent {
  const key = `${repo.id}:${repo.name}`;
  const known = built.get(key);
  if (known) return known;
  const content = buildContent(repo);
  if (built.size >= BUILT_LIMIT) built.clear();
  built.set(key, content);
  return content;
}

function buildContent(repo: Pick<SimRepo, 'id' | 'name'>): RepositoryContent {
  const next = seededBytes(repo);
  const authorOffset = next();
  // Older repositories (about one in five) still use `master`.
  const defaultBranch = next() % 5 === 0 ? 'master' : 'main';
  let time = CONTENT_EPOCH_MS - (200 + (next() % 400)) * DAY_MS;
  const commit = (message: string, index: number): ModelCommit => {
    time += (1 + (next() % 5)) * DAY_MS + (next() % 24) * HOUR_MS + next() * 7_000;
    const author = COMMIT_AUTHORS[(authorOffset + index) % COMMIT_AUTHORS.length] ?? COMMIT_AUTHORS[0]!;
    return { message, author, date: iso(time) };
  };

  const commitCount = 3 + (next() % 5);
  const commits = Array.from({ length: commitCount }, (_, index) =>
    commit(
      index === 0 ? 'Initial commit' : (MESSAGES[(next() + index) % MESSAGES.length] ?? 'Update'),
      index,
    ),
  );

  const branchCount = next() % 4;
  const wordOffset = next();
  const branches = Array.from({ length: branchCount }, (_, index): ModelBranch => {
    const word = BRANCH_WORDS[(wordOffset + index) % BRANCH_WORDS.length] ?? 'change';
    const base = 1 + (next() % (commitCount - 1));
    const own = 1 + (next() % 3);
    time = Date.parse(commits[base]!.date);
    return {
      name: `feature/${word}`,
      base,
      commits: Array.from({ length: own }, (_, step) =>
        commit(`Work on ${word} (${step + 1})`, base + step + 1),
      ),
    };
  });

  const tagCount = next() % 4;
  const tags = Array.from({ length: tagCount }, (_, index): ModelTag => {
    const name = `v1.${index}.0`;
    // Spread over the history, the last tag at the tip.
    const at = commitCount - 1 - (tagCount - 1 - index);
    return { name, commit: Math.max(0, at), annotated: index % 2 === 0, message: `Version 1.${index}.0` };
  });
  const releases = tags
    .filter((tag) => tag.annotated)
    .map((tag) => ({ tag: tag.name, name: `Release ${tag.name}` }));

  const issueCount = 1 + (next() % 3);
  const closed = next() % issueCount;
  const states: PullState[] = ['open', 'merged', 'closed'];
  const stateOffset = next();
  const pulls = branches.map((branch, index) => ({
    head: branch.name,
    state: states[(stateOffset + index) % states.length] ?? 'open',
  }));

  return {
    defaultBranch,
    commits,
    branches,
    tags,
    releases,
    issues: { open: issueCount - closed, closed },
    pulls,
  };
}

/** Pull-request counts by state. */
export function pullCounts(content: RepositoryContent): Record<PullState, number> {
  const counts: Record<PullState, number> = { open: 0, closed: 0, merged: 0 };
  for (const pull of content.pulls) counts[pull.state] += 1;
  return counts;
}
