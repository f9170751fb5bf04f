import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { parseMigration, type Migration } from '@/contracts/github/migration';
import { migrationApiPath, type MigrationScope } from '../utils/scope';
import { toStartBody, type StartForm } from '../utils/start-form';
import { migrationQueries } from './migration-queries';

export async function startMigration(scope: MigrationScope, form: StartForm): Promise<Migration> {
  const { data } = await request<unknown>('github', migrationApiPath(scope, 'start'), {
    method: 'POST',
    json: toStartBody(form, scope),
  });
  return parseMigration(data);
}

export function useStartMigration(scope: MigrationScope) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (form: StartForm) => startMigration(scope, form),
    onSuccess: (migration) => {
      queryClient.setQueryData(migrationQueries.detail(scope, migration.id).queryKey, migration);
      void queryClient.invalidateQueries({ queryKey: migrationQueries.scope(scope) });
    },
  });
}
