/**
 * jsdom lacks the observers and media queries embla-carousel and the Carousel use. These stand-ins do
 * nothing, which is what a carousel with zero-sized slides needs.
 */
class NoopObserver {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
  takeRecords(): [] {
    return [];
  }
}

export function installBrowserStubs(options: { reducedMotion?: boolean } = {}): void {
  const g = globalThis as Record<string, unknown>;
  if (!('ResizeObserver' in g)) g.ResizeObserver = NoopObserver;
  if (!('IntersectionObserver' in g)) g.IntersectionObserver = NoopObserver;
  window.matchMedia = (query: string): MediaQueryList =>
    ({
      matches: query.includes('prefers-reduced-motion') ? (options.reducedMotion ?? false) : false,
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
