import createCache, { type EmotionCache } from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import createEmotionServer from '@emotion/server/create-instance';
import { renderToString } from 'react-dom/server';
import { prerender } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { APP_NAME, DrawnTitleContext } from '@/hooks/use-document-title';
import { createQueryClient } from '@/lib/query-client';
import { AppProvider } from './provider';
import { createAppRoutes } from './router';

/** The pages to draw: every route of the app. */
export { PAGE_ROUTES } from './page-routes';

export interface PrerenderedMarkup {
  /** The app's markup, as the page first draws it: no data yet, every query pending. */
  html: string;
  /** Emotion's `<style data-emotion="css …">` tags for that markup; the app's style cache adopts them. */
  styles: string;
  /** The page's own title, as the app names it before any answer ("Rate limits · Ferry"): the document's `<title>`. */
  title: string;
}

/**
 * Draws the page at `url` at build time (scripts/prerender-pages.ts runs this in Node): the same components
 * the browser renders, before any answer has arrived, so the first paint shows the real bar, navigation,
 * heading and empty states instead of a loading line. Nothing is fetched.
 *
 * Two passes: the first waits for the page's lazy parts; the second, with them loaded, draws everything in
 * place. A single pass writes lazy parts as streamed segments with inline scripts to move them, which the
 * CSP would refuse and which no browser needs here (the app replaces the drawing, it does not hydrate it).
 */
export async function prerenderPage(url: string): Promise<PrerenderedMarkup> {
  const handler = createStaticHandler(createAppRoutes());
  const context = await handler.query(new Request(url));
  if (context instanceof Response) throw new Error(`${url}: the router answered ${context.status}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  let title = APP_NAME;
  const nameTitle = (pageTitle: string) => {
    title = pageTitle;
  };
  const page = (cache: EmotionCache) => (
    <CacheProvider value={cache}>
      <DrawnTitleContext value={nameTitle}>
        <AppProvider queryClient={createQueryClient()}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </AppProvider>
      </DrawnTitleContext>
    </CacheProvider>
  );
  await (await prerender(page(createCache({ key: 'css' })))).prelude.cancel();
  const cache = createCache({ key: 'css' });
  // Made before the render: it tells Emotion to collect the styles instead of writing them inline.
  const emotion = createEmotionServer(cache);
  const html = renderToString(page(cache));
  if (/<(?:script|template|style)\b/i.test(html)) throw new Error(`${url}: the drawing is not plain markup`);
  return { html, styles: emotion.constructStyleTagsFromChunks(emotion.extractCriticalToChunks(html)), title };
}
