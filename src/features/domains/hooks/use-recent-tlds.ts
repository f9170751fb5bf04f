import { useCallback, useState } from 'react';

const STORAGE_KEY = 'ferry.domains.recent';
export const MAX_RECENT = 8;

function read(): string[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '[]');
    // Stored by another tab or an older version: keep strings, once each.
    return Array.isArray(parsed)
      ? [...new Set(parsed.filter((item): item is string => typeof item === 'string'))].slice(0, MAX_RECENT)
      : [];
  } catch {
    return [];
  }
}

/** The TLDs looked up most recently, newest first, kept in this browser. */
export function useRecentTlds() {
  const [recent, setRecent] = useState<string[]>(read);
  const remember = useCallback((tld: string) => {
    setRecent((current) => {
      if (current[0] === tld) return current;
      const next = [tld, ...current.filter((item) => item !== tld)].slice(0, MAX_RECENT);
      try {
        localStorage.setItem(STORAGE_KEY, JSON.stringify(next));
      } catch {
        // Storage full or disabled: the list still works for this visit.
      }
      return next;
    });
  }, []);
  const clear = useCallback(() => {
    setRecent([]);
    try {
      localStorage.removeItem(STORAGE_KEY);
    } catch {
      // ignore
    }
  }, []);
  return { recent, remember, clear };
}
