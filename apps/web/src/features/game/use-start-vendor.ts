import type { GameCategory } from '@platform/contract/client';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useAuthModals } from '@/features/auth';
import { readSession } from '@/lib/session';
import { storage, storageKeys } from '@/lib/storage';
import { categoryPaths, LOTTERY_DIRECT_VENDOR } from './categories';
import { launchHost } from './launch-host-store';

/** TCG_SEA's special window: a window of its own, named for the vendor, the size of a phone. */
export const SPECIAL_WINDOW_FEATURES = 'popup,width=430,height=820';

/** Opens TCG_SEA's special window; false when the browser blocked it. */
export function openSpecialWindow(vassalage: string): boolean {
  let opened: Window | null;
  try {
    // Named for the vendor: a second click brings the same window back instead of opening another.
    opened = window.open(
      `/lottery?vassalage=${encodeURIComponent(vassalage)}`,
      vassalage,
      SPECIAL_WINDOW_FEATURES,
    );
  } catch {
    opened = null;
  }
  return opened !== null;
}

/**
 * Starts a vendor directly (SPEC section 2: the lottery entry starts TCG_SEA instead of navigating).
 * Login is checked first (a visitor gets the login modal); TCG_SEA opens its special window (a blocked
 * window says so); another lottery vendor opens the lottery page.
 */
export function useStartVendor(): (vassalage: string) => void {
  const navigate = useNavigate();
  const { openLogin } = useAuthModals();
  return useCallback(
    (vassalage: string) => {
      if (!readSession().isLoggedIn) {
        openLogin();
        return;
      }
      if (vassalage === LOTTERY_DIRECT_VENDOR) {
        if (!openSpecialWindow(vassalage)) launchHost.showNotice('launch.popupBlocked');
        return;
      }
      void navigate(`/lottery?vassalage=${encodeURIComponent(vassalage)}`);
    },
    [navigate, openLogin],
  );
}

/**
 * A vendor as an entry of the site (the footer's providers, a vendor card): SPEC section 2's launch
 * rules for a whole vendor. `isGame` VASSALAGE: the entry stands for the vendor's games.
 */
export interface VendorEntry {
  vassalage: string;
  title: string;
  category: GameCategory;
  isGame: 'GAME' | 'VASSALAGE';
}

/** The slots lobby's vendor, stored before /rng opens (SPEC section 2) and read by its tabs. */
export const storedSlotVendor = (): string | null => storage.session.get(storageKeys.vassalage);
export const storeSlotVendor = (vassalage: string): void =>
  storage.session.set(storageKeys.vassalage, vassalage);

/**
 * Opens a vendor entry: lottery vendors start (TCG_SEA's special window) or open the lottery pages; a
 * slots vendor is stored, then /rng opens on its tab; an entry whose isGame is VASSALAGE opens the
 * popup list of that vendor's games; anything else opens its lobby on the vendor's tab.
 */
export function useOpenVendor(): (entry: VendorEntry) => void {
  const navigate = useNavigate();
  const startVendor = useStartVendor();
  return useCallback(
    (entry: VendorEntry) => {
      if (entry.vassalage === LOTTERY_DIRECT_VENDOR || entry.category === 'LOTT') {
        startVendor(entry.vassalage);
      } else if (entry.category === 'ELOTT') {
        void navigate(categoryPaths.ELOTT);
      } else if (entry.category === 'RNG') {
        storeSlotVendor(entry.vassalage);
        void navigate(categoryPaths.RNG);
      } else if (entry.isGame === 'VASSALAGE') {
        launchHost.openVendorGames({ vassalage: entry.vassalage, title: entry.title });
      } else {
        void navigate(`${categoryPaths[entry.category]}?page=${encodeURIComponent(entry.vassalage)}`);
      }
    },
    [navigate, startVendor],
  );
}
