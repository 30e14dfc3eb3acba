import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { RoundDetail } from '@platform/contract';
import { instant } from '../../db/columns.js';
import { member, memberSession } from '../auth/auth.schema.js';

/**
 * The provider module's tables (its repositories write them; others read them through db/schema.ts).
 */

// ---------------------------------------------------------------------------------------------
// Seamless-wallet provider API (what game vendors call us)

/**
 * The wallet-API terms of a game vendor whose identity lives in game_vendor (vendor_code = its
 * vassalage). The signing secret is kept as given: verifying an HMAC needs the secret itself.
 */
export const providerVendor = pgTable('provider_vendor', {
  vendorCode: text('vendor_code').primaryKey(),
  walletModel: text('wallet_model').notNull().default('seamless'),
  currency: text('currency').notNull(),
  signingSecret: text('signing_secret').notNull(),
  /** trial accounts may play this vendor's games with their demo money */
  allowDemo: boolean('allow_demo').notNull().default(false),
  /** a round still open this long after its last call is closed by the round-timeout job */
  roundTimeoutSeconds: integer('round_timeout_seconds').notNull().default(3600),
  /** what that job does: 'lost' (settled, the bets stay) or 'refund' (the bets are rolled back) */
  roundTimeoutRule: text('round_timeout_rule').notNull().default('lost'),
  /**
   * Where a player's browser opens the vendor's game: a URL template with {token} (the launch token),
   * and optionally {game}, {language}, {currency}, {mode} (real or demo) and {lobby} (our page to go back
   * to). null: the vendor's games cannot be launched yet.
   */
  launchUrl: text('launch_url'),
  active: boolean('active').notNull().default(true),
  createdAt: instant('created_at').notNull().defaultNow(),
  /**
   * wallet_model 'transfer' (ADR 021): where the vendor's own wallet API answers (deposit, withdraw,
   * balance, status); null for a seamless vendor
   */
  transferApiUrl: text('transfer_api_url'),
  /** transfer vendors: the member's main balance moves in when one of its games opens */
  autoTransferIn: boolean('auto_transfer_in').notNull().default(false),
  /**
   * The vendor's RSA public key (PEM, SPKI). When set, every call must also carry an RSA-SHA256 signature
   * of `<timestamp>.<raw body>` made with the vendor's private key, besides the HMAC.
   */
  publicKey: text('public_key'),
  /**
   * PVP vendors: where the vendor lists its rooms and seats (GET, JSON; ADR 024). null: the vendor has no
   * rooms to list.
   */
  roomsUrl: text('rooms_url'),
  /**
   * Where the site opens the vendor's games: 'frame' (the /game page's iframe) or 'window' (a window of
   * their own, for a vendor whose pages refuse to be framed).
   */
  launchMode: text('launch_mode').notNull().default('frame'),
});

/** A launch token, kept only as its SHA-256; one authenticate call consumes it. */
export const providerLaunchToken = pgTable(
  'provider_launch_token',
  {
    tokenHash: text('token_hash').primaryKey(),
    memberId: bigint('member_id', { mode: 'bigint' })
      .notNull()
      .references(() => member.id),
    vendorCode: text('vendor_code').notNull(),
    gameCode: text('game_code').notNull(),
    /**
     * Until authenticate: the end of the 10 minutes it may come in. After: the end of the game session,
     * moved on by its bets (GAME_SESSION_IDLE_SECONDS; ADR 091).
     */
    expiresAt: instant('expires_at').notNull(),
    usedAt: instant('used_at'),
    /** the authenticate call that used it: the same request repeated gets the same answer */
    usedByRequest: text('used_by_request'),
    createdAt: instant('created_at').notNull().defaultNow(),
    /** the site session the game was opened from: its end ends the game session */
    sessionId: bigint('session_id', { mode: 'bigint' }).references(() => memberSession.id, {
      onDelete: 'cascade',
    }),
  },
  (table) => [index('provider_launch_token_expires_idx').on(table.expiresAt)],
);

/** One game round of a vendor: open until the vendor closes it or the round-timeout job does. */
export const providerRound = pgTable(
  'provider_round',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    vendorCode: text('vendor_code').notNull(),
    roundId: text('round_id').notNull(),
    memberId: bigint('member_id', { mode: 'bigint' })
      .notNull()
      .references(() => member.id),
    gameCode: text('game_code').notNull(),
    /** the ledger currency of its money: REAL, or DEMO for a trial account */
    ledgerCurrency: text('ledger_currency').notNull(),
    /** open, settled or cancelled */
    status: text('status').notNull().default('open'),
    betTotal: bigint('bet_total', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    winTotal: bigint('win_total', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    refundTotal: bigint('refund_total', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    openedAt: instant('opened_at').notNull(),
    lastActivityAt: instant('last_activity_at').notNull(),
    closedAt: instant('closed_at'),
    /** vendor, timeout-lost or timeout-refund */
    closedBy: text('closed_by'),
    /** what happened, as the vendor last told it (the contract's roundDetailSchema) */
    detail: jsonb('detail').$type<RoundDetail>(),
  },
  (table) => [
    uniqueIndex('provider_round_vendor_round_key').on(table.vendorCode, table.roundId),
    // The big-win ticker: the latest settled rounds that paid, newest first.
    index('provider_round_paid_idx')
      .on(table.closedAt)
      .where(sql`${table.status} = 'settled' AND ${table.winTotal} > 0`),
    index('provider_round_open_idx')
      .on(table.vendorCode, table.lastActivityAt)
      .where(sql`${table.status} = 'open'`),
    index('provider_round_member_idx').on(table.memberId, table.openedAt),
    // The agents' turnover feed reads settled rounds in closing order from where it stopped (ADR 046).
    index('provider_round_closed_idx')
      .on(table.closedAt, table.id)
      .where(sql`${table.status} = 'settled'`),
  ],
);

/**
 * Every bet, win and rollback a vendor sent, unique on (vendor, transaction_uuid): the row is written
 * first in the call's transaction, so a concurrent copy waits on the index and then reads the result.
 * A rollback that arrives before its bet writes a 'bet' row with status 'tombstone' under the bet's id.
 * Kept at least four months (the aggregators' rule); created_at is indexed for the purge.
 */
export const providerTransaction = pgTable(
  'provider_transaction',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    vendorCode: text('vendor_code').notNull(),
    transactionUuid: text('transaction_uuid').notNull(),
    /** bet, win or rollback */
    kind: text('kind').notNull(),
    /** ok; a bet may become rolled_back; tombstone: a bet refused in advance by an early rollback */
    status: text('status').notNull(),
    memberId: bigint('member_id', { mode: 'bigint' })
      .notNull()
      .references(() => member.id),
    roundId: text('round_id').notNull(),
    referenceUuid: text('reference_uuid'),
    gameCode: text('game_code').notNull(),
    /** minor units; a tombstone has none */
    amount: bigint('amount', { mode: 'bigint' }),
    isFree: boolean('is_free').notNull().default(false),
    /** wins: normal, bonus, jackpot or promo */
    winKind: text('win_kind'),
    requestUuid: text('request_uuid').notNull(),
    ledgerTransferId: bigint('ledger_transfer_id', { mode: 'bigint' }),
    createdAt: instant('created_at').notNull(),
  },
  (table) => [
    uniqueIndex('provider_transaction_vendor_uuid_key').on(table.vendorCode, table.transactionUuid),
    index('provider_transaction_reference_idx')
      .on(table.vendorCode, table.referenceUuid)
      .where(sql`${table.referenceUuid} IS NOT NULL`),
    index('provider_transaction_round_idx').on(table.vendorCode, table.roundId),
    index('provider_transaction_created_idx').on(table.createdAt),
  ],
);
