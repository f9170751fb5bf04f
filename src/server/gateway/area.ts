import type { Hono } from 'hono';

/**
 * One part of the gateway as the composition root sees it: what it mounts on the app, what it starts when
 * the gateway serves and what it stops when it ends. Areas are mounted and started in the order the root
 * lists them and stopped in the reverse order.
 */
export interface Area {
  name: string;
  mount?(app: Hono): void;
  /** Background work (resuming waves, schedules); only hosts that serve (`npm start`, `npm run dev`) start it. */
  start?(): Promise<void> | void;
  stop?(): Promise<void> | void;
}

/** Say a start that failed without failing the others: each area starts again at its next use. */
export const logStartFailure = (area: string) => (error: unknown) =>
  console.error(`[${area}] not started yet: ${error instanceof Error ? error.message : String(error)}`);

/** An area that needs what this gateway lacks (the store): every route under `path` says so with a 503. */
export function answerUnavailable(app: Hono, path: string, message: string) {
  app.all(path, (c) => c.json({ message, code: 'NO_STORE', source: 'gateway' }, 503));
}
