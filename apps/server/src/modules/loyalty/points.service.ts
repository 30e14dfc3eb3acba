import { formatMoney, type PointsEntry, type PointsSummary, type Settings } from '@platform/contract';
import type { Executor } from '../../db/database.js';
import type { AuthenticatedMember, RequestOrigin } from '../../lib/caller.js';
import type { AppDeps } from '../../lib/deps.js';
import { AppError, invalid } from '../../lib/errors.js';
import { accountCodes, type LedgerService } from '../wallet/index.js';
import { pointsRepository, type PointsEntryRow } from './points.repository.js';

export type PointsKind = PointsEntry['kind'];

/** What the points need of the agent module's turnover roll-up (ADR 046). */
export interface TurnoverRows {
  memberRowsFrom(
    fromDay: string,
    after: { memberId: bigint; day: string; category: string } | null,
    limit: number,
  ): Promise<{ memberId: bigint; day: string; category: string; validBet: bigint }[]>;
}

export interface PointsServices {
  deps: Pick<AppDeps, 'db' | 'clock'>;
  settings: () => Promise<Settings>;
  ledger: LedgerService;
  turnover: TurnoverRows;
  /** the cashier's payment-password check (throws when wrong; hashes, so before any transaction) */
  verifyPaymentPassword: (memberId: bigint, paymentPassword: string, origin: RequestOrigin) => Promise<void>;
  /** the site day (yyyy-MM-dd) an instant falls in, and a day moved by n days */
  siteDayOf: (at: Date) => string;
  addDays: (day: string, days: number) => string;
  /** told of members whose deposits or bets grew (the rank may go up) */
  onActivity?: (memberIds: bigint[]) => Promise<void>;
}

/** Late turnover of this many past site days still earns points (the lottery settles after its draw). */
export const ACCRUAL_LOOKBACK_DAYS = 2;
const ACCRUAL_PAGE = 500;

/** Points for an amount at a rate of `per100` points per 100.00 (10,000 minor units), rounded down. */
export const pointsFor = (amountMinor: bigint, per100: number): bigint =>
  amountMinor <= 0n || per100 <= 0 ? 0n : (amountMinor * BigInt(per100)) / 10_000n;

const present = (row: PointsEntryRow): PointsEntry => ({
  id: String(row.id),
  kind: row.kind as PointsKind,
  current: Number(row.balanceAfter - row.changed),
  changed: Number(row.changed),
  balance: Number(row.balanceAfter),
  reference: row.reference,
  at: row.createdAt.toISOString(),
});

/**
 * Loyalty points (SPEC section 9): earned by deposits and valid bets at the operator's ratios, spent in
 * the mall or converted to money, never expiring. Every change is an entry under an idempotency key
 * naming its source, written while the member's points account is locked, so a source moves points
 * exactly once however many times it is retried or run side by side.
 */
export class PointsService {
  constructor(private readonly s: PointsServices) {}

  private get db() {
    return this.s.deps.db;
  }

  /**
   * Adds (or, negative, spends) points under `key` in the caller's transaction. A key used before moves
   * nothing and answers its first entry; spending more than the balance is INSUFFICIENT_POINTS.
   */
  async move(
    tx: Executor,
    change: { memberId: bigint; key: string; kind: PointsKind; changed: bigint; reference: string },
  ): Promise<{ entry: PointsEntryRow; repeated: boolean }> {
    const balance = await pointsRepository.lockAccount(tx, change.memberId);
    const earlier = await pointsRepository.entryByKey(tx, change.key);
    if (earlier) return { entry: earlier, repeated: true };
    const after = balance + change.changed;
    if (after < 0n) throw new AppError('INSUFFICIENT_POINTS', 'not enough points');
    await pointsRepository.setBalance(tx, change.memberId, after);
    const entry = await pointsRepository.insertEntry(tx, {
      memberId: change.memberId,
      idempotencyKey: change.key,
      kind: change.kind,
      changed: change.changed,
      balanceAfter: after,
      reference: change.reference,
      createdAt: this.s.deps.clock.now(),
    });
    return { entry, repeated: false };
  }

  async summary(member: AuthenticatedMember): Promise<PointsSummary> {
    const { pointsPerUnit, minPoints } = (await this.s.settings())['loyalty.convert'];
    return {
      balance: Number(await pointsRepository.balanceOf(this.db, member.id)),
      pointsPerUnit,
      minConvert: minPoints,
    };
  }

  async history(member: AuthenticatedMember, pageNo: number, pageSize: number) {
    const { rows, total } = await pointsRepository.history(this.db, member.id, {
      offset: (pageNo - 1) * pageSize,
      limit: pageSize,
    });
    return {
      list: rows.map(present),
      pageNo,
      pageSize,
      totalCount: total,
      totalPages: Math.ceil(total / pageSize),
    };
  }

  /**
   * Points to money on the main wallet at the operator's ratio. The payment password is checked first:
   * a wrong one changes nothing. The points and the money move in one transaction under keys made of
   * the member's request id, so a retried request converts once.
   */
  async convert(
    member: AuthenticatedMember,
    input: { points: number; paymentPassword: string; requestId: string },
    origin: RequestOrigin,
  ): Promise<{ balance: number; amount: string }> {
    const { pointsPerUnit, minPoints } = (await this.s.settings())['loyalty.convert'];
    if (input.points < minPoints) {
      throw invalid([{ path: 'points', message: `points.belowMinimum` }]);
    }
    const amount = (BigInt(input.points) * 100n) / BigInt(pointsPerUnit);
    if (amount <= 0n) throw invalid([{ path: 'points', message: `points.belowMinimum` }]);
    await this.s.verifyPaymentPassword(member.id, input.paymentPassword, origin);
    const key = `convert:${member.id}:${input.requestId}`;
    const { balance, memberIds, credited } = await this.db.transaction(async (tx) => {
      const moved = await this.move(tx, {
        memberId: member.id,
        key,
        kind: 'convert',
        changed: -BigInt(input.points),
        reference: key,
      });
      if (moved.repeated && moved.entry.changed !== -BigInt(input.points)) {
        throw new AppError('IDEMPOTENCY_CONFLICT', 'this request id was used for another conversion');
      }
      const result = await this.s.ledger.transfer(tx, {
        idempotencyKey: `points-${key}`,
        kind: 'bonus',
        currency: 'REAL',
        legs: [
          { account: accountCodes.house, amount: -amount },
          { account: accountCodes.memberMain(member.id), amount },
        ],
        reference: `PTS${moved.entry.id}`,
        memo: `points conversion: ${input.points} points`,
        actor: `member:${member.publicId}`,
      });
      return { balance: moved.entry.balanceAfter, memberIds: result.memberIds, credited: amount };
    });
    this.s.ledger.publishBalances(memberIds);
    return { balance: Number(balance), amount: formatMoney(credited) };
  }

  /** A credited deposit earns points once (its reference is the key); it also counts for the rank. */
  async earnFromDeposit(event: {
    memberId: bigint;
    amount: bigint;
    reference: string;
    /** when it was credited (a late delivery through the outbox, ADR 082, counts it then) */
    at: Date;
  }): Promise<void> {
    const rate = (await this.s.settings())['loyalty.earnRates'].deposit;
    await this.db.transaction(async (tx) => {
      const fresh = await pointsRepository.claimDeposit(tx, {
        reference: event.reference,
        memberId: event.memberId,
        amount: event.amount,
        creditedAt: event.at,
      });
      const points = pointsFor(event.amount, rate);
      if (!fresh || points === 0n) return;
      await this.move(tx, {
        memberId: event.memberId,
        key: `deposit:${event.reference}`,
        kind: 'deposit',
        changed: points,
        reference: event.reference,
      });
    });
    await this.s.onActivity?.([event.memberId]);
  }

  /**
   * Valid bets of the last days (the agent module's turnover per member, day and category) earn points
   * on what grew since the last run: the counted valid bet of each (member, day, category) is locked and
   * moved in the same transaction as the points, so two runs at once count each bet once.
   */
  async accrueBets(now: Date = this.s.deps.clock.now()): Promise<{ members: number; points: string }> {
    const { bets, otherBets } = (await this.s.settings())['loyalty.earnRates'];
    const fromDay = this.s.addDays(this.s.siteDayOf(now), -ACCRUAL_LOOKBACK_DAYS);
    const members = new Set<bigint>();
    let earned = 0n;
    let after: { memberId: bigint; day: string; category: string } | null = null;
    for (;;) {
      const rows = await this.s.turnover.memberRowsFrom(fromDay, after, ACCRUAL_PAGE);
      const last = rows.at(-1);
      if (!last) break;
      await this.db.transaction(async (tx) => {
        for (const row of rows) {
          const key = { memberId: row.memberId, day: row.day, category: row.category };
          const counted = await pointsRepository.lockAccrual(tx, key);
          if (row.validBet <= counted) continue;
          const rate = bets[row.category] ?? otherBets;
          const points = pointsFor(row.validBet, rate) - pointsFor(counted, rate);
          await pointsRepository.setAccrual(tx, key, row.validBet);
          members.add(row.memberId);
          if (points <= 0n) continue;
          await this.move(tx, {
            memberId: row.memberId,
            key: `bet:${row.memberId}:${row.day}:${row.category}:${row.validBet}`,
            kind: 'bet',
            changed: points,
            reference: `${row.category} ${row.day}`,
          });
          earned += points;
        }
      });
      after = { memberId: last.memberId, day: last.day, category: last.category };
      if (rows.length < ACCRUAL_PAGE) break;
    }
    if (members.size > 0) await this.s.onActivity?.([...members]);
    return { members: members.size, points: earned.toString() };
  }

  /** The operator's correction (operator tool), audited by the caller. */
  async adjust(memberId: bigint, points: bigint, requestKey: string): Promise<bigint> {
    const moved = await this.db.transaction((tx) =>
      this.move(tx, {
        memberId,
        key: `adjust:${requestKey}`,
        kind: 'adjust',
        changed: points,
        reference: requestKey,
      }),
    );
    return moved.entry.balanceAfter;
  }

  depositsBetween(memberId: bigint, from: Date, to: Date, db: Executor = this.db): Promise<bigint> {
    return pointsRepository.depositsBetween(db, memberId, from, to);
  }
}
