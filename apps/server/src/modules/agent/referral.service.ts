import { formatMoney, parseMoney, type Settings } from '@platform/contract';
import type { Database } from '../../db/database.js';
import type { Clock } from '../../lib/clock.js';
import type { AuditService } from '../audit/index.js';
import { maskUsername } from '../../lib/mask.js';
import { accountCodes, type LedgerService } from '../wallet/index.js';
import { referralRepository, type FirstDeposit } from './referral.repository.js';

/** How many due rewards one run pays (the rest wait for the next run). */
const BATCH = 200;

export interface ReferralDeps {
  db: Database;
  clock: Clock;
  ledger: LedgerService;
  audit: AuditService;
  settings: () => Promise<Settings>;
}

/** The reward for one first deposit: basis points of it, floored, capped. */
export function referralRewardOf(deposit: bigint, rateBp: number, max: bigint): bigint {
  const share = (deposit * BigInt(rateBp)) / 10_000n;
  return share > max ? max : share;
}

/**
 * The operator's referral reward (the member centre's invite friends): the inviting member is paid a
 * share of each invited friend's first credited deposit, once per friend. The referral_reward row's key
 * (the friend) is claimed in the paying transaction and the ledger key is per friend, so concurrent runs
 * and re-runs pay once.
 */
export class ReferralService {
  constructor(private readonly deps: ReferralDeps) {}

  /** Pays every reward that is due; returns how many were paid. */
  async payDue(): Promise<number> {
    const { rateBp, max } = (await this.deps.settings())['referral.reward'];
    if (rateBp === 0) return 0;
    const cap = parseMoney(max);
    let paid = 0;
    for (const due of await referralRepository.due(this.deps.db, BATCH)) {
      if (await this.pay(due, referralRewardOf(due.amount, rateBp, cap))) paid += 1;
    }
    return paid;
  }

  private async pay(due: FirstDeposit, reward: bigint): Promise<boolean> {
    const { db, ledger, clock } = this.deps;
    const result = await db.transaction(async (tx) => {
      if (!(await referralRepository.claim(tx, { ...due, reward, at: clock.now() }))) return null;
      if (reward === 0n) return { memberIds: [] as bigint[] };
      const moved = await ledger.transfer(tx, {
        idempotencyKey: `referral-reward:${due.friendId}`,
        kind: 'referral_reward',
        currency: 'REAL',
        legs: [
          { account: accountCodes.agentCommission, amount: -reward },
          { account: accountCodes.memberMain(due.referrerId), amount: reward },
        ],
        reference: due.depositId.toString(),
        memo: `friend ${due.friendId}`,
        actor: 'system:referral-reward',
      });
      await this.deps.audit.record(
        'system:referral-reward',
        'referral.reward-paid',
        { friend: due.friendId.toString(), referrer: due.referrerId.toString() },
        { deposit: formatMoney(due.amount), reward: formatMoney(reward) },
        { tx },
      );
      return moved;
    });
    if (result) this.deps.ledger.publishBalances(result.memberIds);
    return result !== null;
  }

  /** The member's invited friends, newest first, with each one's first deposit and reward. */
  async friends(member: { id: bigint }, query: { pageNo: number; pageSize: number }) {
    const [{ rateBp, max }, page] = await Promise.all([
      this.deps.settings().then((settings) => settings['referral.reward']),
      referralRepository.friends(this.deps.db, member.id, {
        offset: (query.pageNo - 1) * query.pageSize,
        limit: query.pageSize,
      }),
    ]);
    return {
      list: page.rows.map((row) => ({
        // Masked as the site's public lists mask players: a friend's login name is theirs, not the inviter's.
        username: maskUsername(row.username),
        joinedAt: row.joinedAt.toISOString(),
        firstDeposit: row.firstDeposit === null ? null : formatMoney(row.firstDeposit),
        reward: row.reward === null ? null : formatMoney(row.reward),
        rewardedAt: row.rewardedAt?.toISOString() ?? null,
      })),
      pageNo: query.pageNo,
      pageSize: query.pageSize,
      totalCount: page.total,
      totalPages: Math.ceil(page.total / query.pageSize),
      rateBp,
      max,
      totalReward: formatMoney(page.totalReward),
    };
  }
}
