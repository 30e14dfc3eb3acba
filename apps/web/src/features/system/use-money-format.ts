import { displayMoney } from '@platform/contract/client';
import { useCallback } from 'react';
import { usePermission } from './api/get-permission';

const DEFAULT_SYMBOL = '$';

/**
 * Formats money for display: thousands separators, exactly 2 decimals, the site's currency symbol.
 * Reads the permission cache directly (not useSiteInfo) so it also works outside the start-up gate.
 */
export function useMoneyFormat(): (amount: string | bigint) => string {
  const { data } = usePermission();
  const symbol = data?.info.currencySymbol || DEFAULT_SYMBOL;
  return useCallback((amount: string | bigint) => displayMoney(amount, symbol), [symbol]);
}
