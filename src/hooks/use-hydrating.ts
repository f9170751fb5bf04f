import { useSyncExternalStore } from 'react';

const noChanges = () => () => undefined;
const drawing = () => true;
const live = () => false;

/**
 * True while React hydrates the page drawn at build time (src/app/start.tsx), false in every other render. A
 * value kept in this browser (recent lookups, recent organizations) is not in the drawing, so the render that
 * adopts the drawing must leave it out; React renders again at once with it (the store's two snapshots differ).
 * The build, drawing in Node, sees true as well.
 */
export function useHydrating(): boolean {
  return useSyncExternalStore(noChanges, live, drawing);
}
