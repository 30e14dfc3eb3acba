import type { MallItem, Page, RedeemRecord } from '@platform/contract/client';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSession } from '@/features/auth';
import { apiRequest } from '@/lib/api-client';
import type { PageFilters } from './get-points';
import { loyaltyKeys } from './loyalty-keys';

/** GET /wps/points/mall: the items on the shelf, with what this member already redeemed. */
export const getMallItems = (signal?: AbortSignal): Promise<MallItem[]> =>
  apiRequest('pointMall', { signal });

export function useMallItems() {
  const { token } = useSession();
  const { i18n } = useTranslation();
  return useQuery(
    queryOptions({
      queryKey: loyaltyKeys.mall(token, i18n.language),
      queryFn: ({ signal }) => getMallItems(signal),
      enabled: !!token,
    }),
  );
}

/** POST /wps/points/mall/:id/redeem */
export const redeemItem = ({
  id,
  quantity,
  requestId,
}: {
  id: string;
  quantity: number;
  requestId: string;
}): Promise<RedeemRecord> => apiRequest('redeemMallItem', { params: { id }, body: { quantity, requestId } });

/** A redeem spends points and stock: every loyalty list is read again after it. */
export function useRedeemItem() {
  const queryClient = useQueryClient();
  const { token } = useSession();
  return useMutation({
    mutationFn: redeemItem,
    onSettled: () => queryClient.invalidateQueries({ queryKey: loyaltyKeys.all(token) }),
  });
}

/** GET /wps/points/redeems: the member's redeem records, newest first. */
export const getRedeemRecords = (filters: PageFilters, signal?: AbortSignal): Promise<Page<RedeemRecord>> =>
  apiRequest('redeemRecords', { query: filters, signal });

export function useRedeemRecords(filters: PageFilters) {
  const { token } = useSession();
  return useQuery(
    queryOptions({
      queryKey: loyaltyKeys.redeems(token, filters),
      queryFn: ({ signal }) => getRedeemRecords(filters, signal),
      enabled: !!token,
      placeholderData: keepPreviousData,
    }),
  );
}
