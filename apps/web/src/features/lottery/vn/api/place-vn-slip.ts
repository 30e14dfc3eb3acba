import type { LotterySlip } from '@platform/contract/client';
import { apiRequest } from '@/lib/api-client';
import type { VnSlipBet } from '../bet-entry';

/**
 * POST /wps/lottery/bets: the VN slip goes on the lottery's one slip call (the engine takes the bets,
 * debits them through the ledger and settles them with the period). `requestId` is made once per
 * slip, so a retried click places nothing twice.
 */
export const placeVnSlip = (
  gameCode: string,
  periodNo: string,
  bets: VnSlipBet[],
  requestId: string,
): Promise<LotterySlip> => apiRequest('lotteryPlaceBets', { body: { gameCode, periodNo, bets, requestId } });

export function newSlipRequestId(): string {
  return crypto.randomUUID().replace(/-/g, '');
}
