import { lazy, type ComponentType, type JSXElementConstructor, type LazyExoticComponent } from 'react';

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
        reject(new ChunkLoadError('missing'));
      },
    );
  });
}

/**
 * React.lazy for a named export, so feature modules keep named exports (one module can hold several
 * pages) and every page still becomes its own chunk.
 */
type PropsOf<C> = C extends JSXElementConstructor<infer P> ? P : never;

export function lazyNamed<K extends string, M extends { [key in K]: JSXElementConstructor<never> }>(
  load: () => Promise<M>,
  name: K,
): LazyExoticComponent<ComponentType<PropsOf<M[K]>>> {
  return lazy(async () => ({
    // The constraint guarantees a component; this only restates its props for React.lazy's signature.
    default: (await withTimeout(load()))[name] as unknown as ComponentType<PropsOf<M[K]>>,
  }));
}
