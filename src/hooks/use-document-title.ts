import { useEffect } from 'react';

export const APP_NAME = 'Ferry';

/** "Export 42 — exporting · Ferry": the page, then the state it shows, then the app. Blank parts are left out. */
export function documentTitle(page: string, state?: string): string {
  const head = state ? `${page} — ${state}` : page;
  return head ? `${head} · ${APP_NAME}` : APP_NAME;
}

/**
 * Each page names itself in the tab (and in the history list), with the state it shows, so a tab left open
 * on an export says how far it got without being looked at. Restores the previous title on unmount.
 */
export function useDocumentTitle(page: string, state?: string): void {
  const title = documentTitle(page, state);
  useEffect(() => {
    const previous = document.title;
    document.title = title;
    return () => {
      document.title = previous;
    };
  }, [title]);
}
