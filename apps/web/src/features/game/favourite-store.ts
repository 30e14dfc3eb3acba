import { storage, storageKeys } from '@/lib/storage';

/**
 * SPEC section 3: the favourite game ids kept in local storage under LOTTFAV, a map from username to
 * that member's ids, so two members of one browser keep their own hearts. The server's list is the
 * truth; this copy lets the hearts show before it answers, and is edited after each toggle's call.
 */
type FavouriteMap = Record<string, string[]>;

function readMap(): FavouriteMap {
  const raw = storage.local.get(storageKeys.favourites);
  if (!raw) return {};
  try {
    const value: unknown = JSON.parse(raw);
    if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
    const map: FavouriteMap = {};
    for (const [user, ids] of Object.entries(value as Record<string, unknown>)) {
      if (Array.isArray(ids)) map[user] = ids.filter((id): id is string => typeof id === 'string');
    }
    return map;
  } catch {
    return {};
  }
}

export function storedFavourites(username: string): string[] {
  return readMap()[username] ?? [];
}

export function storeFavourites(username: string, ids: readonly string[]): void {
  const map = readMap();
  map[username] = [...new Set(ids)];
  storage.local.set(storageKeys.favourites, JSON.stringify(map));
}

export function storeFavourite(username: string, nodeId: string, favourite: boolean): string[] {
  const others = storedFavourites(username).filter((id) => id !== nodeId);
  const ids = favourite ? [...others, nodeId] : others;
  storeFavourites(username, ids);
  return ids;
}
