import { createContext, useContext, useEffect } from 'react';

export const APP_NAME = 'Ferry';

/** "Export 42 — exporting · Ferry": the page, then the state it shows, then the app. Blank parts are left out. */
export function documentTitle(page: string, state?: string): string {
  const head = state ? `${page} — ${state}` : page;
  return head ? `${head} · ${APP_NAME}` : APP_NAME;
}

/**
 * Set only while the build draws a page (src/app/prerender.tsx): effects never run there, so the page hands
 * its title over while it renders, and the drawn HTML carries the route's own `<title>`.
 */
export const DrawnTitleContext = createContext<((title: string) => void) | undefined>(undefined);

/**
 * Each page names itself in the tab (and in the history list), with the state it shows, so a tab left open
 * on an export says how far it got without being looked at. Restores the previous title on unmount.
 */
export function useDocumentTitle(page: string, state?: string): void {
  const title = documentTitle(page, state);
  useContext(DrawnTitleContext)?.(title);
  useEffect(() => {
    const previous = document.title;
    document.title = title;
    return () => {
      document.title = previous;
    };
  }, [title]);
}
