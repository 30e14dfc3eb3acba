import type { BigWin } from '@platform/contract/client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** The ticker shows this many; the server puts the same call's answer in the home page (ADR 017, 023). */
export const BIG_WINS_SHOWN = 10;

export const getBigWins = async (signal?: AbortSignal): Promise<BigWin[]> =>
  (await apiRequest('bigWins', { query: { limit: BIG_WINS_SHOWN }, signal })).list;

export const bigWinsQueryOptions = () =>
  queryOptions({
    queryKey: ['game', 'big-wins'],
    queryFn: ({ signal }) => getBigWins(signal),
    // The server reads at most every 5 s; a visible home page looks again every 30 s (not in the background).
    staleTime: 15_000,
    refetchInterval: 30_000,
  });

export const useBigWins = () => useQuery(bigWinsQueryOptions());
