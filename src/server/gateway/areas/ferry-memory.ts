import { createFerryRoutes } from '@/server/ferry-routes';
import { startMemoryTasks } from '@/server/memory-tasks';
import { answerUnavailable, type Area } from '../area';
import { memoryOf, type GatewayServices } from '../services';

/**
 * `/api/ferry/*`: what Ferry remembers (rate history, the timeline, watched subjects); started, the memory
 * tasks (resume watching, the minute rate sample, the hourly compaction).
 */
export function ferryMemoryArea(services: GatewayServices): Area {
  const { storeAccess, store, recorder, watcher, jobs } = services;
  let tasks: ReturnType<typeof startMemoryTasks> | undefined;
  return {
    name: 'ferry memory',
    mount(app) {
      if (storeAccess) app.route('/api/ferry', createFerryRoutes({ store: storeAccess, recorder, watcher }));
      else answerUnavailable(app, '/api/ferry/*', 'Ferry’s store is not open.');
    },
    async start() {
      if (!store) return;
      tasks = startMemoryTasks(memoryOf(services), store, jobs?.engine);
      await tasks.scheduled;
    },
    stop: () => tasks?.stop(),
  };
}
