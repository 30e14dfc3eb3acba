import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/database.js';
import { big, rowsOf, type DbInt } from './sql-rows.js';

export interface FirstDeposit {
  friendId: bigint;
  referrerId: bigint;
  depositId: bigint;
  amount: bigint;
}

export interface FriendRow {
  username: string;
  joinedAt: Date;
  firstDeposit: bigint | null;
  reward: bigint | null;
  rewardedAt: Date | null;
}

/** Typed SQL of the members' referral reward (invited friends and what their first deposit paid). */
export const referralRepository = {
  /** Invited friends with a credited deposit and no reward row yet, oldest first: what is still due. */
  async due(db: Executor, limit: number): Promise<FirstDeposit[]> {
    const rows = await rowsOf<{ friend_id: DbInt; referrer_id: DbInt; deposit_id: DbInt; amount: DbInt }>(
      db,
      sql`SELECT m.id AS friend_id, m.referred_by_id AS referrer_id, d.id AS deposit_id, d.amount
            FROM member m
            JOIN LATERAL (SELECT id, amount FROM deposit
                           WHERE member_id = m.id AND status = 'credited'
                           ORDER BY decided_at, id LIMIT 1) d ON true
           WHERE m.referred_by_id IS NOT NULL
             AND NOT EXISTS (SELECT 1 FROM referral_reward r WHERE r.friend_id = m.id)
           ORDER BY d.id
           LIMIT ${limit}`,
    );
    return rows.map((row) => ({
      friendId: big(row.friend_id),
      referrerId: big(row.referrer_id),
      depositId: big(row.deposit_id),
      amount: big(row.amount),
    }));
  },

  /** Claims the friend's reward: true for the one caller whose row went in. */
  async claim(db: Executor, row: FirstDeposit & { reward: bigint; at: Date }): Promise<boolean> {
    const inserted = await rowsOf<{ friend_id: DbInt }>(
      db,
      sql`INSERT INTO referral_reward (friend_id, referrer_id, deposit_id, deposit, amount, paid_at)
          VALUES (${row.friendId.toString()}::bigint, ${row.referrerId.toString()}::bigint,
                  ${row.depositId.toString()}::bigint, ${row.amount.toString()}::bigint,
                  ${row.reward.toString()}::bigint, ${row.at.toISOString()}::timestamptz)
          ON CONFLICT (friend_id) DO NOTHING
          RETURNING friend_id`,
    );
    return inserted.length === 1;
  },

  async friends(
    db: Executor,
    referrerId: bigint,
    page: { offset: number; limit: number },
  ): Promise<{ rows: FriendRow[]; total: number; totalReward: bigint }> {
    const id = referrerId.toString();
    const rows = await rowsOf<{
      username: string;
      created_at: Date | string;
      first_deposit: DbInt | null;
      reward: DbInt | null;
      paid_at: Date | string | null;
    }>(
      db,
      sql`SELECT m.username, m.created_at, r.amount AS reward, r.paid_at,
                 coalesce(r.deposit, (SELECT d.amount FROM deposit d
                                       WHERE d.member_id = m.id AND d.status = 'credited'
                                       ORDER BY d.decided_at, d.id LIMIT 1)) AS first_deposit
            FROM member m
            LEFT JOIN referral_reward r ON r.friend_id = m.id
           WHERE m.referred_by_id = ${id}::bigint
           ORDER BY m.created_at DESC, m.id DESC
           OFFSET ${page.offset} LIMIT ${page.limit}`,
    );
    const [totals] = await rowsOf<{ total: DbInt; reward: DbInt | null }>(
      db,
      sql`SELECT (SELECT count(*) FROM member WHERE referred_by_id = ${id}::bigint) AS total,
                 (SELECT sum(amount) FROM referral_reward WHERE referrer_id = ${id}::bigint) AS reward`,
    );
    return {
      rows: rows.map((row) => ({
        username: row.username,
        joinedAt: new Date(row.created_at),
        firstDeposit: row.first_deposit === null ? null : big(row.first_deposit),
        reward: row.reward === null ? null : big(row.reward),
        rewardedAt: row.paid_at === null ? null : new Date(row.paid_at),
      })),
      total: Number(totals?.total ?? 0),
      totalReward: big(totals?.reward),
    };
  },
};
