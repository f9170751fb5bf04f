import type { QueryClient, QueryKey, Updater } from '@tanstack/react-query';

/**
 * Show what a write answered as a query's data. A refresh in flight read the server before the write and
 * would land after it, taking the write back until the next poll (a saved draft gone and the next edit merged
 * from it, a cancelled import shown again, a paused wave running): it is cancelled first.
 */
export async function setWriteAnswer<T>(
  client: QueryClient,
  queryKey: QueryKey,
  answer: Updater<T | undefined, T | undefined>,
): Promise<void> {
  await client.cancelQueries({ queryKey, exact: true });
  client.setQueryData<T>(queryKey, answer);
}
