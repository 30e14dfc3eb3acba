import type { CustomerService } from '@platform/contract/client';

/** SPEC section 7: of the configured entries, the site opens the one of type 3. */
const WEB_CHAT_ENTRY_TYPE = 3;

export function customerServiceUrl(service: CustomerService): string | null {
  return service.entries.find((entry) => entry.type === WEB_CHAT_ENTRY_TYPE)?.url ?? null;
}
