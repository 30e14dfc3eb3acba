import { useSyncExternalStore } from 'react';

/**
 * What the shell's game-launch host shows (game-launch-host.tsx): a launch notice (a blocked window) or
 * one vendor's games in a popup list (SPEC section 2: a game whose isGame is VASSALAGE). Kept outside
 * React so the side menu, footer and home can ask for them without a host of their own.
 */
export interface LaunchHostState {
  /** an i18n key of the game namespace (the host translates it: the shell does not load that namespace) */
  notice: 'launch.popupBlocked' | null;
  vendorGames: { vassalage: string; title: string } | null;
}

let state: LaunchHostState = { notice: null, vendorGames: null };
const listeners = new Set<() => void>();

function update(next: Partial<LaunchHostState>): void {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}

export const launchHost = {
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  get: (): LaunchHostState => state,
  showNotice: (notice: NonNullable<LaunchHostState['notice']>) => update({ notice }),
  closeNotice: () => update({ notice: null }),
  openVendorGames: (vendor: NonNullable<LaunchHostState['vendorGames']>) => update({ vendorGames: vendor }),
  closeVendorGames: () => update({ vendorGames: null }),
};

export const useLaunchHost = (): LaunchHostState =>
  useSyncExternalStore(launchHost.subscribe, launchHost.get, launchHost.get);
