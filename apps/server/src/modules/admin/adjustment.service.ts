import { MONEY_PATTERN, accountTypes, formatMoney, parseMoney, type Balance } from '@platform/contract';
import type { Database } from '../../db/database.js';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import type { AuditService } from '../audit/index.js';
import { accountCodes, type LedgerService } from '../wallet/index.js';
import type { MemberService } from '../member/index.js';

/**
 * No single correction is larger than this (100,000,000.00): a slip of the keyboard should not mint
 * a fortune, and a member's balance stays far from bigint's end.
 */
export const MAX_ADJUSTMENT_MINOR = 10_000_000_000n;

export interface AdjustmentRequest {
  /** the member's account number */
  account: string;
  /** signed decimal text: a credit is positive, a debit negative */
  amount: string;
  reason: string;
  /** the caller's id for this correction; a repeat moves nothing and answers the balance */
  requestId: string;
  /** admin:<username> or cli:<user> */
  actor: string;
}

/**
 * Manual balance corrections by operator staff: a credit moves money from the house to the member's
 * main wallet, a debit back. Trial accounts hold demo money only and are refused.
 */
export class AdjustmentService {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly ledger: LedgerService,
    private readonly audit: Pick<AuditService, 'record'>,
    private readonly members: Pick<MemberService, 'byAccount'>,
  ) {}

  async adjust(request: AdjustmentRequest): Promise<Balance & { repeated: boolean }> {
    const amount = this.amountOf(request.amount);
    const reason = request.reason.trim();
    if (reason.length < 2 || reason.length > 500) {
      throw new AppError('VALIDATION_FAILED', 'a reason is needed', [
        { path: 'reason', message: '2 to 500 characters' },
      ]);
    }
    if (!/^[A-Za-z0-9_-]{8,64}$/.test(request.requestId)) {
      throw new AppError('VALIDATION_FAILED', 'invalid request id', [
        { path: 'requestId', message: '8 to 64 letters, digits, _ or -' },
      ]);
    }
    const found = await this.members.byAccount(request.account);
    if (!found) throw new AppError('NOT_FOUND', `no member with account ${request.account}`);
    if (found.type === accountTypes.trial) {
      throw new AppError('NEED_REAL_ACCOUNT', 'trial accounts hold demo money only');
    }
    const main = accountCodes.memberMain(found.id);
    const at = this.clock.now();
    const result = await this.db.transaction(async (tx) => {
      const transfer = await this.ledger.transfer(tx, {
        idempotencyKey: `adjust:${request.requestId}`,
        kind: 'adjustment',
        currency: 'REAL',
        legs: [
          { account: accountCodes.house, amount: -amount },
          { account: main, amount },
        ],
        reference: request.requestId,
        memo: reason,
        actor: request.actor,
      });
      // The audit row commits with the movement, so the books never show one without the other.
      if (!transfer.repeated) {
        await this.audit.record(
          request.actor,
          'adjust',
          { account: found.account },
          {
            amount: formatMoney(amount),
            reason,
            requestId: request.requestId,
            transferId: transfer.transferId.toString(),
          },
          { tx, at },
        );
      }
      return transfer;
    });
    this.ledger.publishBalances(result.memberIds);
    const balance = result.balances[main] ?? (await this.ledger.balanceOf(this.db, main));
    return { sumBalance: formatMoney(balance), demo: false, repeated: result.repeated };
  }

  private amountOf(text: string): bigint {
    const trimmed = text.trim();
    if (!MONEY_PATTERN.test(trimmed)) {
      throw new AppError('VALIDATION_FAILED', 'invalid amount', [
        { path: 'amount', message: 'a decimal with at most 2 decimals, e.g. 150.00 or -20.50' },
      ]);
    }
    const amount = parseMoney(trimmed);
    if (amount === 0n) {
      throw new AppError('VALIDATION_FAILED', 'invalid amount', [
        { path: 'amount', message: 'must not be zero' },
      ]);
    }
    const magnitude = amount < 0n ? -amount : amount;
    if (magnitude > MAX_ADJUSTMENT_MINOR) {
      throw new AppError('AMOUNT_OUT_OF_RANGE', 'adjustment too large', undefined, {
        max: formatMoney(MAX_ADJUSTMENT_MINOR),
      });
    }
    return amount;
  }
}
