import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { parseAlertTarget, parseAlertTargets } from '@/contracts/alert-answers';
import type { AlertResumeRequest, AlertTarget, AlertTargetRequest } from '@/contracts/alerts';
import { request } from '@/lib/api-client';

/**
 * How often the page reads the targets again (pure): every 2 s while a delivery is on its way (a test just
 * sent, retries), every 30 s otherwise (alerts caused by work elsewhere).
 */
export function alertsRefetchMs(targets: AlertTarget[] | undefined): number {
  const pending = targets?.some((target) => target.deliveries.some((d) => d.state === 'pending'));
  return pending ? 2_000 : 30_000;
}

export const alertQueries = {
  all: () => ['alerts'] as const,
  list: () =>
    queryOptions({
      queryKey: [...alertQueries.all(), 'list'],
      queryFn: async () => parseAlertTargets((await request<unknown>('gateway', 'alerts')).data),
      refetchInterval: (query) => alertsRefetchMs(query.state.data),
    }),
};

const path = (id: string, action?: string) => `alerts/${encodeURIComponent(id)}${action ? `/${action}` : ''}`;

export function useAddTarget() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (target: AlertTargetRequest) =>
      parseAlertTarget((await request<unknown>('gateway', 'alerts', { method: 'POST', json: target })).data),
    onSuccess: () => client.invalidateQueries({ queryKey: alertQueries.all() }),
  });
}

/** `resume-send` / `resume-discard`: Resume, sending or discarding what the target held while paused. */
export type TargetAction = 'test' | 'resume-send' | 'resume-discard' | 'remove';

export function useTargetAction(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (action: TargetAction) => {
      if (action === 'remove') await request<unknown>('gateway', path(id), { method: 'DELETE' });
      else if (action === 'test')
        await request<unknown>('gateway', path(id, 'test'), { method: 'POST', json: {} });
      else {
        const json: AlertResumeRequest = { held: action === 'resume-send' ? 'send' : 'discard' };
        await request<unknown>('gateway', path(id, 'resume'), { method: 'POST', json });
      }
    },
    onSettled: () => client.invalidateQueries({ queryKey: alertQueries.all() }),
  });
}
