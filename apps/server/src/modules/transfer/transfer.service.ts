import {
  formatMoney,
  parseMoney,
  type ConsolidateResult,
  type Page,
  type VendorTransfer,
  type VendorTransferBody,
  type VendorTransferDirection,
  type VendorWallet,
  type VendorWallets,
} from '@platform/contract';
import type { Database, Executor } from '../../db/database.js';
import type { AuthenticatedMember } from '../../lib/caller.js';
import type { Clock } from '../../lib/clock.js';
import type { ServiceLogger } from '../../lib/deps.js';
import { AppError, notFound } from '../../lib/errors.js';
import type { Rng } from '../../lib/rng.js';
import type { MemberService } from '../member/index.js';
import type { ProviderVendorRow } from '../provider/index.js';
import {
  accountCodes,
  holdingAccountKinds,
  type HoldingCheck,
  type LedgerService,
  type TransferRequest,
} from '../wallet/index.js';
import { transferRepository as repo, type VendorTransferRow } from './transfer.repository.js';
import type { MoneyOutcome, VendorClient, VendorEndpoint, VendorTransport } from './vendor-client.js';

export interface TransferServiceDeps {
  db: Database;
  clock: Clock;
  rng: Rng;
  ledger: Pick<LedgerService, 'transfer' | 'balanceOf' | 'publishBalances'>;
  /** the provider module's vendor terms (wallet model, API address, secret) */
  vendorTerms: { of(code: string): Promise<ProviderVendorRow | null>; all(): Promise<ProviderVendorRow[]> };
  /** the game module's vendor titles, as the lobby shows them */
  vendorTitles: () => Promise<Map<string, string>>;
  members: Pick<MemberService, 'playerOf' | 'assertMayBet'>;
  client: VendorClient;
  logger: ServiceLogger;
}

/** A transfer younger than this is not asked about: its own call may still be on its way. */
export const RECONCILE_AFTER_MS = 30_000;
const RECONCILE_BATCH = 200;
const RETRYABLE_SQLSTATES = new Set(['40001', '40P01']);
const ID_ALPHABET = '0123456789ABCDEFGHJKLMNPQRSTUVWXYZ';

type TransferVendor = ProviderVendorRow & { transferApiUrl: string };

function sqlState(error: unknown): string | null {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth += 1) {
    const candidate = current as { code?: unknown; cause?: unknown };
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code)) return candidate.code;
    current = candidate.cause;
  }
  return null;
}

const endpointOf = (vendor: TransferVendor): VendorEndpoint => ({
  vendorCode: vendor.vendorCode,
  transferApiUrl: vendor.transferApiUrl,
  signingSecret: vendor.signingSecret,
});

export const transferView = (row: VendorTransferRow): VendorTransfer => ({
  id: row.publicId,
  vendor: row.vendorCode,
  direction: row.direction as VendorTransferDirection,
  amount: formatMoney(row.amount),
  status: row.status as VendorTransfer['status'],
  createdAt: row.createdAt.toISOString(),
  resolvedAt: row.resolvedAt ? row.resolvedAt.toISOString() : null,
});

/**
 * The transfer wallet model (ADR 021). Money only moves through the ledger, keyed by our transfer id:
 *
 * - in: main -> in-transit before the vendor is called (`vendor-transfer:<id>:debit`); on the vendor's
 *   OK in-transit -> the vendor's account (`:settle`); on a definite refusal in-transit -> main
 *   (`:return`); on a timeout it stays in transit, the transfer pending.
 * - out: nothing moves until the vendor confirmed; then the vendor's account -> main (`:credit`).
 *
 * A pending transfer is resolved by `resolve`, which locks the row and acts only while it is pending:
 * the call's own answer, a client's retry and the reconciliation job may race, and exactly one wins.
 */
export class TransferService {
  constructor(private readonly deps: TransferServiceDeps) {}

  /** Another wire to the vendors (tests put the demo vendor's in-process app on it). */
  useTransport(next: VendorTransport): void {
    this.deps.client.useTransport(next);
  }

  // ---------------------------------------------------------------------------------------------
  // The member's calls

  async wallets(member: AuthenticatedMember): Promise<VendorWallets> {
    const [vendors, titles, rows, pending, main] = await Promise.all([
      this.transferVendors(),
      this.deps.vendorTitles(),
      repo.walletsOf(this.deps.db, member.id),
      repo.pendingByVendor(this.deps.db, member.id),
      this.mainBalance(member.id),
    ]);
    return {
      main: formatMoney(main),
      wallets: vendors.map((vendor) => {
        const row = rows.find((item) => item.vendorCode === vendor.vendorCode);
        return {
          vendor: vendor.vendorCode,
          title: titles.get(vendor.vendorCode) ?? vendor.vendorCode,
          balance: formatMoney(row?.balance ?? 0n),
          refreshedAt: row?.refreshedAt ? row.refreshedAt.toISOString() : null,
          pendingAmount: formatMoney(pending.get(vendor.vendorCode) ?? 0n),
          autoTransferIn: vendor.autoTransferIn,
        };
      }),
    };
  }

  /** Asks the vendor for the member's balance there, keeps it and answers the sub-wallet. */
  async refresh(member: AuthenticatedMember, vendorCode: string): Promise<VendorWallet> {
    const vendor = await this.transferVendor(vendorCode);
    const answer = await this.deps.client.balance(endpointOf(vendor), {
      player_id: member.publicId,
      currency: vendor.currency,
    });
    if (answer.kind !== 'ok') {
      throw new AppError('VENDOR_UNAVAILABLE', `${vendorCode} did not tell the balance`);
    }
    await repo.setWalletBalance(this.deps.db, member.id, vendorCode, answer.balance, this.deps.clock.now());
    const wallets = await this.wallets(member);
    const wallet = wallets.wallets.find((item) => item.vendor === vendorCode);
    if (!wallet) throw notFound(`transfer vendor ${vendorCode}`);
    return wallet;
  }

  transferIn(member: AuthenticatedMember, body: VendorTransferBody): Promise<VendorTransfer> {
    return this.move(member, 'in', body, `member:${member.publicId}`);
  }

  transferOut(member: AuthenticatedMember, body: VendorTransferBody): Promise<VendorTransfer> {
    return this.move(member, 'out', body, `member:${member.publicId}`);
  }

  /**
   * Everything at every transfer vendor back to main: each vendor the member ever used is asked its
   * balance, and what it holds comes out, one transfer per vendor keyed `<requestId>:<vendor>` (so a
   * repeated click answers the same transfers). A vendor that cannot be asked keeps its money.
   */
  async consolidate(member: AuthenticatedMember, requestId: string): Promise<ConsolidateResult> {
    const used = new Set((await repo.walletsOf(this.deps.db, member.id)).map((row) => row.vendorCode));
    const transfers: VendorTransfer[] = [];
    const failedVendors: string[] = [];
    for (const vendor of await this.transferVendors()) {
      if (!used.has(vendor.vendorCode)) continue;
      const key = `${requestId}:${vendor.vendorCode}`;
      const earlier = await repo.byRequest(this.deps.db, member.id, key);
      if (earlier) {
        transfers.push(transferView(earlier));
        continue;
      }
      const balance = await this.deps.client.balance(endpointOf(vendor), {
        player_id: member.publicId,
        currency: vendor.currency,
      });
      if (balance.kind !== 'ok') {
        failedVendors.push(vendor.vendorCode);
        continue;
      }
      await repo.setWalletBalance(
        this.deps.db,
        member.id,
        vendor.vendorCode,
        balance.balance,
        this.deps.clock.now(),
      );
      if (balance.balance <= 0n) continue;
      try {
        const moved = await this.moveTransfer(
          member,
          vendor,
          'out',
          balance.balance,
          key,
          `member:${member.publicId}`,
        );
        if (moved.status === 'failed') failedVendors.push(vendor.vendorCode);
        transfers.push(moved);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        failedVendors.push(vendor.vendorCode);
      }
    }
    return { transfers, failedVendors, main: formatMoney(await this.mainBalance(member.id)) };
  }

  async status(member: AuthenticatedMember, publicId: string): Promise<VendorTransfer> {
    const row = await repo.byPublicId(this.deps.db, publicId);
    if (!row || row.memberId !== member.id) throw notFound(`transfer ${publicId}`);
    return transferView(row);
  }

  async records(
    member: AuthenticatedMember,
    query: { vendor?: string | undefined; status?: string | undefined; pageNo: number; pageSize: number },
  ): Promise<Page<VendorTransfer>> {
    const { rows, total } = await repo.page(
      this.deps.db,
      member.id,
      { vendorCode: query.vendor, status: query.status },
      query.pageNo,
      query.pageSize,
    );
    return {
      list: rows.map(transferView),
      pageNo: query.pageNo,
      pageSize: query.pageSize,
      totalCount: total,
      totalPages: Math.ceil(total / query.pageSize),
    };
  }

  /**
   * Before one of a transfer vendor's games opens: when the operator turned auto-transfer-in on for
   * it, the member's whole main balance moves in. Never throws: the game opens whatever happened.
   */
  async autoTransferIn(member: AuthenticatedMember, vendorCode: string): Promise<void> {
    try {
      const vendor = await this.transferVendor(vendorCode);
      if (!vendor.autoTransferIn) return;
      const main = await this.mainBalance(member.id);
      if (main <= 0n) return;
      // Not while staff suspend the member's betting (BETTING_SUSPENDED, logged below).
      await this.deps.members.assertMayBet(this.deps.db, member.id);
      const requestId = `auto:${this.newPublicId()}`;
      await this.moveTransfer(member, vendor, 'in', main, requestId, 'system:auto-transfer-in');
    } catch (error) {
      this.deps.logger.warn(
        { err: error, vendor: vendorCode, member: member.publicId },
        'transfer: automatic transfer in at launch did not happen',
      );
    }
  }

  // ---------------------------------------------------------------------------------------------
  // Reconciliation and the operator

  /** For the ledger's reconciliation: each vendor's in-transit account holds its pending transfers in. */
  inTransitCheck(): HoldingCheck {
    return {
      accountKind: holdingAccountKinds.transferInTransit,
      owed: async (db) =>
        new Map(
          [...(await repo.pendingInByVendor(db))].map(([vendorCode, amount]) => [
            accountCodes.transferInTransit(vendorCode),
            amount,
          ]),
        ),
    };
  }

  /**
   * Every transfer pending for RECONCILE_AFTER_MS: the vendor is asked about it by our transfer id and
   * it is resolved once. applied: the money is where the vendor says; refused or not_found: it never
   * happened (a vendor that answers not_found must refuse that id from then on, see the API document);
   * no answer: it stays pending for the next run.
   */
  async reconcile(now: Date): Promise<{ succeeded: number; failed: number; stillPending: number }> {
    const before = new Date(now.getTime() - RECONCILE_AFTER_MS);
    let succeeded = 0;
    let failed = 0;
    let stillPending = 0;
    for (const row of await repo.pending(this.deps.db, before, RECONCILE_BATCH)) {
      try {
        const outcome = await this.reconcileOne(row);
        if (outcome === 'succeeded') succeeded += 1;
        else if (outcome === 'failed') failed += 1;
        else stillPending += 1;
      } catch (error) {
        stillPending += 1;
        this.deps.logger.error({ err: error, transfer: row.publicId }, 'transfer: reconciling failed');
      }
    }
    return { succeeded, failed, stillPending };
  }

  /** reconcile() at the injected clock's now (the operator command) */
  reconcileNow(): Promise<{ succeeded: number; failed: number; stillPending: number }> {
    return this.reconcile(this.deps.clock.now());
  }

  pendingTransfers(limit = 200): Promise<VendorTransferRow[]> {
    return repo.pending(this.deps.db, this.deps.clock.now(), limit);
  }

  private async reconcileOne(row: VendorTransferRow): Promise<VendorTransferRow['status']> {
    const vendor = await this.deps.vendorTerms.of(row.vendorCode);
    if (!vendor?.transferApiUrl) {
      await repo.notePending(this.deps.db, row.id, 'the vendor has no transfer API now', true);
      return 'pending';
    }
    const answer = await this.deps.client.status(
      endpointOf({ ...vendor, transferApiUrl: vendor.transferApiUrl }),
      row.publicId,
    );
    if (answer.kind === 'unknown') {
      await repo.notePending(this.deps.db, row.id, `status: ${answer.reason}`, true);
      return 'pending';
    }
    const expected = row.direction === 'in' ? 'deposit' : 'withdraw';
    if (
      answer.state === 'applied' &&
      ((answer.direction !== null && answer.direction !== expected) ||
        (answer.amount !== null && answer.amount !== row.amount))
    ) {
      // The vendor applied something else under our id: a person must look; nothing is guessed.
      this.deps.logger.error(
        { transfer: row.publicId, answer },
        'transfer: the vendor applied another movement',
      );
      await repo.notePending(this.deps.db, row.id, 'status: the vendor applied another movement', true);
      return 'pending';
    }
    const resolved = await this.resolve(
      row.id,
      answer.state === 'applied' ? 'succeeded' : 'failed',
      'reconcile',
      answer.state === 'applied' ? null : `status: ${answer.state}`,
      null,
    );
    return resolved.status;
  }

  // ---------------------------------------------------------------------------------------------
  // Moving money

  private async move(
    member: AuthenticatedMember,
    direction: VendorTransferDirection,
    body: VendorTransferBody,
    actor: string,
  ): Promise<VendorTransfer> {
    const vendor = await this.transferVendor(body.vendor);
    const amount = parseMoney(body.amount);
    // Money carried in is money to bet with: refused while staff suspend the member's betting (a repeat
    // of a transfer already made answers as before). Money out is always free to come back.
    if (direction === 'in' && !(await repo.byRequest(this.deps.db, member.id, body.requestId))) {
      await this.deps.members.assertMayBet(this.deps.db, member.id);
    }
    if (direction === 'out' && !(await repo.byRequest(this.deps.db, member.id, body.requestId))) {
      // Asked first, so a transfer the vendor would refuse for want of money leaves no record at all.
      const balance = await this.deps.client.balance(endpointOf(vendor), {
        player_id: member.publicId,
        currency: vendor.currency,
      });
      if (balance.kind !== 'ok')
        throw new AppError('VENDOR_UNAVAILABLE', `${vendor.vendorCode} did not answer`);
      await repo.setWalletBalance(
        this.deps.db,
        member.id,
        vendor.vendorCode,
        balance.balance,
        this.deps.clock.now(),
      );
      if (balance.balance < amount) {
        throw new AppError('INSUFFICIENT_FUNDS', `not enough money at ${vendor.vendorCode}`, undefined, {
          account: `transfer:${vendor.vendorCode}`,
        });
      }
    }
    const moved = await this.moveTransfer(member, vendor, direction, amount, body.requestId, actor);
    if (moved.status === 'failed') {
      const row = await repo.byPublicId(this.deps.db, moved.id);
      if (row?.lastError === 'INSUFFICIENT_FUNDS') {
        throw new AppError('INSUFFICIENT_FUNDS', `not enough money at ${vendor.vendorCode}`, undefined, {
          account: `transfer:${vendor.vendorCode}`,
        });
      }
      throw new AppError(
        'VENDOR_REFUSED',
        `${vendor.vendorCode} refused the transfer (${row?.lastError ?? ''})`,
      );
    }
    return moved;
  }

  /** Starts (or finds, for a repeated request id) a transfer and drives it as far as the vendor says. */
  private async moveTransfer(
    member: AuthenticatedMember,
    vendor: TransferVendor,
    direction: VendorTransferDirection,
    amount: bigint,
    requestId: string,
    actor: string,
  ): Promise<VendorTransfer> {
    const row = await this.start(member, vendor, direction, amount, requestId, actor);
    if (row.status !== 'pending') return transferView(row);
    // A new transfer, or a repeat of one still pending: the vendor is idempotent on our id, so asking
    // again is safe and may settle it now.
    return transferView(await this.drive(row, vendor, member.publicId));
  }

  private async start(
    member: AuthenticatedMember,
    vendor: TransferVendor,
    direction: VendorTransferDirection,
    amount: bigint,
    requestId: string,
    actor: string,
  ): Promise<VendorTransferRow> {
    const now = this.deps.clock.now();
    const { row, memberIds } = await this.inTransaction(async (tx) => {
      await repo.ensureWallet(tx, member.id, vendor.vendorCode, now);
      await repo.lockWallet(tx, member.id, vendor.vendorCode);
      const earlier = await repo.byRequest(tx, member.id, requestId);
      if (earlier) {
        if (
          earlier.vendorCode !== vendor.vendorCode ||
          earlier.direction !== direction ||
          earlier.amount !== amount
        ) {
          throw new AppError('IDEMPOTENCY_CONFLICT', 'this request id was used for another transfer');
        }
        return { row: earlier, memberIds: [] as bigint[] };
      }
      const publicId = this.newPublicId();
      const inserted = await repo.insertTransfer(tx, {
        publicId,
        memberId: member.id,
        vendorCode: vendor.vendorCode,
        direction,
        amount,
        currency: vendor.currency,
        status: 'pending',
        requestId,
        actor,
        createdAt: now,
      });
      if (direction === 'out') return { row: inserted, memberIds: [] as bigint[] };
      // The money leaves main before the vendor hears of it: a refusal here (not enough money) rolls
      // the whole transaction back, so nothing is left behind.
      const moved = await this.deps.ledger.transfer(
        tx,
        this.ledgerRequest(
          inserted,
          'debit',
          accountCodes.memberMain(member.id),
          accountCodes.transferInTransit(vendor.vendorCode),
        ),
      );
      return { row: inserted, memberIds: moved.memberIds };
    });
    this.deps.ledger.publishBalances(memberIds);
    return row;
  }

  /** Sends the transfer's money call and resolves it by the answer; no answer leaves it pending. */
  private async drive(
    row: VendorTransferRow,
    vendor: TransferVendor,
    playerId: string,
  ): Promise<VendorTransferRow> {
    const outcome: MoneyOutcome = await this.deps.client.money(
      endpointOf(vendor),
      row.direction === 'in' ? 'deposit' : 'withdraw',
      {
        transfer_id: row.publicId,
        player_id: playerId,
        amount: formatMoney(row.amount),
        currency: row.currency,
      },
    );
    switch (outcome.kind) {
      case 'ok':
        return this.resolve(row.id, 'succeeded', 'call', null, outcome.balance);
      case 'refused':
        return this.resolve(row.id, 'failed', 'call', outcome.code, outcome.balance);
      case 'unknown':
        this.deps.logger.warn(
          { transfer: row.publicId, vendor: row.vendorCode, reason: outcome.reason },
          'transfer: the vendor did not answer; the transfer stays pending',
        );
        await repo.notePending(this.deps.db, row.id, outcome.reason, false);
        return { ...row, lastError: outcome.reason };
    }
  }

  /**
   * The one place a transfer leaves pending: under the row's lock, only while it is still pending,
   * with the ledger step keyed by the transfer's id, so it happens once whoever gets here first.
   */
  private async resolve(
    id: bigint,
    status: 'succeeded' | 'failed',
    by: string,
    reason: string | null,
    vendorBalance: bigint | null,
  ): Promise<VendorTransferRow> {
    const now = this.deps.clock.now();
    const { row, memberIds } = await this.inTransaction(async (tx) => {
      const current = await repo.lockTransfer(tx, id);
      if (!current) throw new Error(`transfer: transfer ${id} vanished`);
      if (current.status !== 'pending') return { row: current, memberIds: [] as bigint[] };
      const main = accountCodes.memberMain(current.memberId);
      const transit = accountCodes.transferInTransit(current.vendorCode);
      const atVendor = accountCodes.transferVendor(current.vendorCode);
      let memberIds: bigint[] = [];
      if (current.direction === 'in') {
        const request =
          status === 'succeeded'
            ? this.ledgerRequest(current, 'settle', transit, atVendor)
            : this.ledgerRequest(current, 'return', transit, main, 'vendor_transfer_returned');
        memberIds = (await this.deps.ledger.transfer(tx, { ...request, actor: `system:transfer-${by}` }))
          .memberIds;
      } else if (status === 'succeeded') {
        const request = this.ledgerRequest(current, 'credit', atVendor, main);
        memberIds = (await this.deps.ledger.transfer(tx, { ...request, actor: `system:transfer-${by}` }))
          .memberIds;
      }
      const resolved = await repo.resolveTransfer(tx, id, {
        status,
        resolvedBy: by,
        resolvedAt: now,
        lastError: reason,
      });
      if (vendorBalance !== null) {
        await repo.setWalletBalance(tx, current.memberId, current.vendorCode, vendorBalance, now);
      }
      return { row: resolved, memberIds };
    });
    this.deps.ledger.publishBalances(memberIds);
    return row;
  }

  private ledgerRequest(
    row: VendorTransferRow,
    step: 'debit' | 'settle' | 'return' | 'credit',
    from: string,
    to: string,
    kind?: TransferRequest['kind'],
  ): TransferRequest {
    return {
      idempotencyKey: `vendor-transfer:${row.publicId}:${step}`,
      kind: kind ?? (row.direction === 'in' ? 'vendor_transfer_in' : 'vendor_transfer_out'),
      currency: 'REAL',
      legs: [
        { account: from, amount: -row.amount },
        { account: to, amount: row.amount },
      ],
      reference: row.publicId,
      memo: row.vendorCode,
      actor: row.actor,
    };
  }

  // ---------------------------------------------------------------------------------------------
  // Helpers

  private async transferVendors(): Promise<TransferVendor[]> {
    return (await this.deps.vendorTerms.all()).filter(isTransferVendor);
  }

  private async transferVendor(vendorCode: string): Promise<TransferVendor> {
    const vendor = await this.deps.vendorTerms.of(vendorCode);
    if (!vendor || !isTransferVendor(vendor)) throw notFound(`transfer vendor ${vendorCode}`);
    return vendor;
  }

  private mainBalance(memberId: bigint): Promise<bigint> {
    return this.deps.ledger.balanceOf(this.deps.db, accountCodes.memberMain(memberId));
  }

  /** Our transfer id: VT and 20 characters of crypto randomness (about 100 bits). */
  private newPublicId(): string {
    let id = 'VT';
    for (let index = 0; index < 20; index += 1) id += ID_ALPHABET[this.deps.rng.int(0, ID_ALPHABET.length)];
    return id;
  }

  private async inTransaction<T>(work: (tx: Executor) => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await this.deps.db.transaction(work);
      } catch (error) {
        if (error instanceof AppError) throw error;
        const state = sqlState(error);
        if (state === null || !RETRYABLE_SQLSTATES.has(state) || attempt >= 5) throw error;
      }
    }
  }
}

function isTransferVendor(vendor: ProviderVendorRow): vendor is TransferVendor {
  return vendor.active && vendor.walletModel === 'transfer' && vendor.transferApiUrl !== null;
}
