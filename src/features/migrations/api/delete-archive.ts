import { useMutation } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { migrationsApiPath, type MigrationScope } from '../utils/scope';

export async function deleteArchive(scope: MigrationScope, id: number): Promise<void> {
  await request<unknown>('github', `${migrationsApiPath(scope)}/${id}/archive`, { method: 'DELETE' });
}

export function useDeleteArchive(scope: MigrationScope, id: number, onDeleted: () => void) {
  return useMutation({ mutationFn: () => deleteArchive(scope, id), onSuccess: onDeleted });
}
