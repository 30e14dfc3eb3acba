import { and, asc, count, eq, lt, sql } from 'drizzle-orm';
import type { RoundDetail } from '@platform/contract';
import { namedQuery, type Database, type Executor } from '../../db/database.js';
import { memberSession } from '../../db/schema.js';
import {
  providerLaunchToken,
  providerRound,
  providerTransaction,
  providerVendor,
} from './provider.schema.js';

export type ProviderVendorRow = typeof providerVendor.$inferSelect;
export type NewProviderVendorRow = typeof providerVendor.$inferInsert;
export type LaunchTokenRow = typeof providerLaunchToken.$inferSelect;
/** A launch token with the end of the site session it was made in (null: no session, or gone). */
export type LaunchTokenWithSession = LaunchTokenRow & {
  sessionRevokedAt: Date | null;
  sessionExpiresAt: Date | null;
};
export type RoundRow = typeof providerRound.$inferSelect;
export type ProviderTransactionRow = typeof providerTransaction.$inferSelect;
export type NewProviderTransactionRow = typeof providerTransaction.$inferInsert;

/** One money call as provider_money_call (migration 0019) reads it. Amounts in minor units. */
export interface MoneyCallRow {
  vendor: string;
  allowDemo: boolean;
  kind: 'bet' | 'win' | 'rollback';
  transactionUuid: string;
  playerId: string;
  round: string;
  /** win and rollback: the bet; a bet may carry one too */
  referenceUuid: string | null;
  gameCode: string;
  /** null: a rollback that names no amount */
  amount: bigint | null;
  isFree: boolean;
  /** wins: normal, bonus, jackpot, promo */
  winKind: string | null;
  requestUuid: string;
  roundClosed: boolean;
  detail: RoundDetail | null;
  at: Date;
  /**
   * A bet's game session (ADR 091): the SHA-256 of the token it carries, and when the session ends if this
   * bet goes through. null: not checked (wins and rollbacks, and our own games' bets made in process).
   */
  gameSession: { tokenHash: string; until: Date } | null;
}

/** What provider_money_call answered: moved (or a repeat, moved = null), or refused with the API's code. */
export type MoneyCallOutcome =
  | { status: 'ok'; balance: bigint; demo: boolean; moved: bigint | null }
  | { status: 'refused'; code: string; message: string; balance: bigint | null };

/** provider_refuse's message: 'RS_ERROR_<CODE>|<balance>|<text>'. */
const REFUSAL = /^(RS_ERROR_[A-Z_]+)\|(-?\d*)\|(.*)$/s;

/** A refusal raised by provider_money_call, found in the driver's error (drizzle wraps it in `cause`). */
function refusalOf(error: unknown): Extract<MoneyCallOutcome, { status: 'refused' }> | null {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth += 1) {
    const candidate = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (candidate.code === 'P0001' && typeof candidate.message === 'string') {
      const match = REFUSAL.exec(candidate.message);
      if (match) {
        return {
          status: 'refused',
          code: match[1] as string,
          balance: match[2] ? BigInt(match[2]) : null,
          message: match[3] as string,
        };
      }
    }
    current = candidate.cause;
  }
  return null;
}

export const providerRepository = {
  /**
   * A bet, win or rollback in one statement (provider_money_call, migration 0019): the claim of its
   * transaction id, the round, the ledger transfer and the round's totals, all or nothing. Run it outside a
   * transaction: a refusal aborts the statement, which undoes the claim with the rest.
   */
  async moneyCall(db: Database, call: MoneyCallRow): Promise<MoneyCallOutcome> {
    const parameters = JSON.stringify({
      vendor: call.vendor,
      allow_demo: call.allowDemo,
      kind: call.kind,
      transaction_uuid: call.transactionUuid,
      player_id: call.playerId,
      round: call.round,
      reference_uuid: call.referenceUuid,
      game_code: call.gameCode,
      amount: call.amount === null ? null : call.amount.toString(),
      is_free: call.isFree,
      win_kind: call.winKind,
      request_uuid: call.requestUuid,
      round_closed: call.roundClosed,
      detail: call.detail,
      at: call.at.toISOString(),
      check_game_session: call.gameSession !== null,
      game_session_token_hash: call.gameSession?.tokenHash ?? null,
      game_session_until: call.gameSession?.until.toISOString() ?? null,
    });
    let answer: { balance: string; demo: boolean; moved: string | null } | undefined;
    try {
      const rows = await namedQuery<{ result: typeof answer }>(
        db,
        {
          name: 'provider_money_call',
          text: 'select provider_money_call($1::jsonb) as result',
          values: [parameters],
        },
        () => {
          throw new Error('provider: a money call runs on its own, never inside a transaction');
        },
      );
      answer = rows[0]?.result;
    } catch (error) {
      const refusal = refusalOf(error);
      if (refusal) return refusal;
      throw error;
    }
    if (!answer) throw new Error('provider: provider_money_call answered nothing');
    return {
      status: 'ok',
      balance: BigInt(answer.balance),
      demo: answer.demo,
      moved: answer.moved === null ? null : BigInt(answer.moved),
    };
  },

  async vendor(db: Executor, vendorCode: string): Promise<ProviderVendorRow | null> {
    const [row] = await db.select().from(providerVendor).where(eq(providerVendor.vendorCode, vendorCode));
    return row ?? null;
  },
  async vendors(db: Executor): Promise<ProviderVendorRow[]> {
    return db.select().from(providerVendor).orderBy(asc(providerVendor.vendorCode));
  },
  /** false when the vendor has its terms already */
  async insertVendor(db: Executor, row: NewProviderVendorRow): Promise<boolean> {
    const inserted = await db
      .insert(providerVendor)
      .values(row)
      .onConflictDoNothing({ target: providerVendor.vendorCode })
      .returning({ vendorCode: providerVendor.vendorCode });
    return inserted.length > 0;
  },

  /** null when the vendor has no wallet terms */
  async updateVendor(
    db: Executor,
    vendorCode: string,
    change: Partial<Omit<NewProviderVendorRow, 'vendorCode' | 'createdAt'>>,
  ): Promise<ProviderVendorRow | null> {
    const [row] = await db
      .update(providerVendor)
      .set(change)
      .where(eq(providerVendor.vendorCode, vendorCode))
      .returning();
    return row ?? null;
  },

  async insertLaunchToken(db: Executor, row: typeof providerLaunchToken.$inferInsert): Promise<void> {
    await db.insert(providerLaunchToken).values(row);
  },
  /**
   * The token's row, locked, so two authenticate calls with one token are answered one after the other,
   * with the site session it was made in.
   */
  async lockLaunchToken(db: Executor, tokenHash: string): Promise<LaunchTokenWithSession | null> {
    const [row] = await db
      .select({
        token: providerLaunchToken,
        sessionRevokedAt: memberSession.revokedAt,
        sessionExpiresAt: memberSession.expiresAt,
      })
      .from(providerLaunchToken)
      .leftJoin(memberSession, eq(memberSession.id, providerLaunchToken.sessionId))
      .where(eq(providerLaunchToken.tokenHash, tokenHash))
      .for('update', { of: providerLaunchToken });
    return row
      ? { ...row.token, sessionRevokedAt: row.sessionRevokedAt, sessionExpiresAt: row.sessionExpiresAt }
      : null;
  },
  /** Authenticate took the token: from now on it is the game session's, live until `until`. */
  async useLaunchToken(
    db: Executor,
    tokenHash: string,
    at: Date,
    requestUuid: string,
    until: Date,
  ): Promise<void> {
    await db
      .update(providerLaunchToken)
      .set({ usedAt: at, usedByRequest: requestUuid, expiresAt: until })
      .where(eq(providerLaunchToken.tokenHash, tokenHash));
  },

  /** Removes launch tokens that expired before `before`; answers how many. */
  async deleteExpiredLaunchTokens(db: Executor, before: Date): Promise<number> {
    const removed = await db
      .delete(providerLaunchToken)
      .where(lt(providerLaunchToken.expiresAt, before))
      .returning({ tokenHash: providerLaunchToken.tokenHash });
    return removed.length;
  },

  async lockTransaction(
    db: Executor,
    vendorCode: string,
    transactionUuid: string,
  ): Promise<ProviderTransactionRow | null> {
    const [row] = await db
      .select()
      .from(providerTransaction)
      .where(
        and(
          eq(providerTransaction.vendorCode, vendorCode),
          eq(providerTransaction.transactionUuid, transactionUuid),
        ),
      )
      .for('update');
    return row ?? null;
  },
  async setTransactionStatus(db: Executor, id: bigint, status: string): Promise<void> {
    await db.update(providerTransaction).set({ status }).where(eq(providerTransaction.id, id));
  },
  /** The round's bets that still hold money (not rolled back, not free), locked. */
  async liveBetsOfRound(
    db: Executor,
    vendorCode: string,
    roundId: string,
  ): Promise<ProviderTransactionRow[]> {
    return db
      .select()
      .from(providerTransaction)
      .where(
        and(
          eq(providerTransaction.vendorCode, vendorCode),
          eq(providerTransaction.roundId, roundId),
          eq(providerTransaction.kind, 'bet'),
          eq(providerTransaction.status, 'ok'),
        ),
      )
      .orderBy(asc(providerTransaction.id))
      .for('update');
  },

  async lockRound(db: Executor, vendorCode: string, roundId: string): Promise<RoundRow | null> {
    const [row] = await db
      .select()
      .from(providerRound)
      .where(and(eq(providerRound.vendorCode, vendorCode), eq(providerRound.roundId, roundId)))
      .for('update');
    return row ?? null;
  },
  async updateRound(
    db: Executor,
    id: bigint,
    change: {
      addBet?: bigint;
      addWin?: bigint;
      addRefund?: bigint;
      at: Date;
      close?: { status: 'settled' | 'cancelled'; by: string };
      /** replaces the round's detail when given */
      detail?: RoundDetail | undefined;
    },
  ): Promise<void> {
    await db
      .update(providerRound)
      .set({
        betTotal: sql`${providerRound.betTotal} + ${change.addBet ?? 0n}`,
        winTotal: sql`${providerRound.winTotal} + ${change.addWin ?? 0n}`,
        refundTotal: sql`${providerRound.refundTotal} + ${change.addRefund ?? 0n}`,
        lastActivityAt: change.at,
        ...(change.detail ? { detail: change.detail } : {}),
        ...(change.close
          ? { status: change.close.status, closedAt: change.at, closedBy: change.close.by }
          : {}),
      })
      .where(eq(providerRound.id, id));
  },
  /** Open rounds of a vendor whose last call is older than `before`, oldest first. */
  async staleOpenRounds(db: Executor, vendorCode: string, before: Date, limit: number): Promise<RoundRow[]> {
    return db
      .select()
      .from(providerRound)
      .where(
        and(
          eq(providerRound.vendorCode, vendorCode),
          eq(providerRound.status, 'open'),
          lt(providerRound.lastActivityAt, before),
        ),
      )
      .orderBy(asc(providerRound.lastActivityAt))
      .limit(limit);
  },
  /** Rounds not yet settled or cancelled, per vendor (provider_round_open_idx). */
  async openRoundCounts(db: Executor): Promise<{ vendor: string; open: number }[]> {
    return db
      .select({ vendor: providerRound.vendorCode, open: count() })
      .from(providerRound)
      .where(eq(providerRound.status, 'open'))
      .groupBy(providerRound.vendorCode);
  },

  async openRounds(db: Executor, limit: number): Promise<RoundRow[]> {
    return db
      .select()
      .from(providerRound)
      .where(eq(providerRound.status, 'open'))
      .orderBy(asc(providerRound.lastActivityAt))
      .limit(limit);
  },
};
