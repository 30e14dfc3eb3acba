import { render, screen } from '@testing-library/react';
import { Component, Suspense, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lazyNamed } from './lazy';
import { RELOAD_AGAIN_AFTER_MS, reloadOnStaleBuild, staleBuildReloader } from './stale-build';
import type * as StaleBuild from './stale-build';

const reloadForNewBuild = vi.hoisted(() => vi.fn(() => true));
vi.mock('./stale-build', async (importOriginal) => ({
  ...(await importOriginal<typeof StaleBuild>()),
  reloadForNewBuild,
}));

afterEach(() => {
  vi.restoreAllMocks();
  reloadForNewBuild.mockReset();
});

describe('the reload after a deploy replaced the build', () => {
  it('reloads once for every chunk that fails on the page, and not again on the reloaded page', () => {
    let clock = 1_000_000;
    const reload = vi.fn();
    const firstPage = staleBuildReloader(reload, () => clock);
    expect(firstPage()).toBe(true);
    expect(firstPage()).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);

    // The reloaded page starts afresh; its chunks fail too: not a stale build, so no reload loop.
    clock += 5_000;
    const reloadedPage = staleBuildReloader(reload, () => clock);
    expect(reloadedPage()).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('reloads again for a later deploy, a minute or more after the last reload', () => {
    let clock = 1_000_000;
    const reload = vi.fn();
    staleBuildReloader(reload, () => clock)();
    clock += RELOAD_AGAIN_AFTER_MS;
    expect(staleBuildReloader(reload, () => clock)()).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('never reloads where the tab cannot remember it did (storage refused): that could loop', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new Error('QuotaExceededError');
    });
    const reload = vi.fn();
    expect(staleBuildReloader(reload)()).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });

  it("reloads when Vite's loader reports a chunk or its styles failed", () => {
    const target = new EventTarget();
    const reloadOnce = vi.fn(() => true);
    reloadOnStaleBuild(target as unknown as Window, reloadOnce);
    target.dispatchEvent(new Event('vite:preloadError', { cancelable: true }));
    expect(reloadOnce).toHaveBeenCalledTimes(1);
  });
});

class Boundary extends Component<{ children: ReactNode }, { error: Error | null }> {
  override state = { error: null as Error | null };
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  override render() {
    return this.state.error ? <p>failed: {this.state.error.message}</p> : this.props.children;
  }
}

const missingPage = () =>
  lazyNamed(
    () =>
      Promise.reject<{ Page: () => ReactNode }>(new TypeError('Failed to fetch dynamically imported module')),
    'Page',
  );

describe('a lazily loaded page whose chunk is gone', () => {
  it('keeps showing its loading state while the page reloads', async () => {
    reloadForNewBuild.mockReturnValue(true);
    const Page = missingPage();
    render(
      <Boundary>
        <Suspense fallback={<p>loading</p>}>
          <Page />
        </Suspense>
      </Boundary>,
    );
    await vi.waitFor(() => expect(reloadForNewBuild).toHaveBeenCalled());
    expect(screen.getByText('loading')).toBeInTheDocument();
    expect(screen.queryByText(/failed/)).toBeNull();
  });

  it('fails as a missing chunk (the failure page, with its retry) when the reload did not help', async () => {
    reloadForNewBuild.mockReturnValue(false);
    // React reports the error the boundary catches; that report is expected here.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const Page = missingPage();
    render(
      <Boundary>
        <Suspense fallback={<p>loading</p>}>
          <Page />
        </Suspense>
      </Boundary>,
    );
    expect(await screen.findByText('failed: Loading chunk failed (missing)')).toBeInTheDocument();
  });
});
