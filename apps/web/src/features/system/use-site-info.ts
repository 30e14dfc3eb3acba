import type { SiteInfo } from '@platform/contract/client';
import { usePermission } from './api/get-permission';

/**
 * Site settings from the permission call. The app renders only after that call answered (SPEC section 4),
 * so below the start-up gate this never returns undefined.
 */
export function useSiteInfo(): SiteInfo {
  const { data } = usePermission();
  if (!data) throw new Error('useSiteInfo used before the permission call answered');
  return data.info;
}
