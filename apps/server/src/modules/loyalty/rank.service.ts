import {
  formatMoney,
  parseMoney,
  type PlayerRank,
  type SetRankBody,
  type Settings,
} from '@platform/contract';
import type { Executor } from '../../db/database.js';
import type { AuthenticatedMember } from '../../lib/caller.js';
import type { AppDeps } from '../../lib/deps.js';
import { AppError } from '../../lib/errors.js';
import type { Actor, AuditService } from '../audit/index.js';
import type { MemberService } from '../member/index.js';
import { accountCodes, type LedgerService } from '../wallet/index.js';
import type { PointsService } from './points.service.js';
import { rankRepository, type RankRow } from './rank.repository.js';

export interface RankServices {
  deps: Pick<AppDeps, 'db' | 'clock'>;
  settings: () => Promise<Settings>;
  ledger: LedgerService;
  audit: AuditService;
  points: Pick<PointsService, 'depositsBetween'>;
  members: Pick<MemberService, 'rankLevelOf' | 'setRankLevel' | 'realMemberIdsAfter'>;
  /** the member's valid bets over site days [from, to] (the agent module's turnover roll-up) */
  validBetBetween: (memberId: bigint, from: string, to: string) => Promise<bigint>;
  siteDayOf: (at: Date) => string;
  addDays: (day: string, days: number) => string;
  /** how long a copy of the ranks labels members (other servers see an operator's change after it) */
  cacheMs: number;
}

/** Rank 0 when the operator has set none: every member has a rank to show. */
const BASE_RANK: RankRow = {
  level: 0,
  labelName: 'Member',
  color: '#7d8590',
  color2: '#a5adb8',
  minDeposit: 0n,
  minValidBet: 0n,
  upgradeGift: 0n,
  monthlyGift: 0n,
};
const EVALUATE_PAGE = 500;

const presentRank = (row: RankRow) => ({
  labelName: row.labelName,
  color: row.color,
  color2: row.color2,
  rankLevel: row.level,
  minDeposit: formatMoney(row.minDeposit),
  minValidBet: formatMoney(row.minValidBet),
  upgradeGift: formatMoney(row.upgradeGift),
  monthlyGift: formatMoney(row.monthlyGift),
});

/** How far (0..100) `value` is toward `target`; a target of 0 is reached. */
const share = (value: bigint, target: bigint): number =>
  target <= 0n ? 100 : Number(((value >= target ? target : value) * 100n) / target);

/**
 * The player rank (VIP, SPEC section 3): ranks with thresholds on deposits and valid bets over a rolling
 * window. Reaching a rank raises the member's rank level (the club label of login and member info) and
 * pays its rank-up gift once ever; each rank's monthly gift is claimed once a month. Relegation follows
 * the operator's rule (`loyalty.rank`), applied when all ranks are evaluated (a daily job).
 */
export class RankService {
  constructor(private readonly s: RankServices) {}

  private get db() {
    return this.s.deps.db;
  }

  private cached: { rows: RankRow[]; at: number } | null = null;

  private async ranks(db: Executor = this.db): Promise<RankRow[]> {
    const rows = await rankRepository.all(db);
    this.cached = { rows, at: this.s.deps.clock.now().getTime() };
    return rows.some((row) => row.level === 0) ? rows : [BASE_RANK, ...rows];
  }

  /**
   * The operator's club label of a level (login and member info show it): the highest rank at or below
   * it, from a copy at most `cacheMs` old; null when the operator has set no ranks.
   */
  async labelOf(
    rankLevel: number,
    db: Executor = this.db,
  ): Promise<{ labelName: string; color: string; color2: string; rankLevel: number } | null> {
    const now = this.s.deps.clock.now().getTime();
    if (!this.cached || now - this.cached.at >= this.s.cacheMs) await this.ranks(db);
    const rows = this.cached?.rows ?? [];
    const rank = [...rows].reverse().find((row) => row.level <= rankLevel);
    return rank
      ? { labelName: rank.labelName, color: rank.color, color2: rank.color2, rankLevel: rank.level }
      : null;
  }

  /** Deposits and valid bets of the member over the rolling window ending now. */
  private async windowTotals(memberId: bigint, windowDays: number, now: Date) {
    const from = new Date(now.getTime() - windowDays * 86_400_000);
    const today = this.s.siteDayOf(now);
    const [deposit, validBet] = await Promise.all([
      this.s.points.depositsBetween(memberId, from, now),
      this.s.validBetBetween(memberId, this.s.addDays(today, 1 - windowDays), today),
    ]);
    return { deposit, validBet };
  }

  /**
   * Moves the member to the rank the window earns: up always (paying each newly reached rank's gift
   * once), down only when `relegate` and the operator's rule is `window`.
   */
  async evaluate(memberId: bigint, options: { relegate: boolean } = { relegate: false }): Promise<number> {
    const now = this.s.deps.clock.now();
    const rule = (await this.s.settings())['loyalty.rank'];
    const ranks = await this.ranks();
    const totals = await this.windowTotals(memberId, rule.windowDays, now);
    const earned = earnedLevel(ranks, totals);
    const current = (await this.s.members.rankLevelOf(this.db, memberId)) ?? 0;
    if (earned > current) {
      const memberIds = await this.db.transaction(async (tx) => {
        await this.s.members.setRankLevel(tx, memberId, earned);
        const moved: bigint[] = [];
        for (const rank of ranks) {
          if (rank.level <= current || rank.level > earned || rank.upgradeGift <= 0n) continue;
          moved.push(
            ...(await this.payGift(tx, memberId, `upgrade:${rank.level}`, rank, rank.upgradeGift, now)),
          );
        }
        return moved;
      });
      this.s.ledger.publishBalances(memberIds);
      return earned;
    }
    if (earned < current && options.relegate && rule.relegation === 'window') {
      await this.s.members.setRankLevel(this.db, memberId, earned);
      return earned;
    }
    return current;
  }

  /** Every real member, in pages (the daily job; relegation applies here). */
  async evaluateAll(): Promise<{ members: number; changed: number }> {
    let after = 0n;
    let members = 0;
    let changed = 0;
    for (;;) {
      const ids = await this.s.members.realMemberIdsAfter(this.db, after, EVALUATE_PAGE);
      for (const id of ids) {
        const before = (await this.s.members.rankLevelOf(this.db, id)) ?? 0;
        if ((await this.evaluate(id, { relegate: true })) !== before) changed += 1;
      }
      members += ids.length;
      const last = ids.at(-1);
      if (last === undefined || ids.length < EVALUATE_PAGE) return { members, changed };
      after = last;
    }
  }

  async playerRank(member: AuthenticatedMember): Promise<PlayerRank> {
    const now = this.s.deps.clock.now();
    const level = await this.evaluate(member.id);
    const rule = (await this.s.settings())['loyalty.rank'];
    const ranks = await this.ranks();
    const totals = await this.windowTotals(member.id, rule.windowDays, now);
    const current = [...ranks].reverse().find((rank) => rank.level <= level) ?? BASE_RANK;
    const next = ranks.find((rank) => rank.level > current.level) ?? null;
    const progress = next
      ? Math.min(share(totals.deposit, next.minDeposit), share(totals.validBet, next.minValidBet))
      : 100;
    const monthlyGiftClaimable =
      current.monthlyGift > 0n &&
      !(await rankRepository.hasGift(this.db, member.id, `monthly:${this.monthOf(now)}`));
    return {
      current: presentRank(current),
      next: next ? presentRank(next) : null,
      windowDays: rule.windowDays,
      deposit: formatMoney(totals.deposit),
      validBet: formatMoney(totals.validBet),
      progress,
      monthlyGiftClaimable,
      ranks: ranks.map(presentRank),
    };
  }

  /**
   * The member's rank gifts for the reward centre: those paid (rank-up gifts, monthly gifts claimed)
   * and this month's gift while it is still to be claimed.
   */
  async giftsOf(memberId: bigint): Promise<{
    paid: { key: string; label: string; amount: bigint; paidAt: Date }[];
    claimable: { month: string; label: string; amount: bigint } | null;
  }> {
    const now = this.s.deps.clock.now();
    const month = this.monthOf(now);
    const [ranks, rows, level] = await Promise.all([
      this.ranks(),
      rankRepository.giftsOf(this.db, memberId, 100),
      this.s.members.rankLevelOf(this.db, memberId),
    ]);
    const labelOf = (at: number) => [...ranks].reverse().find((rank) => rank.level <= at) ?? BASE_RANK;
    const current = labelOf(level ?? 0);
    const claimable =
      current.monthlyGift > 0n && !rows.some((row) => row.giftKey === `monthly:${month}`)
        ? { month, label: current.labelName, amount: current.monthlyGift }
        : null;
    return {
      paid: rows.map((row) => ({
        key: row.giftKey,
        label: labelOf(row.level).labelName,
        amount: row.amount,
        paidAt: row.paidAt,
      })),
      claimable,
    };
  }

  /** This month's gift of the member's rank, paid once however many claims race. */
  async claimMonthlyGift(member: AuthenticatedMember): Promise<{ amount: string; month: string }> {
    const now = this.s.deps.clock.now();
    const month = this.monthOf(now);
    const level = (await this.s.members.rankLevelOf(this.db, member.id)) ?? 0;
    const rank = [...(await this.ranks())].reverse().find((row) => row.level <= level) ?? BASE_RANK;
    if (rank.monthlyGift <= 0n) {
      throw new AppError('INVALID_STATE', 'this rank has no monthly gift', undefined, { status: 'none' });
    }
    const memberIds = await this.db.transaction((tx) =>
      this.payGift(tx, member.id, `monthly:${month}`, rank, rank.monthlyGift, now, true),
    );
    this.s.ledger.publishBalances(memberIds);
    return { amount: formatMoney(rank.monthlyGift), month };
  }

  private monthOf(now: Date): string {
    return this.s.siteDayOf(now).slice(0, 7);
  }

  /** Records the gift under its key and credits the bonus account; a key paid before pays nothing. */
  private async payGift(
    tx: Executor,
    memberId: bigint,
    giftKey: string,
    rank: RankRow,
    amount: bigint,
    now: Date,
    refuseRepeat = false,
  ): Promise<bigint[]> {
    const fresh = await rankRepository.claimGift(tx, {
      memberId,
      giftKey,
      level: rank.level,
      amount,
      paidAt: now,
    });
    if (!fresh) {
      if (refuseRepeat) throw new AppError('ALREADY_CLAIMED', 'this gift was already paid');
      return [];
    }
    const result = await this.s.ledger.transfer(tx, {
      idempotencyKey: `rank-gift:${memberId}:${giftKey}`,
      kind: 'bonus',
      currency: 'REAL',
      legs: [
        { account: accountCodes.house, amount: -amount },
        { account: accountCodes.memberBonus(memberId), amount },
      ],
      reference: `rank ${rank.labelName}`,
      memo: giftKey.startsWith('monthly')
        ? `monthly gift ${giftKey.slice(8)}`
        : `rank-up gift ${rank.labelName}`,
      actor: 'system:rank',
    });
    return result.memberIds;
  }

  /** The operator's ranks (operator tool). */
  list() {
    return this.ranks();
  }

  /** The ranks as the admin call shows them (rank 0 included, set or not). */
  async adminList() {
    return (await this.ranks()).map(presentRank);
  }

  /** Creates or replaces a rank (checked by the contract's schema), audited with its thresholds and gifts. */
  async set(by: Actor, level: number, body: SetRankBody) {
    const row: RankRow = {
      level,
      labelName: body.labelName,
      color: body.color,
      color2: body.color2,
      minDeposit: parseMoney(body.minDeposit),
      minValidBet: parseMoney(body.minValidBet),
      upgradeGift: parseMoney(body.upgradeGift),
      monthlyGift: parseMoney(body.monthlyGift),
    };
    await this.db.transaction(async (tx) => {
      await rankRepository.upsert(tx, row);
      await this.s.audit.record(by, 'rank set', { level: String(level) }, { ...body }, { tx });
    });
    this.cached = null;
    return presentRank(row);
  }

  async remove(by: Actor, level: number) {
    const removed = await this.db.transaction(async (tx) => {
      const gone = await rankRepository.remove(tx, level);
      if (gone) await this.s.audit.record(by, 'rank remove', { level: String(level) }, {}, { tx });
      return gone;
    });
    this.cached = null;
    return removed;
  }
}

/** The highest rank both window totals reach (rank 0 always). */
export function earnedLevel(
  ranks: readonly RankRow[],
  totals: { deposit: bigint; validBet: bigint },
): number {
  let level = 0;
  for (const rank of ranks) {
    if (totals.deposit >= rank.minDeposit && totals.validBet >= rank.minValidBet) {
      level = Math.max(level, rank.level);
    }
  }
  return level;
}
