import type { CustomerService } from '@platform/contract/client';
import { useCallback } from 'react';
import { useSession } from '@/lib/session';
import { openPopupOrNavigate } from './open-external';
import { useSiteInfo } from './use-site-info';

/** SPEC section 7: of the configured entries, the site opens the one of type 3. */
const WEB_CHAT_ENTRY_TYPE = 3;
/** SPEC section 6: VIP customer service above this rank level, live chat otherwise. */
const VIP_ABOVE_RANK = 4;
/** One named window: a second tap brings the same conversation forward instead of opening another. */
const WINDOW_NAME = 'customer-service';
const WINDOW_FEATURES = 'popup=yes,width=420,height=680';

export function customerServiceUrl(service: CustomerService, rankLevel: number | null = null): string | null {
  if (service.vipUrl && rankLevel !== null && rankLevel > VIP_ABOVE_RANK) return service.vipUrl;
  return service.entries.find((entry) => entry.type === WEB_CHAT_ENTRY_TYPE)?.url ?? null;
}

/** Customer service in a popup window (SPEC section 2); on a phone that is a new tab. */
export function openCustomerService(url: string): void {
  openPopupOrNavigate(url, WINDOW_NAME, WINDOW_FEATURES);
}

/** The site's customer service for this visitor (VIP by rank), or null when the operator set none. */
export function useCustomerService(): { url: string; open(): void } | null {
  const info = useSiteInfo();
  const { user } = useSession();
  const url = customerServiceUrl(info.customerService, user?.clubLabel.rankLevel ?? null);
  const open = useCallback(() => {
    if (url) openCustomerService(url);
  }, [url]);
  return url ? { url, open } : null;
}
