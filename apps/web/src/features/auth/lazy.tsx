import { lazy, Suspense, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
// The states module alone: the components index would put every primitive in the first load.
import { Spinner } from '@/components/states';

function PageFallback() {
  const { t } = useTranslation('auth');
  return <Spinner label={t('loading')} />;
}

/** A page in its own chunk, with its own loading state. */
export function lazyPage(load: () => Promise<{ default: ComponentType }>): ComponentType {
  const Page = lazy(load);
  function LazyAuthPage() {
    return (
      <Suspense fallback={<PageFallback />}>
        <Page />
      </Suspense>
    );
  }
  return LazyAuthPage;
}
