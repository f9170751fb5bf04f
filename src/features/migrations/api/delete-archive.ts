import { useMutation } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { migrationApiPath, type MigrationScope } from '../utils/scope';

export async function deleteArchive(scope: MigrationScope, id: number): Promise<void> {
  await request<unknown>('github', migrationApiPath(scope, 'deleteArchive', { migration_id: id }), {
    method: 'DELETE',
  });
}

export function useDeleteArchive(scope: MigrationScope, id: number, onDeleted: () => void) {
  return useMutation({ mutationFn: () => deleteArchive(scope, id), onSuccess: onDeleted });
}
