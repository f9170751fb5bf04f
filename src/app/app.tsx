import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { createQueryClient } from '@/lib/query-client';
import { AppProvider } from './provider';
import { createAppRoutes } from './router';

type Router = ReturnType<typeof createBrowserRouter>;

/**
 * The query client and the router, made before React renders: the router starts its first navigation (the
 * page's code and its loader's requests) at once, instead of inside the first render's long task.
 */
export function createApp(queryClient: QueryClient = createQueryClient()): {
  queryClient: QueryClient;
  router: Router;
} {
  return { queryClient, router: createBrowserRouter(createAppRoutes(queryClient)) };
}

export function App({ queryClient, router }: { queryClient: QueryClient; router: Router }) {
  return (
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
