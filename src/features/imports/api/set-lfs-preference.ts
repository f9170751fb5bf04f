import { githubPath } from '@/contracts/github/operations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { parseImport } from '@/contracts/github/source-import';
import { importQueries } from './imports-queries';
import { setWriteAnswer } from '@/lib/write-answer';

export async function setLfsPreference(owner: string, repo: string, useLfs: 'opt_in' | 'opt_out') {
  const { data } = await request<unknown>(
    'github',
    githubPath('migrations/set-lfs-preference', { owner, repo }),
    {
      method: 'PATCH',
      json: { use_lfs: useLfs },
    },
  );
  return parseImport(data);
}

export function useSetLfsPreference(owner: string, repo: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (useLfs: 'opt_in' | 'opt_out') => setLfsPreference(owner, repo, useLfs),
    onSuccess: (item) => setWriteAnswer(queryClient, importQueries.status(owner, repo).queryKey, item),
  });
}
