import type { QueryClient } from '@tanstack/react-query';
import { prefetchImport } from '@/features/imports/api/prefetch-import';
import { importPaths } from '@/features/imports/paths';

/**
 * The `:name` segments of a route pattern read from `pathname` (decoded), or undefined when it does not match.
 * React Router matches the same patterns; this copy keeps the router out of the early entry.
 */
export function matchParams(pattern: string, pathname: string): Record<string, string> | undefined {
  const wanted = pattern.split('/');
  const given = pathname.replace(/\/+$/, '').split('/');
  if (wanted.length !== given.length) return undefined;
  const params: Record<string, string> = {};
  for (const [index, part] of wanted.entries()) {
    const value = given[index] ?? '';
    if (part.startsWith(':')) {
      if (value === '') return undefined;
      try {
        params[part.slice(1)] = decodeURIComponent(value);
      } catch {
        return undefined;
      }
    } else if (part !== value) return undefined;
  }
  return params;
}

/**
 * Start the data of the page at `pathname` (only the import page has enough to be worth starting before the
 * app runs). Its code is preloaded by `preloadPageCode`.
 */
export function startPage(queryClient: QueryClient, pathname: string): void {
  const imported = matchParams(importPaths.repo, pathname);
  if (!imported) return;
  prefetchImport(queryClient, imported.owner ?? '', imported.repo ?? '');
}
