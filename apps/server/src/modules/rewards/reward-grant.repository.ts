import { and, desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/database.js';
import { rewardGrant } from './rewards.schema.js';

export type RewardGrantRow = typeof rewardGrant.$inferSelect;
export type NewRewardGrant = typeof rewardGrant.$inferInsert;

export const rewardGrantRepository = {
  /** Records a grant; false when the member already has one of this kind and period (the unique key). */
  async insert(tx: Executor, row: NewRewardGrant): Promise<boolean> {
    const rows = await tx
      .insert(rewardGrant)
      .values(row)
      .onConflictDoNothing({ target: [rewardGrant.memberId, rewardGrant.kind, rewardGrant.period] })
      .returning({ id: rewardGrant.id });
    return rows.length > 0;
  },

  async find(db: Executor, memberId: bigint, kind: string, period: string): Promise<RewardGrantRow | null> {
    const [row] = await db
      .select()
      .from(rewardGrant)
      .where(
        and(eq(rewardGrant.memberId, memberId), eq(rewardGrant.kind, kind), eq(rewardGrant.period, period)),
      )
      .limit(1);
    return row ?? null;
  },

  async ofMember(db: Executor, memberId: bigint): Promise<RewardGrantRow[]> {
    return db
      .select()
      .from(rewardGrant)
      .where(eq(rewardGrant.memberId, memberId))
      .orderBy(desc(rewardGrant.id))
      .limit(200);
  },
};
