import type { SlotRound } from '@platform/contract/client';
import { apiRequest } from '@/lib/api-client';

/**
 * POST /wps/inhouse/slot/spin: a real-money round (the bet and the round's win through the wallet).
 * `requestId` is made once per spin: a retried request answers the same round.
 */
export const spinSlot = (bet: string, requestId: string): Promise<SlotRound> =>
  apiRequest('inhouseSlotSpin', { body: { bet, requestId } });

/** POST /wps/inhouse/slot/free-spin: the same game with play money; the server writes nothing. */
export const freeSpinSlot = (bet: string): Promise<SlotRound> =>
  apiRequest('inhouseSlotFreeSpin', { body: { bet } });

/** A request id for one spin: 32 hex digits from the browser's crypto. */
export function newSpinRequestId(): string {
  return crypto.randomUUID().replace(/-/g, '');
}
