import { QueryClient, queryOptions } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { setWriteAnswer } from './write-answer';

describe('setWriteAnswer', () => {
  it('keeps the write’s answer when a refresh that read the server before the write answers after it', async () => {
    const client = new QueryClient();
    let answer!: (value: { state: string }) => void;
    const wave = queryOptions({
      queryKey: ['wave', 'w1'],
      queryFn: () => new Promise<{ state: string }>((resolve) => (answer = resolve)),
      staleTime: 0,
    });
    client.setQueryData(wave.queryKey, { state: 'running' });
    const refresh = client.fetchQuery(wave);
    await setWriteAnswer(client, wave.queryKey, { state: 'paused' });
    answer({ state: 'running' });
    await refresh.catch(() => undefined);
    expect(client.getQueryData(wave.queryKey)).toEqual({ state: 'paused' });
  });

  it('takes an updater of the data there', async () => {
    const client = new QueryClient();
    const list = queryOptions({ queryKey: ['list'], queryFn: () => [1, 2] });
    client.setQueryData(list.queryKey, [1, 2]);
    await setWriteAnswer<number[]>(client, list.queryKey, (old) => [...(old ?? []), 3]);
    expect(client.getQueryData(list.queryKey)).toEqual([1, 2, 3]);
  });
});
