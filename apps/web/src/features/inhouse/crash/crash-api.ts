import type { CrashBetAnswer, CrashCashOutAnswer, CrashState } from '@platform/contract/client';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export const crashKeys = {
  state: (token: string | null) => ['inhouse', 'crash', 'state', token] as const,
};

/** The round in play, the last rounds and the chain; polled about once a second (pushes refresh it sooner). */
export const crashStateQueryOptions = (token: string | null) =>
  queryOptions({
    queryKey: crashKeys.state(token),
    queryFn: async ({ signal }): Promise<CrashState & { receivedAt: number }> => ({
      ...(await apiRequest('inhouseCrashState', { signal })),
      receivedAt: Date.now(),
    }),
    refetchInterval: 1_000,
  });

export interface CrashBetInput {
  roundId: string;
  stake: string;
  autoCashOut?: string;
}

export const betCrash = (input: CrashBetInput, requestId: string): Promise<CrashBetAnswer> =>
  apiRequest('inhouseCrashBet', { body: { ...input, requestId } });

export const freeBetCrash = (input: CrashBetInput) => apiRequest('inhouseCrashFreeBet', { body: input });

export const cashOutCrash = (roundId: string): Promise<CrashCashOutAnswer> =>
  apiRequest('inhouseCrashCashOut', { body: { roundId } });

export const freeCashOutCrash = (roundId: string) =>
  apiRequest('inhouseCrashFreeCashOut', { body: { roundId } });

/** The multiplier `ms` after the rise began, rounded down to hundredths, as the server computes it. */
export function multiplierAfter(ms: number, growthPerMs: number): number {
  if (ms <= 0) return 1;
  return Math.floor(100 * Math.exp(growthPerMs * ms) + 1e-9) / 100;
}

export const crashVerifyHref = (seed: string, salt: string) =>
  `/inhouse/fair?${new URLSearchParams({ game: 'crash', seed, salt }).toString()}`;
