import { systemStatusCodes } from '@platform/contract/client';
import { Suspense, type ReactNode } from 'react';
import { useSystemStatus } from '@/features/system';
import { lazyNamed } from '@/lib/lazy';
import { Failure } from '../failure';
import { TranslatedSplash } from '../splash';

// Rarely shown, so they do not weigh on every visitor's first load.
const MaintenancePage = lazyNamed(() => import('./maintenance-page'), 'MaintenancePage');
const RestrictedPage = lazyNamed(() => import('./restricted-page'), 'RestrictedPage');

/**
 * SPEC section 2: the system status decides the top-level view. The status query refetches every
 * 60 s, so a page left open during maintenance comes back by itself.
 */
export function StatusGate({ children }: { children: ReactNode }) {
  const status = useSystemStatus();

  if (!status.data) {
    if (status.isError) {
      return <Failure messageKey="app.startupFailed" onRetry={() => void status.refetch()} />;
    }
    return <TranslatedSplash />;
  }

  switch (status.data.status) {
    case systemStatusCodes.normal:
      return children;
    case systemStatusCodes.maintenance:
      return (
        <Suspense fallback={<TranslatedSplash />}>
          <MaintenancePage status={status.data} />
        </Suspense>
      );
    case systemStatusCodes.regionRestricted:
      return (
        <Suspense fallback={<TranslatedSplash />}>
          <RestrictedPage status={status.data} />
        </Suspense>
      );
    default:
      return null;
  }
}
