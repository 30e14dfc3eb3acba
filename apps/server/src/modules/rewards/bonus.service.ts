import { formatMoney, type MemberBonus, type MemberBonuses } from '@platform/contract';
import type { AppDeps } from '../../lib/deps.js';
import { AppError } from '../../lib/errors.js';
import { siteDayOf, type TurnoverService as TurnoverAggregate } from '../agent/index.js';
import type { SettingsService } from '../system/index.js';
import { accountCodes, type LedgerService, type TurnoverService } from '../wallet/index.js';
import { applicationRepository } from './application.repository.js';
import { rewardGrantRepository } from './reward-grant.repository.js';

export interface BonusServices {
  deps: Pick<AppDeps, 'db' | 'clock'>;
  settings: Pick<SettingsService, 'get'>;
  ledger: LedgerService;
  turnover: Pick<TurnoverService, 'forfeit' | 'forfeitedOf'>;
  /** the agent module's turnover roll-up (ADR 046): a member's valid bets over site days */
  aggregate: Pick<TurnoverAggregate, 'memberTotals'>;
}

interface BonusRow {
  id: string;
  kind: MemberBonus['kind'];
  reference: string;
  amount: bigint;
  required: bigint;
  transferId: bigint;
  grantedAt: Date;
}

export interface BonusProgress extends BonusRow {
  wagered: bigint;
  remaining: bigint;
  status: MemberBonus['status'];
}

/**
 * The member's bonuses with their turnover requirement and progress (the bonusDetails page), and the
 * operator's rule for a withdrawal while one is open: refuse it (BONUS_TURNOVER_OPEN), or forfeit the
 * open bonuses (what is left of them goes back to the house and their requirements end).
 *
 * Progress is the valid bet of the member from the bonus's site day on, from the agent module's daily
 * roll-up: the day is its grain, so bets made earlier on the day of the bonus count towards it too.
 */
export class BonusService {
  constructor(private readonly s: BonusServices) {}

  async mine(memberId: bigint): Promise<MemberBonuses> {
    const [bonuses, withdrawRule] = [
      await this.progressOf(memberId),
      await this.s.settings.get('promotion.bonusWithdrawRule'),
    ];
    return {
      bonuses: bonuses.map((bonus) => ({
        id: bonus.id,
        kind: bonus.kind,
        reference: bonus.reference,
        amount: formatMoney(bonus.amount),
        turnoverRequired: formatMoney(bonus.required),
        wagered: formatMoney(bonus.wagered),
        remaining: formatMoney(bonus.remaining),
        status: bonus.status,
        grantedAt: bonus.grantedAt.toISOString(),
      })),
      withdrawRule,
    };
  }

  /** Every bonus of the member, newest first, with its progress. */
  async progressOf(memberId: bigint): Promise<BonusProgress[]> {
    const { db } = this.s.deps;
    const claimed = (await applicationRepository.ofMember(db, memberId)).flatMap((row): BonusRow[] =>
      row.status === 'claimed' && row.transferId !== null && row.bonus !== null && row.claimedAt !== null
        ? [
            {
              id: row.publicId,
              kind: 'promotion',
              reference: row.promotionId,
              amount: row.bonus,
              required: row.turnoverRequired ?? 0n,
              transferId: row.transferId,
              grantedAt: row.claimedAt,
            },
          ]
        : [],
    );
    const granted = (await rewardGrantRepository.ofMember(db, memberId)).map((row): BonusRow => ({
      id: `grant_${row.id}`,
      kind: row.kind as MemberBonus['kind'],
      reference: row.period,
      amount: row.amount,
      required: row.turnoverRequired,
      transferId: row.transferId,
      grantedAt: row.createdAt,
    }));
    const rows = [...claimed, ...granted].sort((a, b) => b.grantedAt.getTime() - a.grantedAt.getTime());
    const forfeited = await this.s.turnover.forfeitedOf(
      db,
      rows.map((row) => row.transferId),
    );
    const today = siteDayOf(this.s.deps.clock.now());
    const progress: BonusProgress[] = [];
    for (const row of rows) {
      const bet =
        row.required > 0n
          ? (await this.s.aggregate.memberTotals(memberId, siteDayOf(row.grantedAt), today, db)).validBet
          : 0n;
      const wagered = bet > row.required ? row.required : bet;
      const remaining = row.required - wagered;
      const status = forfeited.has(row.transferId) ? 'forfeited' : remaining > 0n ? 'open' : 'met';
      progress.push({ ...row, wagered, remaining, status });
    }
    return progress;
  }

  /**
   * The withdrawal rule (cashier's addWithdrawalRule): nothing to do without an open bonus; else refuse,
   * or forfeit under the key `bonus-forfeit:<member>:<requestId>` so a retried request forfeits once.
   */
  async beforeWithdrawal(memberId: bigint, requestId: string): Promise<void> {
    const open = (await this.progressOf(memberId)).filter((bonus) => bonus.status === 'open');
    if (open.length === 0) return;
    const remaining = open.reduce((sum, bonus) => sum + bonus.remaining, 0n);
    const rule = await this.s.settings.get('promotion.bonusWithdrawRule');
    if (rule === 'refuse') {
      throw new AppError(
        'BONUS_TURNOVER_OPEN',
        'a bonus is still to be wagered: play it through or wait before withdrawing',
        undefined,
        { remaining: formatMoney(remaining) },
      );
    }
    const now = this.s.deps.clock.now();
    const memberIds = await this.s.deps.db.transaction(async (tx) => {
      const bonusAccount = accountCodes.memberBonus(memberId);
      const balance = await this.s.ledger.balanceOf(tx, bonusAccount);
      const owed = open.reduce((sum, bonus) => sum + bonus.amount, 0n);
      const take = balance < owed ? balance : owed;
      let moved: readonly bigint[] = [];
      if (take > 0n) {
        const result = await this.s.ledger.transfer(tx, {
          idempotencyKey: `bonus-forfeit:${memberId}:${requestId}`,
          kind: 'bonus',
          currency: 'REAL',
          legs: [
            { account: bonusAccount, amount: -take },
            { account: accountCodes.house, amount: take },
          ],
          reference: requestId,
          memo: 'bonus forfeited by a withdrawal',
          actor: 'system:rewards',
        });
        moved = result.memberIds;
      }
      await this.s.turnover.forfeit(
        tx,
        memberId,
        open.map((bonus) => bonus.transferId),
        now,
      );
      return moved;
    });
    this.s.ledger.publishBalances(memberIds);
  }
}
