import { and, asc, count, desc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database.js';
import {
  leaderboard,
  leaderboardPrize,
  leaderboardSettlement,
  mission,
  missionClaim,
  raffle,
  raffleWinner,
} from './missions.schema.js';

export type MissionRow = typeof mission.$inferSelect;
export type MissionClaimRow = typeof missionClaim.$inferSelect;
export type LeaderboardRow = typeof leaderboard.$inferSelect;
export type LeaderboardPrizeRow = typeof leaderboardPrize.$inferSelect;
export type RaffleRow = typeof raffle.$inferSelect;
export type RaffleWinnerRow = typeof raffleWinner.$inferSelect;

/** Typed SQL of missions, leaderboards and raffles; the rules live in the services. */
export const missionsRepository = {
  async insertMission(db: Executor, row: typeof mission.$inferInsert): Promise<MissionRow> {
    const [inserted] = await db.insert(mission).values(row).returning();
    if (!inserted) throw new Error('mission: insert returned no row');
    return inserted;
  },

  activeMissions(db: Executor): Promise<MissionRow[]> {
    return db.select().from(mission).where(eq(mission.active, true)).orderBy(asc(mission.id));
  },

  async allMissions(db: Executor): Promise<(MissionRow & { claims: number })[]> {
    const rows = await db
      .select({
        mission,
        claims: sql<number>`(select count(*)::int from ${missionClaim} where ${missionClaim.missionId} = ${mission.id})`,
      })
      .from(mission)
      .orderBy(desc(mission.id))
      .limit(500);
    return rows.map((row) => ({ ...row.mission, claims: Number(row.claims) }));
  },

  async missionByPublicId(db: Executor, publicId: string): Promise<MissionRow | null> {
    const [row] = await db.select().from(mission).where(eq(mission.publicId, publicId)).limit(1);
    return row ?? null;
  },

  async setMissionActive(db: Executor, publicId: string, active: boolean): Promise<boolean> {
    const rows = await db
      .update(mission)
      .set({ active })
      .where(eq(mission.publicId, publicId))
      .returning({ id: mission.id });
    return rows.length > 0;
  },

  /** The member's claims of these periods (one query for the whole list). */
  claimsOf(db: Executor, memberId: bigint, periods: string[]): Promise<MissionClaimRow[]> {
    if (periods.length === 0) return Promise.resolve([]);
    return db
      .select()
      .from(missionClaim)
      .where(and(eq(missionClaim.memberId, memberId), inArray(missionClaim.period, periods)));
  },

  /** The claim itself: false when (mission, member, period) was claimed already. */
  async insertClaim(db: Executor, row: typeof missionClaim.$inferInsert): Promise<boolean> {
    const rows = await db
      .insert(missionClaim)
      .values(row)
      .onConflictDoNothing()
      .returning({ missionId: missionClaim.missionId });
    return rows.length > 0;
  },

  async setClaimTransfer(
    db: Executor,
    key: { missionId: bigint; memberId: bigint; period: string },
    transferId: bigint,
  ): Promise<void> {
    await db
      .update(missionClaim)
      .set({ transferId })
      .where(
        and(
          eq(missionClaim.missionId, key.missionId),
          eq(missionClaim.memberId, key.memberId),
          eq(missionClaim.period, key.period),
        ),
      );
  },

  recentClaims(
    db: Executor,
    memberId: bigint,
  ): Promise<(MissionClaimRow & { title: MissionRow['title']; publicId: string })[]> {
    return db
      .select({
        missionId: missionClaim.missionId,
        memberId: missionClaim.memberId,
        period: missionClaim.period,
        reward: missionClaim.reward,
        transferId: missionClaim.transferId,
        claimedAt: missionClaim.claimedAt,
        title: mission.title,
        publicId: mission.publicId,
      })
      .from(missionClaim)
      .innerJoin(mission, eq(mission.id, missionClaim.missionId))
      .where(eq(missionClaim.memberId, memberId))
      .orderBy(desc(missionClaim.claimedAt))
      .limit(50);
  },

  // Leaderboards

  async insertLeaderboard(db: Executor, row: typeof leaderboard.$inferInsert): Promise<LeaderboardRow> {
    const [inserted] = await db.insert(leaderboard).values(row).returning();
    if (!inserted) throw new Error('leaderboard: insert returned no row');
    return inserted;
  },

  activeLeaderboards(db: Executor): Promise<LeaderboardRow[]> {
    return db.select().from(leaderboard).where(eq(leaderboard.active, true)).orderBy(asc(leaderboard.id));
  },

  /** Boards to settle: the active ones and those disabled since `since` (their last periods may be due). */
  settlingLeaderboards(db: Executor, since: Date): Promise<LeaderboardRow[]> {
    return db
      .select()
      .from(leaderboard)
      .where(sql`${leaderboard.active} OR ${leaderboard.disabledAt} >= ${since.toISOString()}::timestamptz`)
      .orderBy(asc(leaderboard.id));
  },

  /** Disables an active board once; null when it is unknown or already disabled. */
  async disableLeaderboard(tx: Executor, publicId: string, at: Date): Promise<LeaderboardRow | null> {
    const [row] = await tx
      .update(leaderboard)
      .set({ active: false, disabledAt: at })
      .where(and(eq(leaderboard.publicId, publicId), eq(leaderboard.active, true)))
      .returning();
    return row ?? null;
  },

  async leaderboardByPublicId(db: Executor, publicId: string): Promise<LeaderboardRow | null> {
    const [row] = await db.select().from(leaderboard).where(eq(leaderboard.publicId, publicId));
    return row ?? null;
  },

  /** Cancels an open raffle once (it is then never drawn); null when it is unknown or not open. */
  async cancelRaffle(tx: Executor, publicId: string, at: Date): Promise<RaffleRow | null> {
    const [row] = await tx
      .update(raffle)
      .set({ status: 'cancelled', cancelledAt: at })
      .where(and(eq(raffle.publicId, publicId), eq(raffle.status, 'open')))
      .returning();
    return row ?? null;
  },

  allLeaderboards(db: Executor): Promise<LeaderboardRow[]> {
    return db.select().from(leaderboard).orderBy(desc(leaderboard.id)).limit(200);
  },

  allRaffles(db: Executor): Promise<RaffleRow[]> {
    return db.select().from(raffle).orderBy(desc(raffle.id)).limit(200);
  },

  /** The claim of a board's period: false when another worker settled it first. */
  async claimSettlement(db: Executor, leaderboardId: bigint, periodKey: string, at: Date): Promise<boolean> {
    const rows = await db
      .insert(leaderboardSettlement)
      .values({ leaderboardId, periodKey, settledAt: at })
      .onConflictDoNothing()
      .returning({ id: leaderboardSettlement.leaderboardId });
    return rows.length > 0;
  },

  async insertPrize(db: Executor, row: typeof leaderboardPrize.$inferInsert): Promise<void> {
    await db.insert(leaderboardPrize).values(row);
  },

  latestPrizes(db: Executor, limit: number) {
    return db
      .select({ prize: leaderboardPrize, title: leaderboard.title })
      .from(leaderboardPrize)
      .innerJoin(leaderboard, eq(leaderboard.id, leaderboardPrize.leaderboardId))
      .orderBy(desc(leaderboardPrize.paidAt), asc(leaderboardPrize.rank))
      .limit(limit);
  },

  prizesOf(db: Executor, memberId: bigint) {
    return db
      .select({ prize: leaderboardPrize, title: leaderboard.title, publicId: leaderboard.publicId })
      .from(leaderboardPrize)
      .innerJoin(leaderboard, eq(leaderboard.id, leaderboardPrize.leaderboardId))
      .where(eq(leaderboardPrize.memberId, memberId))
      .orderBy(desc(leaderboardPrize.paidAt))
      .limit(50);
  },

  async settlementCount(db: Executor, leaderboardId: bigint): Promise<number> {
    const [row] = await db
      .select({ n: count() })
      .from(leaderboardSettlement)
      .where(eq(leaderboardSettlement.leaderboardId, leaderboardId));
    return row?.n ?? 0;
  },

  // Raffles

  async insertRaffle(db: Executor, row: typeof raffle.$inferInsert): Promise<RaffleRow> {
    const [inserted] = await db.insert(raffle).values(row).returning();
    if (!inserted) throw new Error('raffle: insert returned no row');
    return inserted;
  },

  async raffleByPublicId(db: Executor, publicId: string): Promise<RaffleRow | null> {
    const [row] = await db.select().from(raffle).where(eq(raffle.publicId, publicId)).limit(1);
    return row ?? null;
  },

  /** Open raffles and those drawn in the last 30 days, newest first. */
  visibleRaffles(db: Executor, since: Date): Promise<RaffleRow[]> {
    return db
      .select()
      .from(raffle)
      .where(sql`${raffle.status} = 'open' OR ${raffle.drawnAt} >= ${since.toISOString()}::timestamptz`)
      .orderBy(desc(raffle.endsAt))
      .limit(20);
  },

  /** Open raffles whose end is at or before `until`: due for their draw. */
  dueRaffles(db: Executor, until: Date): Promise<RaffleRow[]> {
    return db
      .select()
      .from(raffle)
      .where(and(eq(raffle.status, 'open'), lte(raffle.endsAt, until)))
      .orderBy(asc(raffle.id));
  },

  /** The draw's claim: moves the raffle from open to drawn; false when another worker drew it. */
  async markDrawn(
    db: Executor,
    id: bigint,
    set: { drawnAt: Date; entries: [string, number][] },
  ): Promise<boolean> {
    const rows = await db
      .update(raffle)
      .set({ status: 'drawn', drawnAt: set.drawnAt, entries: set.entries })
      .where(and(eq(raffle.id, id), eq(raffle.status, 'open')))
      .returning({ id: raffle.id });
    return rows.length > 0;
  },

  async insertWinners(db: Executor, rows: (typeof raffleWinner.$inferInsert)[]): Promise<void> {
    if (rows.length > 0) await db.insert(raffleWinner).values(rows);
  },

  winnersOf(db: Executor, raffleIds: bigint[]): Promise<RaffleWinnerRow[]> {
    if (raffleIds.length === 0) return Promise.resolve([]);
    return db
      .select()
      .from(raffleWinner)
      .where(inArray(raffleWinner.raffleId, raffleIds))
      .orderBy(asc(raffleWinner.raffleId), asc(raffleWinner.rank));
  },

  /** The winner's claim: false when it was claimed already (or the member did not win). */
  async claimWin(
    db: Executor,
    raffleId: bigint,
    memberId: bigint,
    at: Date,
  ): Promise<RaffleWinnerRow | null> {
    const [row] = await db
      .update(raffleWinner)
      .set({ claimedAt: at })
      .where(
        and(
          eq(raffleWinner.raffleId, raffleId),
          eq(raffleWinner.memberId, memberId),
          isNull(raffleWinner.claimedAt),
        ),
      )
      .returning();
    return row ?? null;
  },

  async setWinTransfer(db: Executor, raffleId: bigint, rank: number, transferId: bigint): Promise<void> {
    await db
      .update(raffleWinner)
      .set({ transferId })
      .where(and(eq(raffleWinner.raffleId, raffleId), eq(raffleWinner.rank, rank)));
  },
};
