import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import * as fs from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, normalize } from 'node:path';
import git from 'isomorphic-git';

export interface GitFacts {
  defaultBranch: string;
  headOid: string | null;
  commitCount: number;
  branches: string[];
  tags: string[];
}

/**
 * Read a bare repository from an archive's files (`prefix` = `repositories/<owner>/<name>.git/`): written to a
 * temporary folder and opened with isomorphic-git, so the counts are the repository's own (branches, tags, the
 * default branch's head and its history). Throws when the repository cannot be read.
 */
export async function readBareRepository(files: Map<string, Buffer>, prefix: string): Promise<GitFacts> {
  const root = await mkdtemp(join(tmpdir(), 'ferry-target-git-'));
  try {
    const gitdir = join(root, 'repo.git');
    for (const [name, body] of files) {
      if (!name.startsWith(prefix) || name.endsWith('/')) continue;
      const relative = normalize(name.slice(prefix.length));
      // Entry names come from an uploaded archive: never write outside the folder.
      if (relative.startsWith('..') || relative.startsWith('/')) continue;
      const path = join(gitdir, relative);
      await mkdir(dirname(path), { recursive: true });
      await writeFile(path, body);
    }
    const defaultBranch = (await git.currentBranch({ fs, gitdir, fullname: false })) ?? 'main';
    const branches = await git.listBranches({ fs, gitdir });
    const tags = await git.listTags({ fs, gitdir });
    if (!branches.includes(defaultBranch)) {
      return { defaultBranch, headOid: null, commitCount: 0, branches, tags };
    }
    const headOid = await git.resolveRef({ fs, gitdir, ref: `refs/heads/${defaultBranch}` });
    const commits = await git.log({ fs, gitdir, ref: headOid });
    return { defaultBranch, headOid, commitCount: commits.length, branches, tags };
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}

/** The bare repositories an archive holds (`repositories/<owner>/<name>.git/`). */
export function bareRepositoriesIn(
  files: Map<string, Buffer>,
): { owner: string; name: string; prefix: string }[] {
  const found = new Map<string, { owner: string; name: string; prefix: string }>();
  for (const name of files.keys()) {
    const match = /^repositories\/([^/]+)\/([^/]+)\.git\//.exec(name);
    if (!match || match[2]?.endsWith('.wiki')) continue;
    const prefix = match[0];
    found.set(prefix, { owner: match[1] as string, name: match[2] as string, prefix });
  }
  return [...found.values()];
}
