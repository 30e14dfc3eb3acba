import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { instant } from '../../db/columns.js';
import { member } from '../auth/auth.schema.js';

/**
 * The inhouse module's tables (its repositories write them; others read them through db/schema.ts).
 */

/**
 * One round of the in-house slot (modules/inhouse, ADR 026): the stops of its paid spin and of every free
 * spin it played (with the variant, all it takes to replay it), claimed under the member's request id
 * before any money moves, so a retried spin answers the same round instead of spinning again. Its money is
 * the seamless wallet's (provider_round `slot-<public id>`); this row is the game's own memory.
 */
export const inhouseSlotRound = pgTable(
  'inhouse_slot_round',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    publicId: text('public_id').notNull(),
    memberId: bigint('member_id', { mode: 'bigint' })
      .notNull()
      .references(() => member.id),
    requestId: text('request_id').notNull(),
    /** the RTP variant in play (its reel strips) */
    variant: text('variant').notNull(),
    /** minor units */
    bet: bigint('bet', { mode: 'bigint' }).notNull(),
    win: bigint('win', { mode: 'bigint' }).notNull(),
    /** per spin (the paid one first, then each free spin), the stop of each reel */
    stops: jsonb('stops').$type<number[][]>().notNull(),
    freeSpins: integer('free_spins').notNull(),
    /** open (money on its way), settled, or cancelled (the wallet refunded the bet) */
    status: text('status').notNull(),
    createdAt: instant('created_at').notNull(),
    settledAt: instant('settled_at'),
  },
  (table) => [
    uniqueIndex('inhouse_slot_round_public_id_key').on(table.publicId),
    uniqueIndex('inhouse_slot_round_member_request_key').on(table.memberId, table.requestId),
    index('inhouse_slot_round_member_idx').on(table.memberId, table.createdAt),
    check('inhouse_slot_round_bet_positive', sql`${table.bet} > 0`),
    check('inhouse_slot_round_win_not_negative', sql`${table.win} >= 0`),
    check('inhouse_slot_round_status', sql`${table.status} IN ('open', 'settled', 'cancelled')`),
  ],
);

/**
 * Provably fair dice (ADR 030): a member's seed pairs. One is active at a time: its server seed is secret
 * (the member sees its SHA-256), its nonce counts the bets made with it. Rotating reveals it and starts a
 * new pair; a revealed seed is public (anyone may verify the rounds it rolled).
 */
export const inhouseDiceSeed = pgTable(
  'inhouse_dice_seed',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    memberId: bigint('member_id', { mode: 'bigint' })
      .notNull()
      .references(() => member.id),
    /** 64 hex digits from node:crypto, used as text (the HMAC's key) */
    serverSeed: text('server_seed').notNull(),
    serverSeedHash: text('server_seed_hash').notNull(),
    clientSeed: text('client_seed').notNull(),
    /** the next bet's nonce: the bets made with this pair so far */
    nonce: integer('nonce').notNull(),
    /** active (secret) or revealed */
    status: text('status').notNull(),
    createdAt: instant('created_at').notNull(),
    revealedAt: instant('revealed_at'),
  },
  (table) => [
    uniqueIndex('inhouse_dice_seed_active_key')
      .on(table.memberId)
      .where(sql`${table.status} = 'active'`),
    uniqueIndex('inhouse_dice_seed_hash_key').on(table.serverSeedHash),
    check('inhouse_dice_seed_status', sql`${table.status} IN ('active', 'revealed')`),
    check('inhouse_dice_seed_nonce', sql`${table.nonce} >= 0`),
  ],
);

/** A dice bet: claimed under the member's request id with its seed pair and nonce, then settled. */
export const inhouseDiceRound = pgTable(
  'inhouse_dice_round',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    publicId: text('public_id').notNull(),
    memberId: bigint('member_id', { mode: 'bigint' })
      .notNull()
      .references(() => member.id),
    requestId: text('request_id').notNull(),
    seedId: bigint('seed_id', { mode: 'bigint' })
      .notNull()
      .references(() => inhouseDiceSeed.id),
    nonce: integer('nonce').notNull(),
    /** hundredths: 0 (0.00) to 10000 (100.00) */
    target: integer('target').notNull(),
    direction: text('direction').notNull(),
    roll: integer('roll').notNull(),
    /** the house edge in hundredths of a percent at the time of the bet */
    edge: integer('edge').notNull(),
    /** the payout multiplier in ten-thousandths */
    payout: bigint('payout', { mode: 'bigint' }).notNull(),
    /** minor units */
    bet: bigint('bet', { mode: 'bigint' }).notNull(),
    win: bigint('win', { mode: 'bigint' }).notNull(),
    /** open (money on its way), settled, or cancelled (the wallet refunded the bet) */
    status: text('status').notNull(),
    createdAt: instant('created_at').notNull(),
    settledAt: instant('settled_at'),
  },
  (table) => [
    uniqueIndex('inhouse_dice_round_public_id_key').on(table.publicId),
    uniqueIndex('inhouse_dice_round_member_request_key').on(table.memberId, table.requestId),
    uniqueIndex('inhouse_dice_round_seed_nonce_key').on(table.seedId, table.nonce),
    index('inhouse_dice_round_member_idx').on(table.memberId, table.createdAt),
    check('inhouse_dice_round_bet_positive', sql`${table.bet} > 0`),
    check('inhouse_dice_round_win_not_negative', sql`${table.win} >= 0`),
    check('inhouse_dice_round_direction', sql`${table.direction} IN ('over', 'under')`),
    check('inhouse_dice_round_status', sql`${table.status} IN ('open', 'settled', 'cancelled')`),
  ],
);

/**
 * Crash's hash chains (ADR 031): each made in advance from a secret origin, its commitment (the SHA-256 of
 * the first round's seed) and salt published before the chain's first round.
 */
export const inhouseCrashChain = pgTable(
  'inhouse_crash_chain',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    /** SHA-256 of seed 1: published before the first round */
    commitment: text('commitment').notNull(),
    salt: text('salt').notNull(),
    length: integer('length').notNull(),
    createdAt: instant('created_at').notNull(),
  },
  (table) => [uniqueIndex('inhouse_crash_chain_commitment_key').on(table.commitment)],
);

/** A chain's seeds in playing order (position 1 first); a seed is shown once its round crashed. */
export const inhouseCrashSeed = pgTable(
  'inhouse_crash_seed',
  {
    chainId: bigint('chain_id', { mode: 'bigint' })
      .notNull()
      .references(() => inhouseCrashChain.id),
    position: integer('position').notNull(),
    /** 64 hex digits */
    seed: text('seed').notNull(),
  },
  (table) => [primaryKey({ columns: [table.chainId, table.position] })],
);

/**
 * A crash round: betting until betting_ends_at, then the multiplier rises from 1.00× and the round crashes
 * at crashes_at (when the rise reaches the crash point). One round is open at a time.
 */
export const inhouseCrashRound = pgTable(
  'inhouse_crash_round',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    publicId: text('public_id').notNull(),
    chainId: bigint('chain_id', { mode: 'bigint' })
      .notNull()
      .references(() => inhouseCrashChain.id),
    position: integer('position').notNull(),
    /** hundredths: 267 = 2.67× */
    crashPoint: bigint('crash_point', { mode: 'bigint' }).notNull(),
    /** hundredths: the highest multiplier paid (the operator's setting when the round opened) */
    paysUpTo: bigint('pays_up_to', { mode: 'bigint' }).notNull(),
    bettingEndsAt: instant('betting_ends_at').notNull(),
    crashesAt: instant('crashes_at').notNull(),
    /** open (betting or rising) or settled (every bet paid, lost or refunded) */
    status: text('status').notNull(),
    createdAt: instant('created_at').notNull(),
    settledAt: instant('settled_at'),
  },
  (table) => [
    uniqueIndex('inhouse_crash_round_public_id_key').on(table.publicId),
    uniqueIndex('inhouse_crash_round_chain_position_key').on(table.chainId, table.position),
    uniqueIndex('inhouse_crash_round_open_key')
      .on(table.status)
      .where(sql`${table.status} = 'open'`),
    index('inhouse_crash_round_created_idx').on(table.createdAt),
    check('inhouse_crash_round_status', sql`${table.status} IN ('open', 'settled')`),
    check('inhouse_crash_round_point', sql`${table.crashPoint} >= 100`),
  ],
);

/** A player's bet in a crash round: one per player and round. */
export const inhouseCrashBet = pgTable(
  'inhouse_crash_bet',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    publicId: text('public_id').notNull(),
    roundId: bigint('round_id', { mode: 'bigint' })
      .notNull()
      .references(() => inhouseCrashRound.id),
    memberId: bigint('member_id', { mode: 'bigint' })
      .notNull()
      .references(() => member.id),
    /** the member's public id and name as the round's list shows them */
    playerId: text('player_id').notNull(),
    playerName: text('player_name').notNull(),
    requestId: text('request_id').notNull(),
    /** minor units */
    stake: bigint('stake', { mode: 'bigint' }).notNull(),
    /** hundredths; null: cash out by hand */
    autoCashOut: bigint('auto_cash_out', { mode: 'bigint' }),
    /** hundredths: the multiplier a cash-out by hand got, decided by the server's clock */
    cashedOutAt: bigint('cashed_out_at', { mode: 'bigint' }),
    /** minor units paid; null until known */
    win: bigint('win', { mode: 'bigint' }),
    /** pending (the wallet's bet on its way), placed, won, lost, refunded */
    status: text('status').notNull(),
    createdAt: instant('created_at').notNull(),
    settledAt: instant('settled_at'),
  },
  (table) => [
    uniqueIndex('inhouse_crash_bet_public_id_key').on(table.publicId),
    uniqueIndex('inhouse_crash_bet_round_member_key').on(table.roundId, table.memberId),
    uniqueIndex('inhouse_crash_bet_member_request_key').on(table.memberId, table.requestId),
    check('inhouse_crash_bet_stake_positive', sql`${table.stake} > 0`),
    check(
      'inhouse_crash_bet_status',
      sql`${table.status} IN ('pending', 'placed', 'won', 'lost', 'refunded')`,
    ),
  ],
);
