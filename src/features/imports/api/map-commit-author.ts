import { githubPath } from '@/contracts/github/operations';
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { parseAuthors, type CommitAuthor } from '@/contracts/github/source-import';

/** One author mapping. The editor sends these serially (see utils/serial-save.ts and hooks/use-author-save.ts). */
export async function mapCommitAuthor(
  owner: string,
  repo: string,
  change: { id: number; name: string; email: string },
): Promise<CommitAuthor> {
  const { data } = await request<unknown>(
    'github',
    githubPath('migrations/map-commit-author', { owner, repo, author_id: change.id }),
    {
      method: 'PATCH',
      json: { name: change.name, email: change.email },
    },
  );
  const [author] = parseAuthors([data]);
  if (!author) throw new Error('GitHub answered the mapping with something that is not an author.');
  return author;
}

/** One author mapping as a mutation: the saved author replaces the old one in the authors list. */
export function useMapCommitAuthor(owner: string, repo: string, authorsKey: QueryKey) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: { id: number; name: string; email: string }) => mapCommitAuthor(owner, repo, change),
    onSuccess: (saved) => {
      queryClient.setQueryData<CommitAuthor[]>(authorsKey, (list) =>
        list?.map((author) => (author.id === saved.id ? saved : author)),
      );
    },
  });
}
