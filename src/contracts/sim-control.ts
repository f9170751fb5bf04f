/**
 * The simulator's control routes (`/__sim/*`) that change the simulated world (reset, advance, faults) act
 * only when the caller names the change in this header. A browser page cannot set it cross-site without a
 * preflight the gateway refuses, and nothing Ferry sends (alert deliveries, archive downloads) carries it, so
 * a request Ferry is tricked into sending to itself changes nothing.
 */
export const SIM_INTENT_HEADER = 'x-ferry-sim-intent';

export const SIM_CHANGES = ['reset', 'advance', 'faults'] as const;
export type SimChange = (typeof SIM_CHANGES)[number];

/** The intent header a control client sends for a URL or path (none for reads or other routes). */
export function simIntentFor(method: string, urlOrPath: string): Record<string, string> {
  if (['GET', 'HEAD'].includes(method.toUpperCase())) return {};
  const path = urlOrPath.startsWith('/') ? urlOrPath : new URL(urlOrPath).pathname;
  const change = /^\/__sim\/(reset|advance|faults)(?:\/|$)/.exec(path)?.[1];
  return change ? { [SIM_INTENT_HEADER]: change } : {};
}
