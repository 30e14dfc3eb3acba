/* eslint-disable no-restricted-imports -- the one place that wraps React.lazy */
import {
  lazy,
  Suspense,
  useState,
  type ComponentType,
  type JSXElementConstructor,
  type LazyExoticComponent,
} from 'react';
/* eslint-enable no-restricted-imports */
import { reloadForNewBuild } from './stale-build';

/** SPEC section 8/9: a chunk that has not arrived after 120 s counts as failed ("Loading chunk N failed"). */
export const CHUNK_TIMEOUT_MS = 120_000;

export class ChunkLoadError extends Error {
  constructor(readonly kind: 'timeout' | 'missing') {
    super(`Loading chunk failed (${kind})`);
    this.name = 'ChunkLoadError';
  }
}

function withTimeout<T>(load: Promise<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError('timeout')), CHUNK_TIMEOUT_MS);
    load.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      () => {
        clearTimeout(timer);
        // Most likely a deploy replaced the build: the page reloads, and shows its loading state until then.
        if (reloadForNewBuild()) return;
        reject(new ChunkLoadError('missing'));
      },
    );
  });
}

type PropsOf<C> = C extends JSXElementConstructor<infer P> ? P : never;

/**
 * THE way to split code: React.lazy for a named export, with the spec's chunk timeout. Named exports
 * let one module hold several pages while every page still becomes its own chunk.
 */
export function lazyNamed<K extends string, M extends { [key in K]: JSXElementConstructor<never> }>(
  load: () => Promise<M>,
  name: K,
): LazyExoticComponent<ComponentType<PropsOf<M[K]>>> {
  return lazy(async () => ({
    // The constraint guarantees a component; this only restates its props for React.lazy's signature.
    default: (await withTimeout(load()))[name] as unknown as ComponentType<PropsOf<M[K]>>,
  }));
}

function withFallback<P extends object>(Inner: ComponentType<P>, Fallback: ComponentType): ComponentType<P> {
  function LazyPage(props: P) {
    return (
      <Suspense fallback={<Fallback />}>
        <Inner {...props} />
      </Suspense>
    );
  }
  return LazyPage;
}

/**
 * A lazily loaded page that brings its own loading state, so any router or overlay can render it
 * without a Suspense boundary of its own.
 */
export function lazyPage<K extends string, M extends { [key in K]: JSXElementConstructor<never> }>(
  load: () => Promise<M>,
  name: K,
  Fallback: ComponentType,
) {
  return withFallback<PropsOf<M[K]> & object>(lazyNamed(load, name), Fallback);
}

interface OpenableProps {
  open: boolean;
}

function mountOnFirstOpen<P extends OpenableProps>(Inner: ComponentType<P>): ComponentType<P> {
  function LazyOverlay(props: P) {
    const [used, setUsed] = useState(props.open);
    if (props.open && !used) setUsed(true);
    if (!used) return null;
    return (
      <Suspense fallback={null}>
        <Inner {...props} />
      </Suspense>
    );
  }
  return LazyOverlay;
}

/**
 * A modal or overlay whose code loads the first time it opens and then stays mounted (closed), so the
 * shell can keep it on every page without paying for it in the first bundle, and a closing fade plays.
 */
export function lazyOnFirstOpen<K extends string, M extends { [key in K]: JSXElementConstructor<never> }>(
  load: () => Promise<M>,
  name: K,
) {
  return mountOnFirstOpen<PropsOf<M[K]> & OpenableProps>(lazyNamed(load, name));
}
