import {
  MONEY_PATTERN,
  accountTypes,
  formatMoney,
  parseMoney,
  type Balance,
  type StaffApproval,
} from '@platform/contract';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/database.js';
import type { AuthenticatedAdmin } from '../../lib/access.js';
import type { Rng } from '../../lib/rng.js';
import { staffApproval } from './admin.schema.js';
import type { StaffSettings } from './admin.service.js';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { adminActor, type AuditService } from '../audit/index.js';
import { accountCodes, type LedgerService } from '../wallet/index.js';
import type { MemberService } from '../member/index.js';

/**
 * No single correction is larger than this (100,000,000.00): a slip of the keyboard should not mint
 * a fortune, and a member's balance stays far from bigint's end.
 */
export const MAX_ADJUSTMENT_MINOR = 10_000_000_000n;

export interface AdjustmentRequest {
  /** the member's account number */
  account: string;
  /** signed decimal text: a credit is positive, a debit negative */
  amount: string;
  reason: string;
  /** the caller's id for this correction; a repeat moves nothing and answers the balance */
  requestId: string;
  /** admin:<username> or cli:<user> */
  actor: string;
}

/**
 * A bonus with its turnover requirement, paid in the caller's transaction by the rewards module (built
 * after this one, so handed over late: useBonusGrant). Null when the request id already granted.
 */
export type BonusGrant = (
  tx: Executor,
  grant: {
    memberId: bigint;
    amount: bigint;
    turnoverMultiple: number;
    requestId: string;
    reason: string;
    actor: string;
  },
) => Promise<{ transferId: bigint; memberIds: bigint[]; turnoverRequired: bigint } | null>;

export interface BonusRequest {
  account: string;
  /** major units, more than zero */
  amount: string;
  turnoverMultiple: number;
  reason: string;
  requestId: string;
}

export interface BonusAnswer {
  amount: string;
  turnoverRequired: string;
  /** false: waiting for a second member of staff (approval) */
  granted: boolean;
  approval: StaffApproval | null;
}

/** A bonus's requirement: the amount times the multiple, in hundredths, as the rewards module counts it. */
const requirementOf = (amount: bigint, multiple: number): bigint =>
  (amount * BigInt(Math.round(multiple * 100))) / 100n;

/**
 * Manual balance corrections by operator staff: a credit moves money from the house to the member's
 * main wallet, a debit back. Trial accounts hold demo money only and are refused.
 */
export class AdjustmentService {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly ledger: LedgerService,
    private readonly audit: Pick<AuditService, 'record'>,
    private readonly members: Pick<MemberService, 'byAccount'>,
    private readonly settings: StaffSettings,
    private readonly rng: Rng,
  ) {}

  /**
   * A correction asked for in the back office: carried out at once up to staff.fourEyes.adjustment;
   * above it, recorded as an approval that a second member of staff confirms (confirm), and nothing
   * moves until then. The same request id asks once.
   */
  async request(
    admin: AuthenticatedAdmin,
    input: Omit<AdjustmentRequest, 'actor'>,
  ): Promise<Balance & { approval: StaffApproval | null }> {
    const checked = await this.check({ ...input, actor: adminActor(admin) });
    const limit = (await this.settings.get('staff.fourEyes')).adjustment;
    const magnitude = checked.amount < 0n ? -checked.amount : checked.amount;
    if (limit === null || magnitude <= parseMoney(limit)) {
      const { sumBalance, demo } = await this.adjust({ ...input, actor: adminActor(admin) });
      return { sumBalance, demo, approval: null };
    }
    const at = this.clock.now();
    const approval = await this.db.transaction(async (tx) => {
      const [inserted] = await tx
        .insert(staffApproval)
        .values({
          publicId: `AP${this.rng.bytes(8).toString('hex').toUpperCase()}`,
          kind: 'adjustment',
          requestId: checked.requestId,
          subject: checked.member.account,
          amount: checked.amount,
          reason: checked.reason,
          payload: {},
          requestedBy: adminActor(admin),
          requestedAt: at,
          state: 'pending',
        })
        .onConflictDoNothing({ target: staffApproval.requestId })
        .returning();
      if (!inserted) {
        const [existing] = await tx
          .select()
          .from(staffApproval)
          .where(eq(staffApproval.requestId, checked.requestId));
        if (
          !existing ||
          existing.kind !== 'adjustment' ||
          existing.subject !== checked.member.account ||
          existing.amount !== checked.amount
        ) {
          throw new AppError('CONFLICT', 'this request id was used for another correction');
        }
        return existing;
      }
      await this.audit.record(
        { admin },
        'adjust requested',
        { account: checked.member.account, approval: inserted.publicId },
        { amount: formatMoney(checked.amount), requestId: checked.requestId },
        { tx, at, reason: checked.reason },
      );
      return inserted;
    });
    const balance = await this.ledger.balanceOf(this.db, accountCodes.memberMain(checked.member.id));
    return { sumBalance: formatMoney(balance), demo: false, approval: approvalOf(approval) };
  }

  private bonusGrant: BonusGrant | null = null;

  /** The rewards module's grant, handed over once it is built. */
  useBonusGrant(grant: BonusGrant): void {
    this.bonusGrant = grant;
  }

  /**
   * A bonus granted by staff (the back office's Players -> Actions): paid at once up to
   * staff.fourEyes.bonus, with its turnover requirement; above it, recorded as an approval (kind bonus)
   * that a second member of staff confirms exactly as an adjustment's. The same request id grants once.
   */
  async requestBonus(admin: AuthenticatedAdmin, input: BonusRequest): Promise<BonusAnswer> {
    const checked = await this.check({ ...input, actor: adminActor(admin) });
    if (checked.amount <= 0n) {
      throw new AppError('VALIDATION_FAILED', 'invalid amount', [
        { path: 'amount', message: 'a bonus is more than zero' },
      ]);
    }
    const multiple = input.turnoverMultiple;
    if (!Number.isFinite(multiple) || multiple < 0 || multiple > 100) {
      throw new AppError('VALIDATION_FAILED', 'invalid turnover multiple', [
        { path: 'turnoverMultiple', message: 'from 0 to 100' },
      ]);
    }
    const required = requirementOf(checked.amount, multiple);
    const answer = (granted: boolean, approval: StaffApproval | null): BonusAnswer => ({
      amount: formatMoney(checked.amount),
      turnoverRequired: formatMoney(required),
      granted,
      approval,
    });
    const limit = (await this.settings.get('staff.fourEyes')).bonus;
    if (limit === null || checked.amount <= parseMoney(limit)) {
      await this.grantBonus(admin, {
        memberId: checked.member.id,
        account: checked.member.account,
        amount: checked.amount,
        turnoverMultiple: multiple,
        requestId: checked.requestId,
        reason: checked.reason,
        requestedBy: null,
      });
      return answer(true, null);
    }
    const at = this.clock.now();
    const approval = await this.db.transaction(async (tx) => {
      const [inserted] = await tx
        .insert(staffApproval)
        .values({
          publicId: `AP${this.rng.bytes(8).toString('hex').toUpperCase()}`,
          kind: 'bonus',
          requestId: checked.requestId,
          subject: checked.member.account,
          amount: checked.amount,
          reason: checked.reason,
          payload: { turnoverMultiple: multiple },
          requestedBy: adminActor(admin),
          requestedAt: at,
          state: 'pending',
        })
        .onConflictDoNothing({ target: staffApproval.requestId })
        .returning();
      if (!inserted) {
        const [existing] = await tx
          .select()
          .from(staffApproval)
          .where(eq(staffApproval.requestId, checked.requestId));
        if (
          !existing ||
          existing.kind !== 'bonus' ||
          existing.subject !== checked.member.account ||
          existing.amount !== checked.amount
        ) {
          throw new AppError('CONFLICT', 'this request id was used for another request');
        }
        return existing;
      }
      await this.audit.record(
        { admin },
        'bonus requested',
        { account: checked.member.account, approval: inserted.publicId },
        {
          amount: formatMoney(checked.amount),
          turnoverMultiple: multiple,
          turnoverRequired: formatMoney(required),
          requestId: checked.requestId,
        },
        { tx, at, reason: checked.reason, before: null, after: approvalOf(inserted) },
      );
      return inserted;
    });
    return answer(approval.state === 'confirmed', approvalOf(approval));
  }

  /**
   * Pays a bonus through the rewards module, its audit row (the bonus wallet before and after) in the
   * same transaction; inside an approval's confirmation when `tx` is given.
   */
  private async grantBonus(
    admin: AuthenticatedAdmin,
    grant: {
      memberId: bigint;
      account: string;
      amount: bigint;
      turnoverMultiple: number;
      requestId: string;
      reason: string;
      /** the one who asked, when a second member of staff confirms */
      requestedBy: string | null;
      approval?: string;
    },
    tx?: Executor,
  ): Promise<bigint[]> {
    const pay = this.bonusGrant;
    if (!pay) throw new Error('admin: no bonus grant (useBonusGrant was not called)');
    const run = async (db: Executor): Promise<bigint[]> => {
      const bonusAccount = accountCodes.memberBonus(grant.memberId);
      const before = await this.ledger.balanceOf(db, bonusAccount);
      const paid = await pay(db, {
        memberId: grant.memberId,
        amount: grant.amount,
        turnoverMultiple: grant.turnoverMultiple,
        requestId: grant.requestId,
        reason: grant.reason,
        actor: adminActor(admin),
      });
      if (!paid) return [];
      await this.audit.record(
        { admin },
        'bonus',
        { account: grant.account, ...(grant.approval ? { approval: grant.approval } : {}) },
        {
          amount: formatMoney(grant.amount),
          turnoverMultiple: grant.turnoverMultiple,
          requestId: grant.requestId,
          transferId: paid.transferId.toString(),
          ...(grant.requestedBy ? { requestedBy: grant.requestedBy, confirmedBy: adminActor(admin) } : {}),
        },
        {
          tx: db,
          reason: grant.reason,
          before: { bonusBalance: formatMoney(before) },
          after: {
            bonusBalance: formatMoney(before + grant.amount),
            turnoverRequired: formatMoney(paid.turnoverRequired),
          },
        },
      );
      return paid.memberIds;
    };
    if (tx) return run(tx);
    const memberIds = await this.db.transaction(run);
    this.ledger.publishBalances(memberIds);
    return memberIds;
  }

  async approvals(
    filter: { state?: StaffApproval['state'] | undefined },
    page: { pageNo: number; pageSize: number; order: 'asc' | 'desc' },
  ): Promise<{ items: StaffApproval[]; total: number }> {
    const where = filter.state ? eq(staffApproval.state, filter.state) : undefined;
    const rows = await this.db
      .select()
      .from(staffApproval)
      .where(where)
      .orderBy(page.order === 'asc' ? asc(staffApproval.id) : desc(staffApproval.id))
      .offset((page.pageNo - 1) * page.pageSize)
      .limit(page.pageSize);
    const [count] = await this.db
      .select({ total: sql<number>`count(*)::int` })
      .from(staffApproval)
      .where(where);
    return { items: rows.map(approvalOf), total: count?.total ?? 0 };
  }

  /**
   * The second member of staff confirms: the correction is made, in the same transaction as the
   * approval's change of state, so two confirming at once make it once. The one who asked cannot.
   */
  async confirm(admin: AuthenticatedAdmin, publicId: string): Promise<StaffApproval> {
    const at = this.clock.now();
    const confirmer = adminActor(admin);
    // The member is looked up before the transaction: the member service reads on its own connection.
    const [first] = await this.db.select().from(staffApproval).where(eq(staffApproval.publicId, publicId));
    if (!first) throw new AppError('NOT_FOUND', `no approval ${publicId}`);
    const found = await this.members.byAccount(first.subject);
    if (!found) throw new AppError('NOT_FOUND', `no member with account ${first.subject}`);
    const main = accountCodes.memberMain(found.id);
    const { approval, memberIds } = await this.db.transaction(async (tx) => {
      const row = await this.lockApproval(tx, publicId);
      if (row.requestedBy === confirmer) {
        throw new AppError('CONFLICT', 'a second member of staff confirms what you asked for');
      }
      if (row.kind === 'bonus') {
        const memberIds = await this.grantBonus(
          admin,
          {
            memberId: found.id,
            account: row.subject,
            amount: row.amount,
            turnoverMultiple: bonusMultipleOf(row),
            requestId: row.requestId,
            reason: row.reason,
            requestedBy: row.requestedBy,
            approval: row.publicId,
          },
          tx,
        );
        return { approval: await this.decide(tx, row, confirmer, at), memberIds };
      }
      const transfer = await this.ledger.transfer(tx, {
        idempotencyKey: `adjust:${row.requestId}`,
        kind: 'adjustment',
        currency: 'REAL',
        legs: [
          { account: accountCodes.house, amount: -row.amount },
          { account: main, amount: row.amount },
        ],
        reference: row.requestId,
        memo: row.reason,
        actor: confirmer,
      });
      const [updated] = await tx
        .update(staffApproval)
        .set({ state: 'confirmed', decidedBy: confirmer, decidedAt: at })
        .where(and(eq(staffApproval.id, row.id), eq(staffApproval.state, 'pending')))
        .returning();
      if (!updated)
        throw new AppError('INVALID_STATE', 'decided meanwhile', undefined, { status: 'decided' });
      await this.audit.record(
        { admin },
        'adjust',
        { account: row.subject, approval: row.publicId },
        {
          amount: formatMoney(row.amount),
          requestId: row.requestId,
          requestedBy: row.requestedBy,
          confirmedBy: confirmer,
          transferId: transfer.transferId.toString(),
        },
        { tx, at, reason: row.reason },
      );
      return { approval: updated, memberIds: transfer.memberIds };
    });
    this.ledger.publishBalances(memberIds);
    return approvalOf(approval);
  }

  async reject(admin: AuthenticatedAdmin, publicId: string, reason: string): Promise<StaffApproval> {
    const at = this.clock.now();
    return this.db.transaction(async (tx) => {
      const row = await this.lockApproval(tx, publicId);
      const [updated] = await tx
        .update(staffApproval)
        .set({ state: 'rejected', decidedBy: adminActor(admin), decidedAt: at, decisionReason: reason })
        .where(eq(staffApproval.id, row.id))
        .returning();
      if (!updated) throw new Error('a locked approval vanished');
      await this.audit.record(
        { admin },
        row.kind === 'bonus' ? 'bonus rejected' : 'adjust rejected',
        { account: row.subject, approval: row.publicId },
        { amount: formatMoney(row.amount), requestedBy: row.requestedBy },
        { tx, at, reason },
      );
      return approvalOf(updated);
    });
  }

  /** A pending approval confirmed, in the transaction that carried it out. */
  private async decide(
    tx: Executor,
    row: typeof staffApproval.$inferSelect,
    confirmer: string,
    at: Date,
  ): Promise<typeof staffApproval.$inferSelect> {
    const [updated] = await tx
      .update(staffApproval)
      .set({ state: 'confirmed', decidedBy: confirmer, decidedAt: at })
      .where(and(eq(staffApproval.id, row.id), eq(staffApproval.state, 'pending')))
      .returning();
    if (!updated) throw new AppError('INVALID_STATE', 'decided meanwhile', undefined, { status: 'decided' });
    return updated;
  }

  private async lockApproval(tx: Executor, publicId: string): Promise<typeof staffApproval.$inferSelect> {
    const [row] = await tx
      .select()
      .from(staffApproval)
      .where(eq(staffApproval.publicId, publicId))
      .for('update');
    if (!row) throw new AppError('NOT_FOUND', `no approval ${publicId}`);
    if (row.state !== 'pending') {
      throw new AppError('INVALID_STATE', `this approval is ${row.state}`, undefined, { status: row.state });
    }
    return row;
  }

  /** The checks every correction passes, whoever carries it out. */
  private async check(request: AdjustmentRequest) {
    const amount = this.amountOf(request.amount);
    const reason = request.reason.trim();
    if (reason.length < 2 || reason.length > 500) {
      throw new AppError('VALIDATION_FAILED', 'a reason is needed', [
        { path: 'reason', message: '2 to 500 characters' },
      ]);
    }
    if (!/^[A-Za-z0-9_-]{8,64}$/.test(request.requestId)) {
      throw new AppError('VALIDATION_FAILED', 'invalid request id', [
        { path: 'requestId', message: '8 to 64 letters, digits, _ or -' },
      ]);
    }
    const member = await this.members.byAccount(request.account);
    if (!member) throw new AppError('NOT_FOUND', `no member with account ${request.account}`);
    if (member.type === accountTypes.trial) {
      throw new AppError('NEED_REAL_ACCOUNT', 'trial accounts hold demo money only');
    }
    return { amount, reason, requestId: request.requestId, member };
  }

  async adjust(request: AdjustmentRequest): Promise<Balance & { repeated: boolean }> {
    const { amount, reason, member: found } = await this.check(request);
    const main = accountCodes.memberMain(found.id);
    const at = this.clock.now();
    const result = await this.db.transaction(async (tx) => {
      const transfer = await this.ledger.transfer(tx, {
        idempotencyKey: `adjust:${request.requestId}`,
        kind: 'adjustment',
        currency: 'REAL',
        legs: [
          { account: accountCodes.house, amount: -amount },
          { account: main, amount },
        ],
        reference: request.requestId,
        memo: reason,
        actor: request.actor,
      });
      // The audit row commits with the movement, so the books never show one without the other.
      if (!transfer.repeated) {
        await this.audit.record(
          request.actor,
          'adjust',
          { account: found.account },
          {
            amount: formatMoney(amount),
            reason,
            requestId: request.requestId,
            transferId: transfer.transferId.toString(),
          },
          { tx, at },
        );
      }
      return transfer;
    });
    this.ledger.publishBalances(result.memberIds);
    const balance = result.balances[main] ?? (await this.ledger.balanceOf(this.db, main));
    return { sumBalance: formatMoney(balance), demo: false, repeated: result.repeated };
  }

  private amountOf(text: string): bigint {
    const trimmed = text.trim();
    if (!MONEY_PATTERN.test(trimmed)) {
      throw new AppError('VALIDATION_FAILED', 'invalid amount', [
        { path: 'amount', message: 'a decimal with at most 2 decimals, e.g. 150.00 or -20.50' },
      ]);
    }
    const amount = parseMoney(trimmed);
    if (amount === 0n) {
      throw new AppError('VALIDATION_FAILED', 'invalid amount', [
        { path: 'amount', message: 'must not be zero' },
      ]);
    }
    const magnitude = amount < 0n ? -amount : amount;
    if (magnitude > MAX_ADJUSTMENT_MINOR) {
      throw new AppError('AMOUNT_OUT_OF_RANGE', 'adjustment too large', undefined, {
        max: formatMoney(MAX_ADJUSTMENT_MINOR),
      });
    }
    return amount;
  }
}

/** A bonus approval's turnover multiple, kept in its payload. */
const bonusMultipleOf = (row: typeof staffApproval.$inferSelect): number => {
  const payload = row.payload as { turnoverMultiple?: unknown } | null;
  return typeof payload?.turnoverMultiple === 'number' ? payload.turnoverMultiple : 0;
};

const approvalOf = (row: typeof staffApproval.$inferSelect): StaffApproval => ({
  id: row.publicId,
  kind: row.kind === 'bonus' ? 'bonus' : 'adjustment',
  memberAccount: row.subject,
  amount: formatMoney(row.amount),
  turnoverMultiple: row.kind === 'bonus' ? bonusMultipleOf(row) : null,
  reason: row.reason,
  requestedBy: row.requestedBy,
  requestedAt: row.requestedAt.toISOString(),
  state: row.state === 'confirmed' || row.state === 'rejected' ? row.state : 'pending',
  decidedBy: row.decidedBy,
  decidedAt: row.decidedAt?.toISOString() ?? null,
  decisionReason: row.decisionReason,
});
