import type { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';
import { prefetchImport } from '@/features/imports/api/prefetch-import';
import { LoadingState } from '@/components/loading-state';
import { AppShell } from './layout/app-shell';
import { PAGE_ROUTES, type PageModule } from './page-routes';
import { paths } from './paths';
import { NotFoundPage } from './routes/not-found';
import { RouteError } from './routes/route-error';

/**
 * The route tree; pages load lazily so each ships only its own code. With the app's query client, the import
 * page's data is asked for while its code downloads (a loader that starts the requests and returns at once).
 */
export function createAppRoutes(queryClient?: QueryClient): RouteObject[] {
  return [
    {
      path: paths.home,
      element: <AppShell />,
      errorElement: <RouteError />,
      hydrateFallbackElement: <LoadingState label="Loading Ferry" />,
      children: [
        {
          // Below the shell: a page that crashes keeps the app bar and the navigation around its error.
          errorElement: <RouteError />,
          children: pages(queryClient),
        },
      ],
    },
  ];
}

type RouteModule = Pick<RouteObject, 'Component' | 'ErrorBoundary'>;

const LOADERS: Record<PageModule, () => Promise<RouteModule>> = {
  overview: () => import('./routes/overview'),
  'rate-limits': () => import('./routes/rate-limits'),
  connection: () => import('./routes/connection'),
  alerts: () => import('./routes/alerts'),
  audit: () => import('./routes/audit'),
  migrations: () => import('./routes/migrations'),
  'user-migrations': () => import('./routes/user-migrations'),
  'org-migrations': () => import('./routes/org-migrations'),
  'org-migration': () => import('./routes/org-migration'),
  'user-migration': () => import('./routes/user-migration'),
  waves: () => import('./routes/waves'),
  wave: () => import('./routes/wave'),
  moves: () => import('./routes/moves'),
  move: () => import('./routes/move'),
  identities: () => import('./routes/identities'),
  imports: () => import('./routes/imports'),
  import: () => import('./routes/import'),
  domains: () => import('./routes/domains'),
  'domains-compare': () => import('./routes/domains-compare'),
};

function pages(queryClient: QueryClient | undefined): RouteObject[] {
  const routes = PAGE_ROUTES.map(({ path, module }): RouteObject => {
    const lazy = LOADERS[module];
    if (path === paths.home) return { index: true, lazy };
    if (module !== 'import') return { path, lazy };
    return {
      path,
      lazy,
      loader: ({ params }) => {
        if (queryClient) prefetchImport(queryClient, params.owner ?? '', params.repo ?? '');
        return null;
      },
      // The page's own queries keep it current: a changed search param (the author list) prefetches nothing.
      shouldRevalidate: () => false,
    };
  });
  return [...routes, { path: '*', element: <NotFoundPage /> }];
}
