import { storage, storageKeys } from './storage';

/** A failure this soon after the last reload is not a stale build: another reload would only repeat it. */
export const RELOAD_AGAIN_AFTER_MS = 60_000;

/**
 * A chunk that fails to load most often means a deploy replaced the build this page came with: the
 * server answers 404 for the old file names. Reloading brings the new page and its chunks, once: if a
 * chunk fails again within a minute of that reload, the file is really out of reach (the network, the
 * server), and the caller shows its failure, with its own retry, instead of reloading in a loop.
 * The reloader answers whether the page is reloading (the caller then waits for it and shows nothing).
 */
export function staleBuildReloader(reload: () => void, now: () => number = Date.now): () => boolean {
  let reloading = false;
  return () => {
    // Several chunks of one screen fail together: one reload is under way for all of them.
    if (reloading) return true;
    const at = now();
    const last = Number(storage.session.get(storageKeys.staleBuildReloadAt) ?? Number.NaN);
    if (at - last >= 0 && at - last < RELOAD_AGAIN_AFTER_MS) return false;
    storage.session.set(storageKeys.staleBuildReloadAt, String(at));
    // Without storage the next page could not tell it had reloaded already: a loop, so no reload.
    if (storage.session.get(storageKeys.staleBuildReloadAt) !== String(at)) return false;
    reloading = true;
    reload();
    return true;
  };
}

export const reloadForNewBuild = staleBuildReloader(() => window.location.reload());

/**
 * Vite's loader reports an import whose file or styles failed to load with `vite:preloadError`; the
 * lazily loaded pages (lib/lazy) and the translation chunks (i18n) call reloadForNewBuild themselves,
 * since not every import goes through that loader.
 */
export function reloadOnStaleBuild(
  target: Pick<Window, 'addEventListener'> = window,
  reloadOnce: () => boolean = reloadForNewBuild,
): void {
  target.addEventListener('vite:preloadError', () => {
    reloadOnce();
  });
}
