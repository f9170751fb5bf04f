import * as fs from 'node:fs';
import git from 'isomorphic-git';
import type { CommitAuthor } from '@/contracts/identities';
import { CONTROL } from './archive-users';

/** How a commit author is one row: its e-mail (case aside) and name. */
export const authorKey = (author: { name: string; email: string }) =>
  `${author.email.toLowerCase()}\n${author.name}`;

export interface AuthorWalk {
  /** Commits read in this repository before the walk stops (the authors found so far are kept). */
  maxCommits: number;
  /** Distinct authors `into` may hold. */
  maxAuthors: number;
}

/**
 * The distinct authors of the commits reachable from every branch of one bare repository (isomorphic-git, as the
 * validation's archive counts walk them), added to `into`. Answers false when a bound cut the walk short.
 */
export async function collectCommitAuthors(
  gitdir: string,
  into: Map<string, CommitAuthor>,
  bounds: AuthorWalk,
): Promise<boolean> {
  const heads = await Promise.all(
    (await git.listBranches({ fs, gitdir })).map((branch) =>
      git.resolveRef({ fs, gitdir, ref: `refs/heads/${branch}` }),
    ),
  );
  const seen = new Set<string>(heads);
  const queue = [...seen];
  const cache = {};
  while (queue.length > 0) {
    const { commit } = await git.readCommit({ fs, gitdir, oid: queue.pop() as string, cache });
    const name = commit.author.name.trim().slice(0, 256);
    const email = commit.author.email.trim().slice(0, 320);
    if (!CONTROL.test(name + email) && (name || email)) {
      const author: CommitAuthor = { name, email, from: 'archive' };
      const key = authorKey(author);
      if (!into.has(key)) {
        if (into.size >= bounds.maxAuthors) return false;
        into.set(key, author);
      }
    }
    for (const parent of commit.parent) {
      if (seen.has(parent)) continue;
      if (seen.size >= bounds.maxCommits) return false;
      seen.add(parent);
      queue.push(parent);
    }
  }
  return true;
}
