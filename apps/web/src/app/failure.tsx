import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyNamed } from '@/lib/lazy';
import { PageLoading } from './splash';

// Loaded only when something failed, so the design-system chunk stays off the first load.
const FailurePage = lazyNamed(() => import('./pages/failure-page'), 'FailurePage');

export function Failure({ messageKey, onRetry }: { messageKey: string; onRetry(): void }) {
  const { t } = useTranslation();
  return (
    <Suspense fallback={<PageLoading />}>
      <FailurePage message={t(messageKey)} onRetry={onRetry} />
    </Suspense>
  );
}

/** errorElement of the routes: a page that failed to load (missing or timed-out chunk, render error). */
export function RouteError() {
  return <Failure messageKey="app.pageFailed" onRetry={() => window.location.reload()} />;
}
