import { transactionTypes } from '@platform/contract';
import type { Database, Executor } from '../../db/database.js';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { sha256 } from '../../lib/tokens.js';
import type { SQL } from 'drizzle-orm';
import { ledgerRepository, type CreditBatchOutcome } from './ledger.repository.js';

export type TransactionType = (typeof transactionTypes)[number];
export type LedgerCurrency = 'REAL' | 'DEMO';

/**
 * Every ledger account is named by a code; its kind, currency and whether it keeps a balance column
 * follow from the code, so an account is created the first time a transfer names it.
 * Member accounts keep a balance (never below zero). System accounts (house, channel, paid-out) do not:
 * they would be a hot row every transfer waits on; their balance is the sum of their entries.
 */
export const accountCodes = {
  /** REAL, tracks balance */
  memberMain: (memberId: bigint) => `member:${memberId}:main`,
  /** REAL, tracks balance */
  memberBonus: (memberId: bigint) => `member:${memberId}:bonus`,
  /** REAL, tracks balance: withdrawals waiting for review */
  memberHeld: (memberId: bigint) => `member:${memberId}:held`,
  /** DEMO, tracks balance: trial accounts only */
  memberDemo: (memberId: bigint) => `member:${memberId}:demo`,
  house: 'house',
  houseDemo: 'house:demo',
  paidOut: 'cashier:paid-out',
  /** money that came in through a payment channel */
  channel: (channelId: string) => `channel:${channelId}`,
  /** what a seamless-wallet game vendor took in bets and paid out in wins (provider module) */
  vendor: (vendorCode: string) => `vendor:${vendorCode}`,
  /** the same for trial accounts' demo money */
  vendorDemo: (vendorCode: string) => `vendor:${vendorCode}:demo`,
  /** what members hold at a transfer-model vendor, as far as our books know (transfer module, ADR 021) */
  transferVendor: (vendorCode: string) => `transfer:${vendorCode}`,
  /** money sent to a transfer-model vendor that it has not confirmed yet */
  transferInTransit: (vendorCode: string) => `transfer:${vendorCode}:in-transit`,
  /** what the house paid agents by their contracts: dividends and wages (agent module) */
  agentCommission: 'house:agent-commission',
  /** the stake of lottery follow chains' periods not placed yet: the members' money until placed or refunded */
  lotteryFollowHeld: 'lottery:follow-held',
} as const;

export interface AccountSpec {
  code: string;
  kind: string;
  currency: LedgerCurrency;
  memberId: bigint | null;
  tracksBalance: boolean;
}

const memberAccountKinds = {
  main: { kind: 'player_main', currency: 'REAL' },
  bonus: { kind: 'player_bonus', currency: 'REAL' },
  held: { kind: 'withdrawal_held', currency: 'REAL' },
  demo: { kind: 'player_demo', currency: 'DEMO' },
} as const satisfies Record<string, { kind: string; currency: LedgerCurrency }>;

/** What an account code means; a code no rule knows is a programming error. */
export function accountSpecOf(code: string): AccountSpec {
  const memberMatch = /^member:([1-9]\d{0,18}):(main|bonus|held|demo)$/.exec(code);
  if (memberMatch) {
    const which = memberMatch[2] as keyof typeof memberAccountKinds;
    const { kind, currency } = memberAccountKinds[which];
    return { code, kind, currency, memberId: BigInt(memberMatch[1] as string), tracksBalance: true };
  }
  if (code === accountCodes.house) return system(code, 'house', 'REAL');
  if (code === accountCodes.houseDemo) return system(code, 'house_demo', 'DEMO');
  if (code === accountCodes.paidOut) return system(code, 'cashier_paid_out', 'REAL');
  if (code === accountCodes.agentCommission) return system(code, 'agent_commission', 'REAL');
  if (code === accountCodes.lotteryFollowHeld)
    return system(code, holdingAccountKinds.lotteryFollowHeld, 'REAL');
  if (/^channel:[A-Za-z0-9_-]{1,64}$/.test(code)) return system(code, 'payment_channel', 'REAL');
  if (/^vendor:[A-Za-z0-9_-]{1,40}$/.test(code)) return system(code, 'game_vendor', 'REAL');
  if (/^vendor:[A-Za-z0-9_-]{1,40}:demo$/.test(code)) return system(code, 'game_vendor_demo', 'DEMO');
  if (/^transfer:[A-Za-z0-9_-]{1,40}$/.test(code)) return system(code, 'transfer_vendor', 'REAL');
  if (/^transfer:[A-Za-z0-9_-]{1,40}:in-transit$/.test(code))
    return system(code, holdingAccountKinds.transferInTransit, 'REAL');
  throw new Error(`ledger: unknown account code ${code}`);
}

function system(code: string, kind: string, currency: LedgerCurrency): AccountSpec {
  return { code, kind, currency, memberId: null, tracksBalance: false };
}

export interface TransferLeg {
  /** an account code (see accountCodes) */
  account: string;
  /** minor units, signed: credit positive, debit negative */
  amount: bigint;
}

export interface TransferRequest {
  /** unique per money movement; a repeat returns the first result and moves nothing */
  idempotencyKey: string;
  kind: TransactionType;
  currency: LedgerCurrency;
  legs: TransferLeg[];
  /** what the member sees as the reference, e.g. the deposit's public id */
  reference?: string | null;
  memo?: string | null;
  /** who caused it: member:<publicId>, admin:<username>, system:<job>, cli:<user> */
  actor: string;
}

export interface TransferResult {
  transferId: bigint;
  /** true: the key was used before with the same request; nothing moved this time */
  repeated: boolean;
  /** balance after, by account code, for the accounts that keep one */
  balances: Record<string, bigint>;
  /** members whose balance changed (empty on a repeat): publish to them after the commit */
  memberIds: bigint[];
}

/** Whoever pushes balance changes to connected clients (the realtime module). */
export interface BalancePublisher {
  publishBalance(memberId: bigint): unknown;
}

export type ReconciliationProblem =
  | { kind: 'balance_mismatch'; account: string; balance: bigint; entrySum: bigint }
  | { kind: 'negative_balance'; account: string; balance: bigint }
  | {
      kind: 'unbalanced_transfer';
      transferId: bigint;
      idempotencyKey: string;
      entrySum: bigint;
      entryCount: number;
    }
  | {
      kind: 'currency_mismatch';
      transferId: bigint;
      account: string;
      transferCurrency: string;
      accountCurrency: string;
    }
  | { kind: 'holding_mismatch'; account: string; balance: bigint; owed: bigint };

/** The kinds of system account that hold money on someone's behalf, which a module can vouch for. */
export const holdingAccountKinds = {
  /** lottery:follow-held */
  lotteryFollowHeld: 'lottery_follow_held',
  /** transfer:<vendor>:in-transit, one per transfer-model vendor */
  transferInTransit: 'transfer_in_transit',
  /** member:<id>:held, one per member who asked for a withdrawal */
  withdrawalHeld: 'withdrawal_held',
} as const;

/**
 * Every ledger account of one holding kind, and what each should hold by its owner module's own rows
 * (the follow chains' unplaced periods, the transfers still pending). The reconciliation compares the
 * two in one snapshot.
 */
export interface HoldingCheck {
  accountKind: (typeof holdingAccountKinds)[keyof typeof holdingAccountKinds];
  /**
   * What each account should hold by code, minor units, read with the executor it is given; an account
   * left out should hold nothing.
   */
  owed(db: Executor): Promise<ReadonlyMap<string, bigint>>;
}

const MAX_TRANSFER_ATTEMPTS = 5;
const RETRYABLE_SQLSTATES = new Set(['40001', '40P01']);

/** PostgreSQL's SQLSTATE of a failed query (drizzle wraps the driver's error in `cause`). */
function sqlState(error: unknown): string | null {
  if (error instanceof AppError) return null;
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth += 1) {
    const candidate = current as { code?: unknown; cause?: unknown };
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code)) return candidate.code;
    current = candidate.cause;
  }
  return null;
}

/**
 * A fingerprint of what a transfer does (not of who asked or why), so a repeated key with the same
 * movement is answered and a repeated key with another movement is refused.
 */
export function requestHashOf(request: Pick<TransferRequest, 'kind' | 'currency' | 'legs'>): string {
  const legs = [...request.legs]
    .sort((a, b) => (a.account < b.account ? -1 : a.account > b.account ? 1 : 0))
    .map((leg) => `${leg.account}=${leg.amount.toString()}`);
  return sha256(JSON.stringify([request.kind, request.currency, legs]));
}

/**
 * Malformed requests are bugs in the calling service, never a member's input: they throw a plain Error
 * (answered as INTERNAL), so nobody mistakes them for a business refusal.
 */
function validate(request: TransferRequest): AccountSpec[] {
  if (!request.idempotencyKey || request.idempotencyKey.length > 200) {
    throw new Error('ledger: idempotencyKey must be 1 to 200 characters');
  }
  if (!(transactionTypes as readonly string[]).includes(request.kind)) {
    throw new Error(`ledger: unknown transfer kind ${request.kind}`);
  }
  if (request.legs.length < 2) throw new Error('ledger: a transfer needs at least two legs');
  const seen = new Set<string>();
  let sum = 0n;
  const specs = request.legs.map((leg) => {
    if (seen.has(leg.account)) throw new Error(`ledger: account ${leg.account} appears twice`);
    seen.add(leg.account);
    if (typeof leg.amount !== 'bigint' || leg.amount === 0n) {
      throw new Error(`ledger: leg ${leg.account} needs a non-zero bigint amount`);
    }
    const spec = accountSpecOf(leg.account);
    if (spec.currency !== request.currency) {
      throw new Error(`ledger: account ${leg.account} is ${spec.currency}, the transfer ${request.currency}`);
    }
    sum += leg.amount;
    return spec;
  });
  if (sum !== 0n) throw new Error(`ledger: legs sum to ${sum.toString()}, not zero`);
  return specs;
}

export interface LedgerDeps {
  /** transferNow opens its transactions here */
  db: Executor;
  clock: Clock;
}

/**
 * The double-entry ledger: every money movement of the platform goes through transfer().
 *
 * Publishing balance changes: transferNow() publishes after its own commit. transfer(tx) cannot know
 * when the caller's transaction commits, so it returns `memberIds`; the caller calls
 * `ledger.publishBalances(result.memberIds)` after its transaction committed (never inside it: a
 * client would see a balance that may still roll back).
 */
/** ok: moved; refused: the rules said no (funds, conflict); failed: the database did. */
export type TransferOutcome = 'ok' | 'refused' | 'failed';

export class LedgerService {
  constructor(
    private readonly deps: LedgerDeps,
    /** looked up on each publish, so the realtime service may be built after this one */
    private readonly publisher: () => BalancePublisher | undefined = () => undefined,
    /** told, as a transfer runs (before its commit), whose money it moved: display caches drop them */
    private readonly onMoved: (memberIds: readonly bigint[]) => void = () => undefined,
  ) {}

  /**
   * Moves money inside the caller's transaction. Legs must sum to zero and share the transfer's
   * currency; every tracked account stays >= 0 (INSUFFICIENT_FUNDS otherwise, details { account });
   * a repeated idempotencyKey returns the first transfer without moving money (IDEMPOTENCY_CONFLICT when
   * the repeat differs in kind, currency or legs).
   *
   * One statement: a refused transfer leaves nothing behind and raises nothing in the database, so the
   * caller may catch the refusal and carry on with its transaction.
   */
  async transfer(tx: Executor, request: TransferRequest): Promise<TransferResult> {
    const specs = validate(request);
    const result = await this.apply(tx, request, specs);
    this.onMoved(result.memberIds);
    return result;
  }

  /** The same in a transaction of its own, retried on serialization failures and deadlocks. */
  async transferNow(request: TransferRequest): Promise<TransferResult> {
    const specs = validate(request);
    for (let attempt = 1; ; attempt += 1) {
      try {
        // One statement is its own transaction: no BEGIN and COMMIT round trips.
        const result = await this.apply(this.deps.db, request, specs);
        this.onMoved(result.memberIds);
        this.publishBalances(result.memberIds);
        return result;
      } catch (error) {
        const state = sqlState(error);
        if (state === null || !RETRYABLE_SQLSTATES.has(state) || attempt >= MAX_TRANSFER_ATTEMPTS)
          throw error;
      }
    }
  }

  /**
   * A transfer that a database function made itself (the provider's money calls through
   * ledger_transfer_pair, migrations 0019 and 20261126132012) has committed: the members' displayed balances are dropped and pushed, as
   * transferNow does for its own.
   */
  announceMoved(memberIds: readonly bigint[]): void {
    if (memberIds.length === 0) return;
    this.observer('ok');
    this.onMoved(memberIds);
    this.publishBalances(memberIds);
  }

  /**
   * Many credits from one system account to members in one set of statements, inside the caller's
   * transaction (lottery settlement: a period's winners at once, not one round trip per bet). `items` is a
   * query answering (idempotency_key text, member_id bigint, amount bigint, reference text); each item
   * is a transfer of its own under its key, exactly as transfer() would make it (the same request hash),
   * so a key used before, by a batch or a single transfer, moves nothing again. Call
   * publishBalances(memberIds) after the commit.
   */
  async creditBatch(
    tx: Executor,
    batch: {
      kind: TransactionType;
      currency: LedgerCurrency;
      from: string;
      memo?: string | null;
      actor: string;
      items: SQL;
    },
  ): Promise<CreditBatchOutcome> {
    const from = accountSpecOf(batch.from);
    if (from.tracksBalance || from.currency !== batch.currency)
      throw new Error(`ledger: a batch comes from an untracked ${batch.currency} account, not ${batch.from}`);
    const member = memberAccountKinds[batch.currency === 'REAL' ? 'main' : 'demo'];
    const outcome = await ledgerRepository.creditBatch(tx, {
      kind: batch.kind,
      currency: batch.currency,
      from: { code: from.code, kind: from.kind },
      memberAccount: batch.currency === 'REAL' ? 'main' : 'demo',
      memberKind: member.kind,
      memo: batch.memo ?? null,
      actor: batch.actor,
      at: this.deps.clock.now(),
      items: batch.items,
    });
    this.onMoved(outcome.memberIds);
    return outcome;
  }

  /** Tells connected clients their balance changed; call only after the transaction committed. */
  publishBalances(memberIds: Iterable<bigint>): void {
    const publisher = this.publisher();
    if (!publisher) return;
    for (const memberId of new Set(memberIds)) {
      try {
        void Promise.resolve(publisher.publishBalance(memberId)).catch(() => undefined);
      } catch {
        // A push that fails must never make a committed transfer look failed.
      }
    }
  }

  /** A tracked account's balance, an untracked one's sum of entries; 0 for an account not used yet. */
  async balanceOf(db: Executor, accountCode: string): Promise<bigint> {
    return (await ledgerRepository.balanceByCode(db, accountCode)) ?? 0n;
  }

  /**
   * Everything that must always hold: each tracked balance equals the sum of its entries and is not
   * negative; each transfer's entries sum to zero (at least two of them) and share its currency; each
   * holding account (checkHolding) holds what its module says it owes. An empty list means the books
   * agree. One read-only snapshot: transfers committed meanwhile are not half seen.
   */
  async reconcile(db: Database): Promise<ReconciliationProblem[]> {
    return db.transaction((tx) => this.reconcileIn(tx), {
      isolationLevel: 'repeatable read',
      accessMode: 'read only',
    });
  }

  /** Adds a holding account to the reconciliation (its owner module calls this once, at start). */
  checkHolding(check: HoldingCheck): void {
    this.holdings.push(check);
  }

  private readonly holdings: HoldingCheck[] = [];

  private async reconcileIn(db: Executor): Promise<ReconciliationProblem[]> {
    const [mismatches, negatives, unbalanced, currencies] = [
      await ledgerRepository.trackedBalanceMismatches(db),
      await ledgerRepository.negativeTrackedBalances(db),
      await ledgerRepository.unbalancedTransfers(db),
      await ledgerRepository.currencyMismatches(db),
    ];
    const holdings: ReconciliationProblem[] = [];
    for (const check of this.holdings) {
      const balances = await ledgerRepository.balancesOfKind(db, check.accountKind);
      const owed = await check.owed(db);
      for (const account of new Set([...balances.keys(), ...owed.keys()])) {
        const balance = balances.get(account) ?? 0n;
        const due = owed.get(account) ?? 0n;
        if (balance !== due) holdings.push({ kind: 'holding_mismatch', account, balance, owed: due });
      }
    }
    return [
      ...mismatches.map((row) => ({
        kind: 'balance_mismatch' as const,
        account: row.code,
        balance: row.balance,
        entrySum: row.entrySum,
      })),
      ...negatives.map((row) => ({
        kind: 'negative_balance' as const,
        account: row.code,
        balance: row.balance,
      })),
      ...unbalanced.map((row) => ({ kind: 'unbalanced_transfer' as const, ...row })),
      ...currencies.map((row) => ({
        kind: 'currency_mismatch' as const,
        transferId: row.transferId,
        account: row.code,
        transferCurrency: row.transferCurrency,
        accountCurrency: row.accountCurrency,
      })),
      ...holdings,
    ];
  }

  /** One statement (ledger_transfer_apply): the database claims the key, checks, moves and records. */
  /** Told the outcome of every transfer this server attempts (the metrics count them). */
  observeTransfers(observer: (outcome: TransferOutcome) => void): void {
    this.observer = observer;
  }

  private observer: (outcome: TransferOutcome) => void = () => undefined;

  private async apply(db: Executor, request: TransferRequest, specs: AccountSpec[]): Promise<TransferResult> {
    try {
      const result = await this.applyOnce(db, request, specs);
      this.observer('ok');
      return result;
    } catch (error) {
      this.observer(error instanceof AppError ? 'refused' : 'failed');
      throw error;
    }
  }

  private async applyOnce(
    db: Executor,
    request: TransferRequest,
    specs: AccountSpec[],
  ): Promise<TransferResult> {
    const outcome = await ledgerRepository.applyTransfer(db, {
      idempotencyKey: request.idempotencyKey,
      kind: request.kind,
      currency: request.currency,
      reference: request.reference ?? null,
      memo: request.memo ?? null,
      actor: request.actor,
      requestHash: requestHashOf(request),
      createdAt: this.deps.clock.now(),
      legs: specs.map((spec, index) => ({
        code: spec.code,
        kind: spec.kind,
        currency: spec.currency,
        member_id: spec.memberId === null ? null : spec.memberId.toString(),
        tracks: spec.tracksBalance,
        amount: (request.legs[index] as TransferLeg).amount.toString(),
      })),
    });
    switch (outcome.status) {
      case 'insufficient':
        throw new AppError('INSUFFICIENT_FUNDS', `not enough money on ${outcome.account}`, undefined, {
          account: outcome.account,
        });
      case 'conflict':
        throw new AppError('IDEMPOTENCY_CONFLICT', 'this request id was used for another movement');
      case 'repeat':
        return {
          transferId: outcome.transferId,
          repeated: true,
          balances: Object.fromEntries(outcome.balances),
          memberIds: [],
        };
      case 'ok':
        return {
          transferId: outcome.transferId,
          repeated: false,
          balances: Object.fromEntries(outcome.balances),
          memberIds: [...new Set(outcome.memberIds)],
        };
    }
  }
}
