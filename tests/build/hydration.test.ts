import createCache, { type EmotionCache } from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import createEmotionServer from '@emotion/server/create-instance';
import { createElement, StrictMode, type ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { prerender } from 'react-dom/static';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routerReady } from '@/app/drawn-page';
import { PAGE_ROUTES, prerenderPage } from '@/app/prerender';
import { AppProvider } from '@/app/provider';
import { createAppRoutes } from '@/app/router';
import { tokenPath } from '@/contracts/prerendered-pages';
import { createQueryClient } from '@/lib/query-client';

/**
 * The browser hydrates the drawing (src/app/start.tsx), and React in production compares only text: an
 * attribute that differs (an id from `useId`, which depends on the shape of the tree above it) would stay as
 * drawn, silently. So the app's own first render, as the browser makes it (the app's router, StrictMode, no
 * answers), is rendered here and must be the drawing, character for character. `App` itself takes React
 * Router's DOM `RouterProvider`, which Node loads as a second copy of the router here; it only adds React DOM's
 * `flushSync` to the same provider (no element, no branch of the tree that `useId` counts).
 */
async function firstClientRender(url: string): Promise<string> {
  const queryClient = createQueryClient();
  const router = createMemoryRouter(createAppRoutes(queryClient), {
    initialEntries: [new URL(url).pathname],
  });
  await routerReady(router);
  const page = (cache: EmotionCache): ReactElement =>
    createElement(
      CacheProvider,
      { value: cache },
      createElement(
        StrictMode,
        null,
        createElement(AppProvider, { queryClient, children: createElement(RouterProvider, { router }) }),
      ),
    );
  // The page's lazy parts loaded first, as the browser has them by the time React reaches them.
  await (await prerender(page(createCache({ key: 'css' })))).prelude.cancel();
  const cache = createCache({ key: 'css' });
  createEmotionServer(cache);
  return renderToString(page(cache));
}

describe('the drawing is the app’s first render', () => {
  it.each(PAGE_ROUTES.map((route) => [route.module, route.path] as const))(
    '%s: same elements, text and attributes',
    async (_module, pattern) => {
      const url = `http://ferry.invalid${tokenPath(pattern)}`;
      const { html } = await prerenderPage(url);
      expect(await firstClientRender(url)).toBe(html);
    },
  );
});
