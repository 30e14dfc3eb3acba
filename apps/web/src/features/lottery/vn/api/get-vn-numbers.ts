import type { VnResultRow } from '@platform/contract/client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { vnKeys } from './vn-keys';

/** SPEC section 9: the numbers call asks for the last 100 results. */
export const VN_NUMBERS_COUNT = 100;

/** GET /lgw/vn/numeros: the latest results of a VN game, newest first. */
export const getVnNumbers = (gameCode: string, count: number, signal?: AbortSignal): Promise<VnResultRow[]> =>
  apiRequest('vnNumbers', { query: { gameCode, count }, signal });

export const vnNumbersQueryOptions = (gameCode: string, count = VN_NUMBERS_COUNT) =>
  queryOptions({
    queryKey: vnKeys.numbers(gameCode, count),
    queryFn: ({ signal }) => getVnNumbers(gameCode, count, signal),
  });

export function useVnNumbers(gameCode: string | undefined) {
  return useQuery({ ...vnNumbersQueryOptions(gameCode ?? ''), enabled: Boolean(gameCode) });
}
