import {
  gameCategories,
  type GameCategory,
  type VendorCard,
  type VendorList,
} from '@platform/contract/client';

/** Where each category's side-menu entry leads (SPEC section 2, left bar). */
export const categoryPaths: Record<GameCategory, string> = {
  ELOTT: '/elott',
  LOTT: '/lottery',
  LIVE: '/live',
  SPORTS: '/sports',
  FISH: '/fish',
  RNG: '/rng',
  PVP: '/pvp',
  ESPORTS: '/esports',
};

/** The vendor the lottery entry starts directly instead of opening a lobby. */
export const LOTTERY_DIRECT_VENDOR = 'TCG_SEA';

/** Categories that have at least one vendor, in the contract's order. */
export function categoriesWithVendors(list: VendorList | undefined): GameCategory[] {
  if (!list) return [];
  const filled = new Set(
    list.categories.filter((entry) => entry.vendors.length > 0).map((entry) => entry.gameCategory),
  );
  return gameCategories.filter((category) => filled.has(category));
}

export function vendorsOf(list: VendorList | undefined, category: GameCategory): VendorCard[] {
  return list?.categories.find((entry) => entry.gameCategory === category)?.vendors ?? [];
}

/** Every vendor once, for the footer's providers strip. */
export function uniqueVendors(list: VendorList | undefined): VendorCard[] {
  const seen = new Map<string, VendorCard>();
  for (const entry of list?.categories ?? []) {
    for (const vendor of entry.vendors) if (!seen.has(vendor.vassalage)) seen.set(vendor.vassalage, vendor);
  }
  return [...seen.values()];
}

/**
 * Every vendor once, as an entry of the site (the footer's providers): slots and lottery vendors open
 * their pages; any other vendor's entry stands for its games (isGame VASSALAGE: a popup list of them).
 */
export function vendorEntries(list: VendorList | undefined): {
  vassalage: string;
  title: string;
  smallIcon: string | null;
  category: GameCategory;
  isGame: 'GAME' | 'VASSALAGE';
}[] {
  const seen = new Map<string, ReturnType<typeof vendorEntries>[number]>();
  for (const entry of list?.categories ?? []) {
    for (const vendor of entry.vendors) {
      if (seen.has(vendor.vassalage)) continue;
      const opensPage =
        entry.gameCategory === 'RNG' || entry.gameCategory === 'LOTT' || entry.gameCategory === 'ELOTT';
      seen.set(vendor.vassalage, {
        vassalage: vendor.vassalage,
        title: vendor.title,
        smallIcon: vendor.smallIcon,
        category: entry.gameCategory,
        isGame: opensPage ? 'GAME' : 'VASSALAGE',
      });
    }
  }
  return [...seen.values()];
}
