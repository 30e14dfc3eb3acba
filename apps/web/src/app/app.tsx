import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { Suspense, useState } from 'react';
import { RouterProvider, type createBrowserRouter } from 'react-router';
import { usePermission } from '@/features/system';
import { createAppRouter } from './router';
import { consumeUrlToken } from './session-hooks';
import { Failure } from './failure';
import { Splash, TranslatedSplash } from './splash';
import { StatusGate } from './status/status-gate';

type AppRouter = ReturnType<typeof createBrowserRouter>;

export interface AppProps {
  queryClient: QueryClient;
  /** tests pass a memory router; the site uses history mode */
  createRouter?: () => AppRouter;
}

/** The normal site (status 0): waits for the permission call, then mounts the router. */
function NormalSite({ createRouter }: { createRouter: () => AppRouter }) {
  const permission = usePermission();
  // Start-up may have failed with MAINTENANCE or REGION_RESTRICTED. A failed query without data is
  // fetched again when this view mounts (react-query's retryOnMount), so the site comes back once the
  // status says normal; meanwhile isFetching keeps the splash up instead of the old failure.
  const { isError, isFetching, refetch } = permission;

  if (!permission.data) {
    if (isError && !isFetching) {
      return <Failure messageKey="app.startupFailed" onRetry={() => void refetch()} />;
    }
    return <TranslatedSplash />;
  }
  return <SiteRouter createRouter={createRouter} />;
}

function SiteRouter({ createRouter }: { createRouter: () => AppRouter }) {
  // The token leaves the address bar before the router reads the location, so no route ever sees it.
  const [router] = useState(() => {
    consumeUrlToken();
    return createRouter();
  });
  return <RouterProvider router={router} />;
}

export function App({ queryClient, createRouter = createAppRouter }: AppProps) {
  return (
    <QueryClientProvider client={queryClient}>
      {/* i18n switches language only after the new files arrived; this catches the first load in tests */}
      <Suspense fallback={<Splash />}>
        <StatusGate>
          <NormalSite createRouter={createRouter} />
        </StatusGate>
      </Suspense>
    </QueryClientProvider>
  );
}
