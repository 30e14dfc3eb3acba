import type { OutboxMessage } from '@platform/contract/client';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest } from '@/lib/api-client';

/** The outbox page reads again this often, so a code sent a moment ago shows up by itself. */
export const OUTBOX_REFRESH_MS = 3_000;

/** GET /wps/dev/outbox: SMS and emails the server "sent" in development (404 when turned off). */
export const getOutbox = (to: string | undefined, signal?: AbortSignal): Promise<OutboxMessage[]> =>
  apiRequest('devOutbox', { query: { to: to || undefined }, signal });

/** A 404 means the outbox is turned off (production): no point asking again. */
export const isOutboxOff = (error: unknown): boolean => error instanceof ApiError && error.status === 404;

const newestFirst = (messages: OutboxMessage[]): OutboxMessage[] =>
  [...messages].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));

export const outboxQueryOptions = (to: string) =>
  queryOptions({
    queryKey: ['dev', 'outbox', to],
    queryFn: async ({ signal }) => newestFirst(await getOutbox(to, signal)),
    refetchInterval: (query) => (isOutboxOff(query.state.error) ? false : OUTBOX_REFRESH_MS),
    retry: false,
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

export function useOutbox(to: string) {
  return useQuery(outboxQueryOptions(to));
}
