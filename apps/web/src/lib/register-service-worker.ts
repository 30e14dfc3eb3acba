/**
 * Registers the app-shell service worker (public/sw.js, ADR 081) in production builds only: the dev
 * server's modules change under the same names, and a worker there would serve yesterday's code.
 */
export function registerServiceWorker(
  production: boolean = import.meta.env.PROD,
  container: Pick<ServiceWorkerContainer, 'register'> | undefined = typeof navigator !== 'undefined'
    ? navigator.serviceWorker
    : undefined,
): void {
  if (!production || !container) return;
  const register = () => {
    // Installability is a bonus: a refusal (private mode, an old browser) changes nothing for the page.
    container.register('/sw.js', { scope: '/' }).catch(() => undefined);
  };
  // After the page loaded, so the worker's own downloads never compete with the first screen.
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
