import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { createAdminRouter } from './router';

/** The providers every page needs: queries and the router (i18n is initialised before render). */
export function App({ queryClient }: { queryClient: QueryClient }) {
  const [router] = useState(createAdminRouter);
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}
