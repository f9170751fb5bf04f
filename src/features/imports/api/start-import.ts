import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request, withCredential } from '@/lib/api-client';
import { parseImport } from '@/contracts/github/source-import';
import { importPath, importQueries } from './imports-queries';
import { setWriteAnswer } from '@/lib/write-answer';

export interface StartImportInput {
  vcs_url: string;
  vcs?: 'git' | 'subversion' | 'mercurial' | 'tfvc';
  vcs_username?: string;
  vcs_password?: string;
  tfvc_project?: string;
}

/** `credential`: a configured credential's name (none: the gateway's first). */
export async function startImport(owner: string, repo: string, input: StartImportInput, credential?: string) {
  const { data } = await request<unknown>(
    'github',
    importPath(owner, repo),
    withCredential(credential, { method: 'PUT', json: input }),
  );
  return parseImport(data);
}

/** Credentials go to the gateway in this one request body and are not kept anywhere in the browser. */
export function useStartImport(owner: string, repo: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ input, credential }: { input: StartImportInput; credential?: string }) =>
      startImport(owner, repo, input, credential),
    onSuccess: (item) => setWriteAnswer(queryClient, importQueries.status(owner, repo).queryKey, item),
  });
}
