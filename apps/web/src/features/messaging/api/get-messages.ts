import type { Page, PlatformMessage } from '@platform/contract/client';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useSession } from '@/features/auth';
import { apiRequest } from '@/lib/api-client';
import { messagingKeys } from './messaging-keys';

export interface MessageFilters {
  pageNo: number;
  pageSize: number;
}

/** GET /wps/member/messages: the member's platform messages, newest first, paged. */
export const getMessages = (filters: MessageFilters, signal?: AbortSignal): Promise<Page<PlatformMessage>> =>
  apiRequest('memberMessages', { query: filters, signal });

export const messagesQueryOptions = (token: string | null, filters: MessageFilters) =>
  queryOptions({
    queryKey: messagingKeys.messages(token, filters),
    queryFn: ({ signal }) => getMessages(filters, signal),
    enabled: !!token,
    placeholderData: keepPreviousData,
  });

export function useMessages(filters: MessageFilters) {
  const { token } = useSession();
  return useQuery(messagesQueryOptions(token, filters));
}
