import {
  formatMoney,
  parseMoney,
  withdrawalStatuses,
  type createWithdrawalBodySchema,
  type Page,
  type recordQuerySchema,
  type Turnover,
  type Withdrawal,
  type WithdrawInfo,
  type adminWithdrawalSchema,
  type WithdrawalRiskFlag,
} from '@platform/contract';
import type { z } from 'zod';
import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/database.js';
import { withdrawal as withdrawalTable } from './cashier.schema.js';
import { AppError, invalid, notFound } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import type { Scheduler } from '../../lib/scheduler.js';
import type { AppDeps } from '../../lib/deps.js';
import type { MemberService, MemberSummary } from '../member/index.js';
import type { SettingsService } from '../system/index.js';
import { actorName, type Actor, type AuditService } from '../audit/index.js';
import type { AuthenticatedMember, RequestOrigin } from '../auth/index.js';
import { acceptUploadedImage } from '../../lib/image-intake.js';
import {
  accountCodes,
  holdingAccountKinds,
  type HoldingCheck,
  type LedgerService,
  type TurnoverService,
} from '../wallet/index.js';
import { bankAccountRepository } from './bank-account.repository.js';
import { toBankAccount } from './bank-account.service.js';
import type { CashierEvent, CashierEvents } from './cashier-events.js';
import type { PaymentPasswordService } from './payment-password.service.js';
import { withdrawalRiskFlags } from './withdrawal-risk.js';
import {
  withdrawalRepository,
  type WithdrawalRow,
  type WithdrawalWithAccount,
} from './withdrawal.repository.js';

type CreateWithdrawalBody = z.infer<typeof createWithdrawalBodySchema>;
type RecordQuery = z.infer<typeof recordQuerySchema>;
export type AdminWithdrawal = z.input<typeof adminWithdrawalSchema>;
export type WithdrawalStatus = (typeof withdrawalStatuses)[number];

export type WithdrawalServices = {
  deps: AppDeps;
  settings: SettingsService;
  ledger: LedgerService;
  audit: Pick<AuditService, 'record'>;
  turnover: Pick<TurnoverService, 'status'>;
  paymentPasswords: PaymentPasswordService;
  members: Pick<MemberService, 'payeeOf' | 'summariesOf'>;
  /** told after a payout committed */
  events?: CashierEvents;
};

/**
 * A rule another module sets on withdrawals (the rewards module's open-bonus rule): called before the
 * money is held, it refuses with a clear error or settles what it must (a forfeited bonus) first.
 */
export type WithdrawalRule = (memberId: bigint, requestId: string) => Promise<void>;

/** SPEC section 5 allows 5 MB for images a member uploads as proof. */
export const PROOF_MAX_BYTES = 5 * 1024 * 1024;
export const AUTO_RECEIPT_JOB = 'withdrawal-auto-receipt';
export const AUTO_RECEIPT_EVERY_MS = 60_000;

/** The file of a not-received report as the route read it; the rules about it live here. */
export type ProofUpload = { bytes: Buffer } | { tooLarge: true };

const actorOf = actorName;

const isStatus = (value: string): value is WithdrawalStatus =>
  (withdrawalStatuses as readonly string[]).includes(value);

export const proofTooLarge = () =>
  invalid([
    {
      path: 'proof',
      message: 'validation.fileTooLarge',
      params: { maxMb: PROOF_MAX_BYTES / (1024 * 1024) },
    },
  ]);

/** The API's schema checks these too; the operator tool reaches the service without it. */
function requireText(value: string, path: string, max: number): string {
  const text = value.trim();
  if (text.length < 2 || text.length > max) {
    throw invalid([{ path, message: 'validation.length', params: { min: 2, max } }]);
  }
  return text;
}

/** 409 CONFLICT, said plainly in the failure's issue (the envelope's message is the code's key). */
const conflict = (path: string, message: string) => new AppError('CONFLICT', message, [{ path, message }]);

const wrongState = (status: string) =>
  new AppError('INVALID_STATE', `the withdrawal is ${status}`, undefined, { status });

/**
 * Withdrawals (SPEC section 4, "Withdrawal confirmation").
 *
 * pending --approve--> paid --member: received--> received
 *    |                   |--member: not received (proof)--> not_received
 *    |                   '--nobody answers in cashier.withdrawAutoReceiptMinutes--> auto_received (forced)
 *    '--reject--> rejected
 *
 * The money moves to the member's held account when the member asks, so it cannot be spent twice while
 * the operator reviews; approval moves it from held to cashier:paid-out (it has left for the bank),
 * rejection back to main. After the payout no money moves any more: a member's "not received" is a
 * dispute the operator investigates with the proof and, when the bank confirms the money never
 * arrived, settles with a balance adjustment (`adminAdjustBalance`), never by undoing the payout.
 */
export class WithdrawalService {
  private readonly rules: WithdrawalRule[] = [];

  constructor(private readonly services: WithdrawalServices) {}

  /** For the ledger's reconciliation: a member's held account holds their pending withdrawals. */
  heldCheck(): HoldingCheck {
    return {
      accountKind: holdingAccountKinds.withdrawalHeld,
      owed: async (db) =>
        new Map(
          [...(await withdrawalRepository.pendingByMember(db))].map(([memberId, amount]) => [
            accountCodes.memberHeld(memberId),
            amount,
          ]),
        ),
    };
  }

  /** Adds a rule every new withdrawal passes before its money is held (see WithdrawalRule). */
  addRule(rule: WithdrawalRule): void {
    this.rules.push(rule);
  }

  /** Registers the auto-receipt job: every minute, on one server of many (the scheduler claims the period). */
  schedule(scheduler: Pick<Scheduler, 'every'>): void {
    scheduler.every(AUTO_RECEIPT_JOB, AUTO_RECEIPT_EVERY_MS, async () => this.autoReceiveDue());
  }

  async info(member: AuthenticatedMember): Promise<WithdrawInfo> {
    const { db } = this.services.deps;
    const settings = await this.services.settings.all();
    const owner = await this.services.members.payeeOf(db, member.id);
    if (!owner) throw notFound('member');
    const [withdrawable, turnover, hasPaymentPassword, accounts] = [
      await this.services.ledger.balanceOf(db, accountCodes.memberMain(member.id)),
      await this.turnoverOf(db, member.id),
      await this.services.paymentPasswords.hasPaymentPassword(member.id),
      await bankAccountRepository.listForMember(db, member.id),
    ];
    return {
      withdrawable: formatMoney(withdrawable),
      minAmount: formatMoney(parseMoney(settings['cashier.withdrawMin'])),
      maxAmount: formatMoney(parseMoney(settings['cashier.withdrawMax'])),
      turnover,
      hasPaymentPassword,
      requireRealName: settings['cashier.requireRealNameMatch'],
      realName: owner.payeeName,
      bankAccounts: accounts.map(toBankAccount),
    };
  }

  /**
   * Checks in the order the member can act on them, then holds the money and records the request in
   * one transaction. The same requestId again answers the same withdrawal and holds nothing more.
   */
  async create(
    member: AuthenticatedMember,
    body: CreateWithdrawalBody,
    origin: RequestOrigin,
  ): Promise<Withdrawal> {
    // Hashes: before any transaction opens.
    await this.services.paymentPasswords.verify(member.id, body.paymentPassword, origin);
    const { db, clock, rng } = this.services.deps;
    const settings = await this.services.settings.all();
    const amount = parseMoney(body.amount);
    const min = parseMoney(settings['cashier.withdrawMin']);
    const max = parseMoney(settings['cashier.withdrawMax']);
    if (amount < min || amount > max) {
      throw new AppError('AMOUNT_OUT_OF_RANGE', 'the amount is outside the limits', undefined, {
        min: formatMoney(min),
        max: formatMoney(max),
      });
    }
    const account = await bankAccountRepository.findForMember(db, member.id, body.bankAccountId);
    if (!account) throw notFound('bank account');
    for (const rule of this.rules) await rule(member.id, body.requestId);
    const { remaining } = await this.services.turnover.status(db, member.id);
    if (remaining > 0n) {
      throw new AppError('TURNOVER_NOT_MET', 'wager more before withdrawing', undefined, {
        remaining: formatMoney(remaining),
      });
    }

    const publicId = newId(rng, 'wdr');
    const { found, memberIds } = await db.transaction(async (tx) => {
      const hold = await this.holdTransfer(tx, member, amount, body.requestId, publicId);
      if (hold.repeated) {
        const first = await withdrawalRepository.findByHoldTransfer(tx, hold.transferId);
        if (!first) throw new Error(`withdrawal of hold transfer ${hold.transferId} not found`);
        if (first.bankAccount.id !== account.id) {
          throw new AppError('IDEMPOTENCY_CONFLICT', 'this request id was used for another withdrawal');
        }
        return { found: first, memberIds: [] };
      }
      const row = await withdrawalRepository.insert(tx, {
        publicId,
        memberId: member.id,
        bankAccountId: account.id,
        amount,
        status: 'pending',
        holdTransferId: hold.transferId,
        createdAt: clock.now(),
      });
      return { found: { withdrawal: row, bankAccount: account }, memberIds: hold.memberIds };
    });
    this.services.ledger.publishBalances(memberIds);
    return toWithdrawal(found, settings['cashier.withdrawAutoReceiptMinutes']);
  }

  async list(member: AuthenticatedMember, query: RecordQuery): Promise<Page<Withdrawal>> {
    const minutes = await this.services.settings.get('cashier.withdrawAutoReceiptMinutes');
    const status = this.statusFilter(query.status);
    const { rows, total } = await withdrawalRepository.pageForMember(
      this.services.deps.db,
      member.id,
      status,
      query.pageNo,
      query.pageSize,
    );
    return page(
      rows.map((row) => toWithdrawal(row, minutes)),
      query,
      total,
    );
  }

  /** The member says the money arrived. Only from paid; another member's id is not found. */
  async confirmReceived(member: AuthenticatedMember, publicId: string): Promise<Withdrawal> {
    const { db, clock } = this.services.deps;
    const minutes = await this.services.settings.get('cashier.withdrawAutoReceiptMinutes');
    const found = await withdrawalRepository.findForMember(db, member.id, publicId);
    if (!found) throw notFound('withdrawal');
    const updated = await withdrawalRepository.transition(
      db,
      { id: found.withdrawal.id, memberId: member.id },
      'paid',
      'received',
      { confirmedAt: clock.now() },
    );
    if (!updated) throw wrongState(found.withdrawal.status);
    return toWithdrawal({ withdrawal: updated, bankAccount: found.bankAccount }, minutes);
  }

  /**
   * The member says the money did not arrive, with a png or jpg (by its own bytes) as proof. Nothing
   * moves: the payout has left; the operator investigates and settles any loss with an adjustment.
   */
  async reportNotReceived(
    member: AuthenticatedMember,
    publicId: string,
    proof: ProofUpload | null,
  ): Promise<Withdrawal> {
    const { db, clock } = this.services.deps;
    const minutes = await this.services.settings.get('cashier.withdrawAutoReceiptMinutes');
    const found = await withdrawalRepository.findForMember(db, member.id, publicId);
    if (!found) throw notFound('withdrawal');
    if (found.withdrawal.status !== 'paid') throw wrongState(found.withdrawal.status);
    if (proof && 'tooLarge' in proof) throw proofTooLarge();
    const bytes = proof?.bytes;
    if (!bytes || bytes.length === 0) throw invalid([{ path: 'proof', message: 'validation.required' }]);
    if (bytes.length > PROOF_MAX_BYTES) throw proofTooLarge();
    const image = await acceptUploadedImage(bytes, 'proof');
    const updated = await withdrawalRepository.transition(
      db,
      { id: found.withdrawal.id, memberId: member.id },
      'paid',
      'not_received',
      { confirmedAt: clock.now(), proof: image.bytes, proofContentType: image.contentType },
    );
    if (!updated) {
      const now = await withdrawalRepository.findForMember(db, member.id, publicId);
      throw wrongState(now?.withdrawal.status ?? found.withdrawal.status);
    }
    return toWithdrawal({ withdrawal: updated, bankAccount: found.bankAccount }, minutes);
  }

  /**
   * Every paid withdrawal nobody answered within cashier.withdrawAutoReceiptMinutes becomes
   * auto_received (forced_receipt). One conditional statement: running it twice, or on two servers at
   * once, applies each withdrawal once. Tests call it directly; the scheduler calls it every minute.
   */
  async autoReceiveDue(): Promise<{ autoReceived: number }> {
    const minutes = await this.services.settings.get('cashier.withdrawAutoReceiptMinutes');
    const now = this.services.deps.clock.now();
    const rows = await withdrawalRepository.autoReceive(
      this.services.deps.db,
      new Date(now.getTime() - minutes * 60_000),
      now,
    );
    return { autoReceived: rows.length };
  }

  // Operator review ---------------------------------------------------------------------------------

  /**
   * The staff's queue: `status` is a withdrawal status, or `held` (pending, on hold) or
   * `awaiting_second` (pending with a first approval, not held).
   */
  async adminList(query: RecordQuery): Promise<Page<AdminWithdrawal>> {
    const minutes = await this.services.settings.get('cashier.withdrawAutoReceiptMinutes');
    const queue =
      query.status === 'held'
        ? isNotNull(withdrawalTable.heldAt)
        : query.status === 'awaiting_second'
          ? and(isNull(withdrawalTable.heldAt), isNotNull(withdrawalTable.firstApprovedBy))
          : undefined;
    const { rows, total } = await withdrawalRepository.pageForAdmin(
      this.services.deps.db,
      queue ? 'pending' : this.statusFilter(query.status),
      query.pageNo,
      query.pageSize,
      queue,
    );
    return page(await this.withMembers(rows, minutes), query, total);
  }

  async adminGet(publicId: string): Promise<AdminWithdrawal> {
    const minutes = await this.services.settings.get('cashier.withdrawAutoReceiptMinutes');
    const found = await withdrawalRepository.findForAdmin(this.services.deps.db, publicId);
    const [view] = found ? await this.withMembers([found], minutes) : [];
    if (!view) throw notFound('withdrawal');
    return view;
  }

  /** Staff views with who asked, one member lookup for the whole list (never inside a transaction). */
  private async withMembers(rows: WithdrawalWithAccount[], minutes: number): Promise<AdminWithdrawal[]> {
    const who = await this.services.members.summariesOf(
      this.services.deps.db,
      rows.map((row) => row.withdrawal.memberId),
    );
    const { db, countryLookup } = this.services.deps;
    const views: AdminWithdrawal[] = [];
    for (const row of rows) {
      const member = who.get(row.withdrawal.memberId);
      if (!member) continue;
      const flags = await withdrawalRiskFlags(
        db,
        { turnover: this.services.turnover, members: this.services.members, countryLookup },
        row,
      );
      views.push(toAdminWithdrawal(row, member, minutes, flags));
    }
    return views;
  }

  /** The withdrawals' part of the back office's queue counts. */
  async queueCounts(): Promise<{ pending: number; awaitingSecond: number; held: number }> {
    return withdrawalRepository.queueCounts(this.services.deps.db);
  }

  /** Risk holds a pending withdrawal for review: nobody approves it until released. */
  async hold(publicId: string, reason: string, by: Actor): Promise<AdminWithdrawal> {
    const why = requireText(reason, 'reason', 500);
    return this.changeHold(publicId, by, 'withdrawals hold', why, true);
  }

  /** Risk releases a held withdrawal: it is back in the queue, approvals kept. */
  async release(publicId: string, reason: string, by: Actor): Promise<AdminWithdrawal> {
    const why = requireText(reason, 'reason', 500);
    return this.changeHold(publicId, by, 'withdrawals release', why, false);
  }

  private async changeHold(
    publicId: string,
    by: Actor,
    action: string,
    reason: string,
    holding: boolean,
  ): Promise<AdminWithdrawal> {
    const { db, clock } = this.services.deps;
    await db.transaction(async (tx) => {
      const found = await withdrawalRepository.findForAdmin(tx, publicId);
      if (!found) throw notFound('withdrawal');
      const row = found.withdrawal;
      const now = clock.now();
      const updated = await withdrawalRepository.setHold(
        tx,
        row.id,
        holding ? { by: actorOf(by), at: now, reason } : null,
      );
      if (!updated) {
        if (row.status !== 'pending') throw wrongState(row.status);
        throw conflict(
          'hold',
          holding ? 'the withdrawal is already held for review' : 'the withdrawal is not held',
        );
      }
      const holdOf = (r: WithdrawalRow) =>
        r.heldAt ? { heldBy: r.heldBy, heldAt: r.heldAt.toISOString(), holdReason: r.holdReason } : null;
      await this.services.audit.record(
        by,
        action,
        { withdrawal: publicId },
        { amount: formatMoney(row.amount) },
        { tx, at: now, before: { hold: holdOf(row) }, after: { hold: holdOf(updated) }, reason },
      );
    });
    return this.adminGet(publicId);
  }

  /**
   * The operator paid the money out: held -> cashier:paid-out, status paid. Only from pending and not
   * on hold. Four-eyes (staff.fourEyes.withdrawal): above the amount the first approval is only
   * recorded, and another member of staff's approval pays it; both names are kept.
   */
  async approve(publicId: string, payoutReference: string, decider: Actor): Promise<AdminWithdrawal> {
    const reference = requireText(payoutReference, 'payoutReference', 100);
    const threshold = (await this.services.settings.get('staff.fourEyes')).withdrawal;
    const me = actorOf(decider);
    return this.decide(
      publicId,
      decider,
      async (tx, row, now) => {
        if (row.status !== 'pending') throw wrongState(row.status);
        if (row.heldAt) {
          throw conflict('hold', 'the withdrawal is held for review: risk must release it first');
        }
        const needsTwo =
          row.firstApprovedBy !== null || (threshold !== null && row.amount > parseMoney(threshold));
        if (needsTwo && row.firstApprovedBy === null) {
          const first = await withdrawalRepository.recordFirstApproval(tx, row.id, me, now, reference);
          if (!first) {
            throw conflict('status', 'the withdrawal changed meanwhile (approved or held): look again');
          }
          return {
            memberIds: [],
            audit: {
              payoutReference: reference,
              fourEyes: 'first approval',
              threshold,
            },
            action: 'withdrawals approve-first',
          };
        }
        if (needsTwo && row.firstApprovedBy === me) {
          throw conflict(
            'approver',
            'you gave the first approval: a different member of staff must give the second',
          );
        }
        const updated = await withdrawalRepository.transition(
          tx,
          {
            id: row.id,
            also: and(
              isNull(withdrawalTable.heldAt),
              row.firstApprovedBy === null
                ? isNull(withdrawalTable.firstApprovedBy)
                : eq(withdrawalTable.firstApprovedBy, row.firstApprovedBy),
            ),
          },
          'pending',
          'paid',
          {
            payoutReference: reference,
            decidedBy: me,
            decidedAt: now,
            paidAt: now,
          },
        );
        if (!updated) {
          throw conflict('status', 'the withdrawal changed meanwhile (decided or held): look again');
        }
        const payout = await this.services.ledger.transfer(tx, {
          idempotencyKey: `withdrawal-payout:${row.id}`,
          kind: 'withdrawal_payout',
          currency: 'REAL',
          legs: [
            { account: accountCodes.memberHeld(row.memberId), amount: -row.amount },
            { account: accountCodes.paidOut, amount: row.amount },
          ],
          reference: row.publicId,
          memo: reference,
          actor: actorOf(decider),
        });
        await withdrawalRepository.setSettleTransfer(tx, row.id, payout.transferId);
        return {
          memberIds: payout.memberIds,
          audit:
            row.firstApprovedBy === null
              ? { payoutReference: reference }
              : {
                  payoutReference: reference,
                  fourEyes: 'second approval',
                  firstApprovedBy: row.firstApprovedBy,
                  firstPayoutReference: row.firstPayoutReference,
                  approvedBy: me,
                },
          event: {
            type: 'withdrawal-paid',
            memberId: row.memberId,
            amount: row.amount,
            reference: row.publicId,
            at: now,
          },
        };
      },
      'withdrawals approve',
    );
  }

  /** The operator refused: held -> main, status rejected. Only from pending. */
  async reject(publicId: string, reason: string, decider: Actor): Promise<AdminWithdrawal> {
    const why = requireText(reason, 'reason', 500);
    return this.decide(
      publicId,
      decider,
      async (tx, row, now) => {
        const updated = await withdrawalRepository.transition(tx, { id: row.id }, 'pending', 'rejected', {
          reason: why,
          decidedBy: actorOf(decider),
          decidedAt: now,
        });
        if (!updated) throw wrongState(row.status);
        const release = await this.services.ledger.transfer(tx, {
          idempotencyKey: `withdrawal-release:${row.id}`,
          kind: 'withdrawal_release',
          currency: 'REAL',
          legs: [
            { account: accountCodes.memberHeld(row.memberId), amount: -row.amount },
            { account: accountCodes.memberMain(row.memberId), amount: row.amount },
          ],
          reference: row.publicId,
          memo: why,
          actor: actorOf(decider),
        });
        await withdrawalRepository.setSettleTransfer(tx, row.id, release.transferId);
        return { memberIds: release.memberIds, audit: { reason: why } };
      },
      'withdrawals reject',
    );
  }

  private async decide(
    publicId: string,
    decider: Actor,
    work: (
      tx: Executor,
      row: WithdrawalRow,
      now: Date,
    ) => Promise<{
      memberIds: bigint[];
      audit: Record<string, unknown>;
      event?: CashierEvent;
      /** the audit's action when not `command` (four-eyes' first approval) */
      action?: string;
    }>,
    command: string,
  ): Promise<AdminWithdrawal> {
    const { db, clock } = this.services.deps;
    const { memberIds, event } = await db.transaction(async (tx) => {
      const found = await withdrawalRepository.findForAdmin(tx, publicId);
      if (!found) throw notFound('withdrawal');
      const now = clock.now();
      const done = await work(tx, found.withdrawal, now);
      await this.services.audit.record(
        decider,
        done.action ?? command,
        { withdrawal: publicId },
        { amount: formatMoney(found.withdrawal.amount), ...done.audit },
        { tx, at: now },
      );
      // The event is written with the money (ADR 082): a crash after the commit still delivers it.
      const recorded = done.event ? await this.services.events?.record(tx, done.event) : undefined;
      return { memberIds: done.memberIds, event: recorded };
    });
    this.services.ledger.publishBalances(memberIds);
    if (event) await this.services.events?.emit(event);
    return this.adminGet(publicId);
  }

  private async turnoverOf(db: Executor, memberId: bigint): Promise<Turnover> {
    const summary = await this.services.turnover.status(db, memberId);
    return {
      required: formatMoney(summary.required),
      wagered: formatMoney(summary.wagered),
      remaining: formatMoney(summary.remaining),
    };
  }

  private async holdTransfer(
    tx: Executor,
    member: AuthenticatedMember,
    amount: bigint,
    requestId: string,
    publicId: string,
  ) {
    try {
      return await this.services.ledger.transfer(tx, {
        idempotencyKey: `withdrawal:${member.id}:${requestId}`,
        kind: 'withdrawal_hold',
        currency: 'REAL',
        legs: [
          { account: accountCodes.memberMain(member.id), amount: -amount },
          { account: accountCodes.memberHeld(member.id), amount },
        ],
        reference: publicId,
        memo: null,
        actor: `member:${member.publicId}`,
      });
    } catch (error) {
      // The ledger names the account (with our internal member id); the member only needs the code.
      if (error instanceof AppError && error.code === 'INSUFFICIENT_FUNDS') {
        throw new AppError('INSUFFICIENT_FUNDS', 'the balance does not cover the amount', [
          { path: 'amount', message: 'errors.INSUFFICIENT_FUNDS' },
        ]);
      }
      throw error;
    }
  }

  /** An unknown status filter is a caller's mistake, said plainly rather than answered with nothing. */
  private statusFilter(status: string | undefined): WithdrawalStatus | undefined {
    if (status === undefined || status === '') return undefined;
    if (!isStatus(status)) throw invalid([{ path: 'status', message: 'validation.invalid' }]);
    return status;
  }
}

function page<T>(list: T[], query: RecordQuery, total: number): Page<T> {
  return {
    list,
    pageNo: query.pageNo,
    pageSize: query.pageSize,
    totalCount: total,
    totalPages: Math.ceil(total / query.pageSize),
  };
}

export function toWithdrawal(found: WithdrawalWithAccount, autoReceiptMinutes: number): Withdrawal {
  const row = found.withdrawal;
  const status: WithdrawalStatus = isStatus(row.status) ? row.status : 'pending';
  return {
    id: row.publicId,
    amount: formatMoney(row.amount),
    status,
    bankAccount: toBankAccount(found.bankAccount),
    payoutReference: row.payoutReference,
    reason: row.reason,
    forcedReceipt: row.forcedReceipt,
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
    paidAt: row.paidAt?.toISOString() ?? null,
    confirmedAt: row.confirmedAt?.toISOString() ?? null,
    autoReceiptAt:
      status === 'paid' && row.paidAt
        ? new Date(row.paidAt.getTime() + autoReceiptMinutes * 60_000).toISOString()
        : null,
  };
}

/** Staff see the whole account number: they are the ones who send the money to it. */
function toAdminWithdrawal(
  found: WithdrawalWithAccount,
  who: MemberSummary,
  autoReceiptMinutes: number,
  riskFlags: WithdrawalRiskFlag[],
): AdminWithdrawal {
  const base = toWithdrawal(found, autoReceiptMinutes);
  const row = found.withdrawal;
  return {
    ...base,
    bankAccount: { ...base.bankAccount, accountNumber: found.bankAccount.accountNumber },
    memberAccount: who.account,
    memberUsername: who.username,
    memberRealName: who.payeeName,
    firstApproval:
      row.firstApprovedBy && row.firstApprovedAt
        ? {
            by: row.firstApprovedBy,
            at: row.firstApprovedAt.toISOString(),
            payoutReference: row.firstPayoutReference,
          }
        : null,
    awaitingSecondApproval: row.status === 'pending' && row.firstApprovedBy !== null,
    decidedBy: row.decidedBy,
    hold:
      row.heldAt && row.heldBy
        ? { by: row.heldBy, at: row.heldAt.toISOString(), reason: row.holdReason ?? '' }
        : null,
    riskFlags,
  };
}
