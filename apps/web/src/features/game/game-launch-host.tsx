import { lazyOnFirstOpen } from '@/lib/lazy';
import { useLaunchHost } from './launch-host-store';

// The panels (and the game namespace's texts) load the first time something is shown.
const LaunchHostPanels = lazyOnFirstOpen(() => import('./launch-host-panels'), 'LaunchHostPanels');

/**
 * Mounted once by the shell: shows what a vendor entry asked for outside a lobby (a blocked window's
 * message, one vendor's popup game list). Nothing loads until one of them is asked for.
 */
export function GameLaunchHost() {
  const state = useLaunchHost();
  return <LaunchHostPanels open={state.notice !== null || state.vendorGames !== null} state={state} />;
}
