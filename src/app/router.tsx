import { Navigate, type RouteObject } from 'react-router';
import { LoadingState } from '@/components/loading-state';
import { AppShell } from './layout/app-shell';
import { paths } from './paths';
import { NotFoundPage } from './routes/not-found';
import { RouteError } from './routes/route-error';

/** The route tree; pages load lazily so each ships only its own code. */
export function createAppRoutes(): RouteObject[] {
  return [
    {
      path: paths.home,
      element: <AppShell />,
      errorElement: <RouteError />,
      hydrateFallbackElement: <LoadingState label="Loading Ferry" />,
      children: [
        { index: true, element: <Navigate to={paths.rateLimits} replace /> },
        { path: paths.rateLimits, lazy: () => import('./routes/rate-limits') },
        { path: paths.connection, lazy: () => import('./routes/connection') },
        { path: '*', element: <NotFoundPage /> },
      ],
    },
  ];
}
