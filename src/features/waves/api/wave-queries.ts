import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { parseWavePreview, parseWaveSummaries, parseWaveView } from '@/contracts/wave-answers';
import type { WavePlanRequest, WaveView } from '@/contracts/waves';
import { request } from '@/lib/api-client';
import { setWriteAnswer } from '@/lib/write-answer';

type ShownWave = WaveView;

// A stopped wave may still have exports running (it stops only new starts).
const live = (wave: ShownWave | undefined) =>
  wave?.state === 'running' || wave?.state === 'paused' || wave?.state === 'stopped';

export const waveQueries = {
  all: () => ['waves'] as const,
  list: () =>
    queryOptions({
      queryKey: [...waveQueries.all(), 'list'],
      queryFn: async () => parseWaveSummaries((await request<unknown>('gateway', 'waves')).data),
    }),
  detail: (id: string) =>
    queryOptions({
      queryKey: [...waveQueries.all(), 'detail', id],
      queryFn: async () =>
        parseWaveView((await request<unknown>('gateway', `waves/${encodeURIComponent(id)}`)).data),
      // The gateway runs the wave; the page only reads it (no GitHub request): once a second while it runs.
      refetchInterval: (query) => (live(query.state.data) ? 1_000 : false),
    }),
};

export function usePreviewWave() {
  return useMutation({
    mutationFn: async (plan: WavePlanRequest) =>
      parseWavePreview(
        (await request<unknown>('gateway', 'waves/preview', { method: 'POST', json: plan })).data,
      ),
  });
}

export function useCreateWave() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (plan: WavePlanRequest) =>
      parseWaveView((await request<unknown>('gateway', 'waves', { method: 'POST', json: plan })).data),
    onSuccess: () => client.invalidateQueries({ queryKey: waveQueries.all() }),
  });
}

export type WaveAction =
  { kind: 'pause' | 'resume' | 'cancel' } | { kind: 'retry' | 'unlock'; batch: number };

export function useWaveAction(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (action: WaveAction) => {
      const base = `waves/${encodeURIComponent(id)}`;
      const path =
        'batch' in action ? `${base}/batches/${action.batch}/${action.kind}` : `${base}/${action.kind}`;
      return parseWaveView((await request<unknown>('gateway', path, { method: 'POST', json: {} })).data);
    },
    onSuccess: (wave) => setWriteAnswer(client, waveQueries.detail(id).queryKey, wave),
  });
}
