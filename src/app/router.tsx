import type { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';
import { prefetchImport } from '@/features/imports/api/prefetch-import';
import { LoadingState } from '@/components/loading-state';
import { AppShell } from './layout/app-shell';
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

function pages(queryClient: QueryClient | undefined): RouteObject[] {
  return [
    { index: true, lazy: () => import('./routes/overview') },
    { path: paths.rateLimits, lazy: () => import('./routes/rate-limits') },
    { path: paths.connection, lazy: () => import('./routes/connection') },
    { path: paths.migrations.home, lazy: () => import('./routes/migrations') },
    { path: paths.migrations.org, lazy: () => import('./routes/org-migrations') },
    { path: paths.migrations.orgMigration, lazy: () => import('./routes/org-migration') },
    { path: paths.migrations.user, lazy: () => import('./routes/user-migrations') },
    { path: paths.migrations.userMigration, lazy: () => import('./routes/user-migration') },
    { path: paths.waves.home, lazy: () => import('./routes/waves') },
    { path: paths.waves.wave, lazy: () => import('./routes/wave') },
    { path: paths.imports.home, lazy: () => import('./routes/imports') },
    {
      path: paths.imports.repo,
      lazy: () => import('./routes/import'),
      loader: ({ params }) => {
        if (queryClient) prefetchImport(queryClient, params.owner ?? '', params.repo ?? '');
        return null;
      },
      // The page's own queries keep it current: a changed search param (the author list) prefetches nothing.
      shouldRevalidate: () => false,
    },
    { path: paths.domains.home, lazy: () => import('./routes/domains') },
    { path: paths.domains.compare, lazy: () => import('./routes/domains-compare') },
    { path: '*', element: <NotFoundPage /> },
  ];
}
