import { lazy, Suspense, useState, type ComponentType, type LazyExoticComponent } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '@/components';

function PageFallback() {
  const { t } = useTranslation('content');
  return <Spinner label={t('states.loading')} />;
}

/** A page split into its own chunk, with its own loading state so any router can render it. */
export function lazyPage(load: () => Promise<{ default: ComponentType }>): ComponentType {
  const Page = lazy(load);
  function LazyPage() {
    return (
      <Suspense fallback={<PageFallback />}>
        <Page />
      </Suspense>
    );
  }
  return LazyPage;
}

interface OpenableProps {
  open: boolean;
  onClose(): void;
}

/**
 * A modal whose code loads the first time it opens, so the shell can keep it mounted (closed) on
 * every page without paying for it in the first bundle.
 */
export function lazyModal<P extends OpenableProps>(
  load: () => Promise<{ default: ComponentType<P> }>,
): ComponentType<P> {
  const Inner: LazyExoticComponent<ComponentType<P>> = lazy(load);
  function LazyModal(props: P) {
    const [used, setUsed] = useState(props.open);
    if (props.open && !used) setUsed(true);
    if (!used) return null;
    return (
      <Suspense fallback={null}>
        <Inner {...props} />
      </Suspense>
    );
  }
  return LazyModal;
}
