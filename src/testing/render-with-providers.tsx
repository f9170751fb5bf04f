import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProvider } from '@/app/provider';
import { createAppRoutes } from '@/app/router';
import { createQueryClient } from '@/lib/query-client';

/** Render the real app at `route`, with a fresh QueryClient whose queries do not retry (tests see errors at once). */
export function renderApp(route: string, options: { retry?: boolean } = {}) {
  const queryClient = createQueryClient({ retry: options.retry ?? false });
  const router = createMemoryRouter(createAppRoutes(queryClient), { initialEntries: [route] });
  const user = userEvent.setup();
  const view = render(
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...view, user, router, queryClient };
}

/** Render one component inside the providers (no router). */
export function renderWithProviders(ui: ReactElement) {
  const queryClient = createQueryClient({ retry: false });
  const user = userEvent.setup();
  return { ...render(<AppProvider queryClient={queryClient}>{ui}</AppProvider>), user, queryClient };
}
