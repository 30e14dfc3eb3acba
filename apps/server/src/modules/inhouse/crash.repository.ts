import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database.js';
import { inhouseCrashBet, inhouseCrashChain, inhouseCrashRound, inhouseCrashSeed } from './inhouse.schema.js';

export type CrashChainRow = typeof inhouseCrashChain.$inferSelect;
export type CrashRoundRow = typeof inhouseCrashRound.$inferSelect;
export type CrashBetRow = typeof inhouseCrashBet.$inferSelect;
export type NewCrashBetRow = typeof inhouseCrashBet.$inferInsert;

/** How many seeds one insert carries when a chain is stored. */
const SEED_BATCH = 1_000;

/** Crash's own memory of its chains, rounds and bets (ADR 031); the money is the seamless wallet's. */
export const crashRepository = {
  async addChain(
    db: Executor,
    chain: { commitment: string; salt: string; seeds: string[]; at: Date },
  ): Promise<CrashChainRow> {
    const [row] = await db
      .insert(inhouseCrashChain)
      .values({
        commitment: chain.commitment,
        salt: chain.salt,
        length: chain.seeds.length,
        createdAt: chain.at,
      })
      .returning();
    if (!row) throw new Error('crash: the chain was not stored');
    for (let from = 0; from < chain.seeds.length; from += SEED_BATCH) {
      await db.insert(inhouseCrashSeed).values(
        chain.seeds.slice(from, from + SEED_BATCH).map((seed, index) => ({
          chainId: row.id,
          position: from + index + 1,
          seed,
        })),
      );
    }
    return row;
  },

  async chain(db: Executor, id: bigint): Promise<CrashChainRow | null> {
    const [row] = await db.select().from(inhouseCrashChain).where(eq(inhouseCrashChain.id, id));
    return row ?? null;
  },

  async latestChain(db: Executor): Promise<CrashChainRow | null> {
    const [row] = await db.select().from(inhouseCrashChain).orderBy(desc(inhouseCrashChain.id)).limit(1);
    return row ?? null;
  },

  async seed(db: Executor, chainId: bigint, position: number): Promise<string | null> {
    const [row] = await db
      .select({ seed: inhouseCrashSeed.seed })
      .from(inhouseCrashSeed)
      .where(and(eq(inhouseCrashSeed.chainId, chainId), eq(inhouseCrashSeed.position, position)));
    return row?.seed ?? null;
  },

  async openRound(db: Executor): Promise<CrashRoundRow | null> {
    const [row] = await db.select().from(inhouseCrashRound).where(eq(inhouseCrashRound.status, 'open'));
    return row ?? null;
  },

  async lastRound(db: Executor): Promise<CrashRoundRow | null> {
    const [row] = await db.select().from(inhouseCrashRound).orderBy(desc(inhouseCrashRound.id)).limit(1);
    return row ?? null;
  },

  async roundByPublicId(db: Executor, publicId: string): Promise<CrashRoundRow | null> {
    const [row] = await db.select().from(inhouseCrashRound).where(eq(inhouseCrashRound.publicId, publicId));
    return row ?? null;
  },

  /** A new open round; null when one is open already (another instance was first). */
  async addRound(db: Executor, row: typeof inhouseCrashRound.$inferInsert): Promise<CrashRoundRow | null> {
    const [added] = await db.insert(inhouseCrashRound).values(row).onConflictDoNothing().returning();
    return added ?? null;
  },

  async settleRound(db: Executor, id: bigint, at: Date): Promise<void> {
    await db
      .update(inhouseCrashRound)
      .set({ status: 'settled', settledAt: at })
      .where(and(eq(inhouseCrashRound.id, id), eq(inhouseCrashRound.status, 'open')));
  },

  /** The last settled rounds with their seeds and salts, newest first. */
  async history(
    db: Executor,
    limit: number,
  ): Promise<{ publicId: string; crashPoint: bigint; seed: string; salt: string }[]> {
    return db
      .select({
        publicId: inhouseCrashRound.publicId,
        crashPoint: inhouseCrashRound.crashPoint,
        seed: inhouseCrashSeed.seed,
        salt: inhouseCrashChain.salt,
      })
      .from(inhouseCrashRound)
      .innerJoin(
        inhouseCrashSeed,
        and(
          eq(inhouseCrashSeed.chainId, inhouseCrashRound.chainId),
          eq(inhouseCrashSeed.position, inhouseCrashRound.position),
        ),
      )
      .innerJoin(inhouseCrashChain, eq(inhouseCrashChain.id, inhouseCrashRound.chainId))
      .where(eq(inhouseCrashRound.status, 'settled'))
      .orderBy(desc(inhouseCrashRound.id))
      .limit(limit);
  },

  /** Claims a bet: null when the member has a bet in the round or the request id was used. */
  async claimBet(db: Executor, row: NewCrashBetRow): Promise<CrashBetRow | null> {
    const [claimed] = await db.insert(inhouseCrashBet).values(row).onConflictDoNothing().returning();
    return claimed ?? null;
  },

  async betByRequest(db: Executor, memberId: bigint, requestId: string): Promise<CrashBetRow | null> {
    const [row] = await db
      .select()
      .from(inhouseCrashBet)
      .where(and(eq(inhouseCrashBet.memberId, memberId), eq(inhouseCrashBet.requestId, requestId)));
    return row ?? null;
  },

  async betOf(db: Executor, roundId: bigint, memberId: bigint): Promise<CrashBetRow | null> {
    const [row] = await db
      .select()
      .from(inhouseCrashBet)
      .where(and(eq(inhouseCrashBet.roundId, roundId), eq(inhouseCrashBet.memberId, memberId)));
    return row ?? null;
  },

  async bets(db: Executor, roundId: bigint): Promise<CrashBetRow[]> {
    return db
      .select()
      .from(inhouseCrashBet)
      .where(eq(inhouseCrashBet.roundId, roundId))
      .orderBy(asc(inhouseCrashBet.id));
  },

  async forgetBet(db: Executor, id: bigint): Promise<void> {
    await db
      .delete(inhouseCrashBet)
      .where(and(eq(inhouseCrashBet.id, id), eq(inhouseCrashBet.status, 'pending')));
  },

  async markPlaced(db: Executor, id: bigint): Promise<void> {
    await db
      .update(inhouseCrashBet)
      .set({ status: 'placed' })
      .where(and(eq(inhouseCrashBet.id, id), eq(inhouseCrashBet.status, 'pending')));
  },

  /** A cash-out by hand: true when this call set it (a bet is cashed out once). */
  async cashOut(db: Executor, id: bigint, multiplier: bigint, win: bigint): Promise<boolean> {
    const rows = await db
      .update(inhouseCrashBet)
      .set({ cashedOutAt: multiplier, win })
      .where(
        and(
          eq(inhouseCrashBet.id, id),
          inArray(inhouseCrashBet.status, ['placed']),
          isNull(inhouseCrashBet.cashedOutAt),
        ),
      )
      .returning({ id: inhouseCrashBet.id });
    return rows.length > 0;
  },

  async closeBet(
    db: Executor,
    id: bigint,
    close: { status: 'won' | 'lost' | 'refunded'; win: bigint; cashedOutAt: bigint | null; at: Date },
  ): Promise<void> {
    await db
      .update(inhouseCrashBet)
      .set({
        status: close.status,
        win: close.win,
        cashedOutAt: close.cashedOutAt,
        settledAt: close.at,
      })
      .where(and(eq(inhouseCrashBet.id, id), inArray(inhouseCrashBet.status, ['pending', 'placed'])));
  },

  /** Bets still in the round with an automatic cash-out in (after, upTo]: cashed out by the rise just now. */
  async autoCashOutsBetween(
    db: Executor,
    roundId: bigint,
    after: bigint,
    upTo: bigint,
  ): Promise<CrashBetRow[]> {
    return db
      .select()
      .from(inhouseCrashBet)
      .where(
        and(
          eq(inhouseCrashBet.roundId, roundId),
          eq(inhouseCrashBet.status, 'placed'),
          isNull(inhouseCrashBet.cashedOutAt),
          sql`${inhouseCrashBet.autoCashOut} > ${after} AND ${inhouseCrashBet.autoCashOut} <= ${upTo}`,
        ),
      );
  },
};
