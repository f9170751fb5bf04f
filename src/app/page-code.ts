import { PAGE_CHUNKS_ID } from './page-chunks-id';
import { pageModuleFor, type PageModule } from './page-routes';

/** The chunk files of `module` listed by index.html, or none (vite dev, or a page with nothing extra). */
export function pageChunks(document: Document, module: PageModule): string[] {
  const text = document.getElementById(PAGE_CHUNKS_ID)?.textContent;
  if (!text) return [];
  try {
    const listed: unknown = (JSON.parse(text) as Record<string, unknown>)[module];
    return Array.isArray(listed) ? listed.filter((file): file is string => typeof file === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * Preload the code of the page at `pathname` while the app's own chunks download: fetched and compiled, not
 * run (an `import()` here would run it, and with it the app's chunks, in one long task). The router asks for
 * it once the app runs and finds it there. Without this, a page's code was asked for only then, a round trip
 * and ~60 KB later.
 */
export function preloadPageCode(document: Document, pathname: string): void {
  const module = pageModuleFor(pathname);
  if (!module) return;
  for (const file of pageChunks(document, module)) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = `/${file}`;
    document.head.append(link);
  }
}
