import { useCallback } from 'react';
import { usePermission } from '@/features/system';

// SPEC section 9: a CDN chosen at random from the list, once per page, so the browser's cache holds.
const choice = Math.random();

/** A game's art address: a path of ours goes through the operator's image CDN when there is one. */
export function useGameImage(): (imageUrl: string | null) => string | null {
  const { data } = usePermission();
  const cdns = data?.info.imageCDNs ?? [];
  const cdn = cdns.length > 0 ? cdns[Math.floor(choice * cdns.length)] : undefined;
  return useCallback(
    (imageUrl: string | null) =>
      imageUrl && cdn && imageUrl.startsWith('/') && !imageUrl.startsWith('//')
        ? `${cdn.replace(/\/+$/, '')}${imageUrl}`
        : imageUrl,
    [cdn],
  );
}
