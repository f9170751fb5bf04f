import { useState } from 'react';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { AppProvider } from './provider';
import { createAppRoutes } from './router';

export function App() {
  const [router] = useState(() => createBrowserRouter(createAppRoutes()));
  return (
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
