import type { Scheduler } from '../../lib/scheduler.js';
import type { DepositService } from './deposit.service.js';

export const DEPOSIT_EXPIRY_JOB = 'deposit-expiry';
const EVERY_MINUTE = 60_000;

/**
 * Every minute, pending bank transfers past their expiry become expired. Each run takes everything due
 * by now, so a missed or failed period is made up by the next one, and no money moves.
 */
export function scheduleDepositExpiry(scheduler: Scheduler, deposits: DepositService): void {
  scheduler.every(
    DEPOSIT_EXPIRY_JOB,
    EVERY_MINUTE,
    async () => ({ expired: (await deposits.expireDue()).length }),
    {
      catchUp: 1,
    },
  );
}
