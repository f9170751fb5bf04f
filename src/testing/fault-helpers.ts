import type { ActiveFault } from '@/simulator/faults/fault-injector';
import type { FaultRuleInput } from '@/simulator/faults/fault-rules';
import { simulator } from './sim-server';

/**
 * Fault injection for component tests: the same rules `POST /__sim/faults` takes, on the in-process
 * simulator. `counter(path)` adds a zero-latency rule whose hits count every request for `path` that
 * reaches the simulator, faulted or not.
 */
export function injectFault(...rules: FaultRuleInput[]): ActiveFault[] {
  return simulator().faults.add(rules);
}

export function clearFaults(): void {
  simulator().faults.clear();
}

export function removeFault(id: string): void {
  simulator().faults.remove(id);
}

export function counter(path: string, method?: FaultRuleInput['method']): () => number {
  const id = `counter-${path.replace(/[^\w-]/g, '_')}-${method ?? 'any'}`;
  simulator().faults.add([{ id, kind: 'latency', latencyMs: 0, path, method }]);
  return () =>
    simulator()
      .faults.list()
      .find((rule) => rule.id === id)?.hits ?? 0;
}
