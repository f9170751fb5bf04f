import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { importPath, importQueries } from './imports-queries';
import { setWriteAnswer } from '@/lib/write-answer';

export async function cancelImport(owner: string, repo: string): Promise<void> {
  await request<unknown>('github', importPath(owner, repo), { method: 'DELETE' });
}

export function useCancelImport(owner: string, repo: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => cancelImport(owner, repo),
    onSuccess: async () => {
      await setWriteAnswer(queryClient, importQueries.status(owner, repo).queryKey, null);
      // The import's authors and large files went with it (every variant of those queries).
      queryClient.removeQueries({
        queryKey: importQueries.repo(owner, repo),
        predicate: (query) => ['authors', 'large-files'].includes(String(query.queryKey.at(3))),
      });
    },
  });
}
