import { formatMoney, parseMoney } from '@platform/contract';
import type { Executor } from '../../db/database.js';
import type { AppDeps } from '../../lib/deps.js';
import { AppError, invalid } from '../../lib/errors.js';
import type { Actor, AuditService } from '../audit/index.js';
import type { DepositService } from '../cashier/index.js';
import { siteDayOf, type TurnoverService as TurnoverAggregate } from '../agent/index.js';
import type { SettingsService } from '../system/index.js';
import { accountCodes, siteDayEnd, type LedgerService, type TurnoverService } from '../wallet/index.js';
import { rewardGrantRepository } from './reward-grant.repository.js';

export type AutoRewardKind = 'first-deposit' | 'reload' | 'rebate';
/** A grant row's kind: the automatic promotions' and a bonus granted by staff (period: its request id). */
export type RewardGrantKind = AutoRewardKind | 'staff';

export interface AutoRewardServices {
  deps: Pick<AppDeps, 'db' | 'clock'>;
  settings: Pick<SettingsService, 'all'>;
  ledger: LedgerService;
  turnover: Pick<TurnoverService, 'require'>;
  deposits: Pick<DepositService, 'isFirstCredited'>;
  /** the agent module's turnover roll-up (ADR 046): each member's valid bet of a day */
  bettors: Pick<TurnoverAggregate, 'dayBettors'>;
  audit: AuditService;
}

export interface Grant {
  memberId: bigint;
  kind: AutoRewardKind;
  period: string;
  amount: bigint;
  basis: bigint;
  turnoverRequired: bigint;
  reference: string | null;
}

/** A multiple with decimals (1.5) applied in hundredths, in bigint, as the deposit's requirement is. */
const times = (amount: bigint, multiple: number): bigint =>
  (amount * BigInt(Math.round(multiple * 100))) / 100n;
const capped = (amount: bigint, upTo: bigint): bigint => (amount > upTo ? upTo : amount);
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Promotions paid without an application: the first-deposit (welcome) bonus and the reload bonus on a
 * credited deposit, and the daily rebate on valid bets. Each is paid at most once per member and period:
 * the grant's unique key (member, kind, period) and the ledger's idempotency key
 * `reward:<kind>:<member>:<period>` both hold, so a repeated event, a second server or a retried job
 * pays nothing twice. The bonus goes to the member's bonus account with its turnover requirement.
 */
export class AutoRewardService {
  constructor(private readonly s: AutoRewardServices) {}

  /** The cashier's deposit-credited event (after its commit). Answers what was paid, if anything. */
  async onDepositCredited(event: {
    memberId: bigint;
    amount: bigint;
    reference: string;
    /** when the deposit was credited: a late delivery (the outbox, ADR 082) counts on that day */
    at: Date;
  }): Promise<Grant | null> {
    const settings = await this.s.settings.all();
    const bonusTurnover = settings['cashier.bonusTurnoverMultiple'];
    if (await this.s.deposits.isFirstCredited(event.memberId, event.reference)) {
      const offer = settings['promotion.welcomeBonus'];
      const automatic = settings['promotion.firstDepositBonus'];
      if (!offer.enabled || !automatic.enabled || event.amount < parseMoney(automatic.minDeposit))
        return null;
      const amount = capped((event.amount * BigInt(offer.percent)) / 100n, parseMoney(offer.upTo));
      return this.pay({
        memberId: event.memberId,
        kind: 'first-deposit',
        period: 'once',
        amount,
        basis: event.amount,
        turnoverRequired: times(amount, bonusTurnover),
        reference: event.reference,
      });
    }
    const reload = settings['promotion.reloadBonus'];
    if (!reload.enabled || event.amount < parseMoney(reload.minDeposit)) return null;
    const amount = capped((event.amount * BigInt(reload.percent)) / 100n, parseMoney(reload.upTo));
    return this.pay({
      memberId: event.memberId,
      kind: 'reload',
      // Once per site day: the first qualifying deposit of the day earns it.
      period: siteDayOf(event.at),
      amount,
      basis: event.amount,
      turnoverRequired: times(amount, bonusTurnover),
      reference: event.reference,
    });
  }

  /**
   * Pays the rebate of one site day that has ended: each member whose valid bet reached the minimum
   * gets basisPoints of it, capped. Run again (the hourly job, the operator) it pays only who is missing.
   */
  async payRebate(day: string, by?: Actor): Promise<{ day: string; paid: number; total: string }> {
    if (!DAY.test(day) || Number.isNaN(Date.parse(day)))
      throw invalid([{ path: 'day', message: 'validation.invalid' }]);
    const now = this.s.deps.clock.now();
    if (siteDayEnd(day).getTime() > now.getTime())
      throw invalid([{ path: 'day', message: 'validation.dayNotEnded' }]);
    const settings = await this.s.settings.all();
    const rebate = settings['promotion.rebate'];
    if (!rebate.enabled) throw new AppError('FEATURE_DISABLED', 'the rebate is off');
    const bettors = await this.s.bettors.dayBettors(day, parseMoney(rebate.minValidBet));
    let paid = 0;
    let total = 0n;
    for (const { memberId, validBet } of bettors) {
      const amount = capped((validBet * BigInt(rebate.basisPoints)) / 10_000n, parseMoney(rebate.upTo));
      if (amount <= 0n) continue;
      const grant = await this.pay({
        memberId,
        kind: 'rebate',
        period: day,
        amount,
        basis: validBet,
        turnoverRequired: amount * BigInt(rebate.turnoverMultiple),
        reference: null,
      });
      if (grant) {
        paid += 1;
        total += amount;
      }
    }
    if (by) {
      await this.s.audit.record(by, 'rewards rebate pay', { day }, { paid, total: formatMoney(total) });
    }
    return { day, paid, total: formatMoney(total) };
  }

  /** The hourly job: yesterday's rebate (site time), once it is on; a day already paid pays nobody twice. */
  async payYesterdaysRebate(): Promise<Record<string, unknown>> {
    const settings = await this.s.settings.all();
    if (!settings['promotion.rebate'].enabled) return { off: true };
    const yesterday = siteDayOf(new Date(this.s.deps.clock.now().getTime() - 86_400_000));
    return this.payRebate(yesterday);
  }

  /**
   * A bonus granted by staff (the back office's Players -> Actions, confirmed by a second member of staff
   * above staff.fourEyes.bonus), in the caller's transaction: the money to the bonus wallet under
   * `reward:staff:<member>:<requestId>`, the grant row (kind staff, period the request id) and its turnover
   * requirement (the amount times the multiple). Null when this request id already granted.
   */
  async grantByStaff(
    tx: Executor,
    grant: {
      memberId: bigint;
      amount: bigint;
      turnoverMultiple: number;
      requestId: string;
      reason: string;
      actor: string;
    },
  ): Promise<{ transferId: bigint; memberIds: bigint[]; turnoverRequired: bigint } | null> {
    const now = this.s.deps.clock.now();
    const turnoverRequired = times(grant.amount, grant.turnoverMultiple);
    const result = await this.s.ledger.transfer(tx, {
      idempotencyKey: `reward:staff:${grant.memberId}:${grant.requestId}`,
      kind: 'bonus',
      currency: 'REAL',
      legs: [
        { account: accountCodes.house, amount: -grant.amount },
        { account: accountCodes.memberBonus(grant.memberId), amount: grant.amount },
      ],
      reference: grant.requestId,
      memo: grant.reason,
      actor: grant.actor,
    });
    if (result.repeated) return null;
    const inserted = await rewardGrantRepository.insert(tx, {
      memberId: grant.memberId,
      kind: 'staff',
      period: grant.requestId,
      amount: grant.amount,
      basis: grant.amount,
      turnoverRequired,
      reference: grant.requestId,
      transferId: result.transferId,
      createdAt: now,
    });
    if (!inserted) throw new Error(`staff bonus ${grant.requestId} exists without its transfer`);
    if (turnoverRequired > 0n) {
      await this.s.turnover.require(tx, {
        memberId: grant.memberId,
        transferId: result.transferId,
        required: turnoverRequired,
        source: 'staff',
        createdAt: now,
      });
    }
    return { transferId: result.transferId, memberIds: result.memberIds, turnoverRequired };
  }

  /** The money, the grant row and the turnover requirement in one transaction; null when already paid. */
  private async pay(grant: Grant): Promise<Grant | null> {
    if (grant.amount <= 0n) return null;
    const now = this.s.deps.clock.now();
    const outcome = await this.s.deps.db.transaction(async (tx) => {
      const result = await this.s.ledger.transfer(tx, {
        idempotencyKey: `reward:${grant.kind}:${grant.memberId}:${grant.period}`,
        kind: 'bonus',
        currency: 'REAL',
        legs: [
          { account: accountCodes.house, amount: -grant.amount },
          { account: accountCodes.memberBonus(grant.memberId), amount: grant.amount },
        ],
        reference: grant.reference ?? `${grant.kind}:${grant.period}`,
        memo: `${grant.kind} ${grant.period}`,
        actor: 'system:rewards',
      });
      if (result.repeated) return null;
      const inserted = await rewardGrantRepository.insert(tx, {
        ...grant,
        transferId: result.transferId,
        createdAt: now,
      });
      // The ledger's key and the grant's key name the same thing: both hold or neither.
      if (!inserted)
        throw new Error(`reward grant ${grant.kind}:${grant.period} exists without its transfer`);
      if (grant.turnoverRequired > 0n) {
        await this.s.turnover.require(tx, {
          memberId: grant.memberId,
          transferId: result.transferId,
          required: grant.turnoverRequired,
          source: grant.kind,
          createdAt: now,
        });
      }
      return result.memberIds;
    });
    if (outcome === null) return null;
    this.s.ledger.publishBalances(outcome);
    return grant;
  }
}
