import { lazyPage } from '@/lib/lazy';
import { HomeRowsPlaceholder } from './home-rows-placeholder';
export { useGameVendors, gameVendorsQueryOptions, getGameVendors } from './api/get-game-vendors';
export {
  categoriesWithVendors,
  categoryPaths,
  vendorsOf,
  uniqueVendors,
  vendorEntries,
  LOTTERY_DIRECT_VENDOR,
} from './categories';
export { useStartVendor, useOpenVendor, type VendorEntry } from './use-start-vendor';
export { GameLaunchHost } from './game-launch-host';
export { CategoryIcon } from './category-icon';
export { CategoryLink } from './category-link';
export type { LobbyCategory } from './lobby-page';
export { readGameFrameState, type GameFrameState } from './game-frame-state';

/**
 * The lobbies' module, loaded on demand: the side menu and footer import this feature on every page,
 * so the lobby itself must not come along with them.
 */
export const loadLobbyPages = () => import('./lobby-page');

/**
 * Home's game rows (hot and new per category, a member's recent and favourites), a chunk of their own
 * after the first screen (ADR 023); its placeholder is in the first bundle, so the space is held at once.
 */
export const HomeGameRows = lazyPage(() => import('./home-rows'), 'HomeGameRows', HomeRowsPlaceholder);
export { HomeRowsPlaceholder };
