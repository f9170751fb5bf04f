import { request } from '@/lib/api-client';
import { parseAuthors, type CommitAuthor } from '../utils/import-model';
import { importPath } from './imports-queries';

/** One author mapping. Not a hook: the editor sends these serially (see utils/serial-save.ts). */
export async function mapCommitAuthor(
  owner: string,
  repo: string,
  change: { id: number; name: string; email: string },
): Promise<CommitAuthor> {
  const { data } = await request<unknown>('github', importPath(owner, repo, `/authors/${change.id}`), {
    method: 'PATCH',
    json: { name: change.name, email: change.email },
  });
  const [author] = parseAuthors([data]);
  if (!author) throw new Error('GitHub answered the mapping with something that is not an author.');
  return author;
}
