import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { parseImport } from '@/contracts/github/source-import';
import { importPath, importQueries } from './imports-queries';
import { setWriteAnswer } from '@/lib/write-answer';

/** Credentials, a project choice (whatever keys it carries), or nothing: with no parameters GitHub restarts. */
export type UpdateImportInput =
  | { kind: 'credentials'; vcs_username: string; vcs_password: string }
  | { kind: 'project'; choice: Record<string, string> }
  | { kind: 'restart' };

export async function updateImport(owner: string, repo: string, input: UpdateImportInput) {
  const path = importPath(owner, repo);
  const options =
    input.kind === 'credentials'
      ? { json: { vcs_username: input.vcs_username, vcs_password: input.vcs_password } }
      : input.kind === 'project'
        ? { json: input.choice }
        : {};
  const { data } = await request<unknown>('github', path, { method: 'PATCH', ...options });
  return parseImport(data);
}

export function useUpdateImport(owner: string, repo: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateImportInput) => updateImport(owner, repo, input),
    onSuccess: async (item) => {
      await setWriteAnswer(queryClient, importQueries.status(owner, repo).queryKey, item);
      void queryClient.invalidateQueries({ queryKey: importQueries.repo(owner, repo) });
    },
  });
}
