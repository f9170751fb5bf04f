import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request, withCredential } from '@/lib/api-client';
import { parseMigration, type Migration } from '@/contracts/github/migration';
import { migrationApiPath, type MigrationScope } from '../utils/scope';
import { toStartBody, type StartForm } from '../utils/start-form';
import { migrationQueries } from './migration-queries';

/** `credential`: a configured credential's name (none: the first that may export). */
export async function startMigration(
  scope: MigrationScope,
  form: StartForm,
  credential?: string,
): Promise<Migration> {
  const { data } = await request<unknown>(
    'github',
    migrationApiPath(scope, 'start'),
    withCredential(credential, { method: 'POST', json: toStartBody(form, scope) }),
  );
  return parseMigration(data);
}

export function useStartMigration(scope: MigrationScope) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ form, credential }: { form: StartForm; credential?: string }) =>
      startMigration(scope, form, credential),
    onSuccess: (migration) => {
      queryClient.setQueryData(migrationQueries.detail(scope, migration.id).queryKey, migration);
      void queryClient.invalidateQueries({ queryKey: migrationQueries.scope(scope) });
    },
  });
}
