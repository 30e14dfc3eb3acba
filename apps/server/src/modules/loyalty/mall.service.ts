import { formatMoney, pickText, type MallItem, type RedeemRecord } from '@platform/contract';
import type { AuthenticatedMember } from '../../lib/caller.js';
import type { AppDeps } from '../../lib/deps.js';
import { AppError, notFound } from '../../lib/errors.js';
import { actorName, type Actor, type AuditService } from '../audit/index.js';
import type { MemberService } from '../member/index.js';
import { accountCodes, type LedgerService } from '../wallet/index.js';
import { mallRepository, type MallItemRow, type RedeemRow } from './mall.repository.js';
import type { PointsService } from './points.service.js';

export interface MallServices {
  deps: Pick<AppDeps, 'db' | 'clock' | 'rng'>;
  points: PointsService;
  ledger: LedgerService;
  audit: AuditService;
  members: Pick<MemberService, 'summariesOf'>;
}

const HEX = '0123456789ABCDEF';

const presentItem = (row: MallItemRow, language: string, redeemed: number): MallItem => ({
  id: row.publicId,
  kind: row.kind as MallItem['kind'],
  name: pickText(row.name, language),
  description: pickText(row.description, language),
  imageUrl: row.imageUrl,
  points: Number(row.points),
  bonus: row.bonus === null ? null : formatMoney(row.bonus),
  stock: row.stock,
  perMemberLimit: row.perMemberLimit,
  redeemed,
});

const presentRedeem = (row: RedeemRow, language: string): RedeemRecord => ({
  referenceNo: row.reference,
  applyTime: row.appliedAt.toISOString(),
  type: row.item.kind as RedeemRecord['type'],
  name: pickText(row.item.name, language),
  quantity: row.quantity,
  points: Number(row.points),
  status: row.status as RedeemRecord['status'],
  reason: row.reason,
});

const pageOf = <T>(list: T[], total: number, pageNo: number, pageSize: number) => ({
  list,
  pageNo,
  pageSize,
  totalCount: total,
  totalPages: Math.ceil(total / pageSize),
});

/**
 * The point mall: items with stock and a per-member limit, redeemed for points. A redeem locks its
 * item, so stock never goes below zero and the limit holds however many redeems race; the points are
 * spent in the same transaction. The operator approves (a bonus item's money is credited then, once)
 * or rejects (the points and the stock come back, once).
 */
export class MallService {
  constructor(private readonly s: MallServices) {}

  private get db() {
    return this.s.deps.db;
  }

  async items(member: AuthenticatedMember, language: string): Promise<MallItem[]> {
    const [items, redeemed] = await Promise.all([
      mallRepository.activeItems(this.db),
      mallRepository.redeemedBy(this.db, member.id),
    ]);
    return items.map((row) => presentItem(row, language, redeemed.get(row.id) ?? 0));
  }

  async redeem(
    member: AuthenticatedMember,
    itemId: string,
    quantity: number,
    language: string,
  ): Promise<RedeemRecord> {
    const reference = this.newReference();
    await this.db.transaction(async (tx) => {
      const item = await mallRepository.lockItem(tx, itemId);
      if (!item) throw notFound('item');
      const already = (await mallRepository.redeemedBy(tx, member.id)).get(item.id) ?? 0;
      if (already + quantity > item.perMemberLimit) {
        throw new AppError('REDEEM_LIMIT_REACHED', 'the per-member limit of this item is reached');
      }
      if (item.stock < quantity) throw new AppError('OUT_OF_STOCK', 'not enough pieces left');
      await mallRepository.addStock(tx, item.id, -quantity);
      const points = item.points * BigInt(quantity);
      await this.s.points.move(tx, {
        memberId: member.id,
        key: `redeem:${reference}`,
        kind: 'redeem',
        changed: -points,
        reference,
      });
      await mallRepository.insertRedeem(tx, {
        reference,
        memberId: member.id,
        itemId: item.id,
        quantity,
        points,
        status: 'process',
        appliedAt: this.s.deps.clock.now(),
      });
    });
    return presentRedeem(await this.find(reference), language);
  }

  async records(member: AuthenticatedMember, pageNo: number, pageSize: number, language: string) {
    const { rows, total } = await mallRepository.redeems(
      this.db,
      { memberId: member.id },
      { offset: (pageNo - 1) * pageSize, limit: pageSize },
    );
    return pageOf(
      rows.map((row) => presentRedeem(row, language)),
      total,
      pageNo,
      pageSize,
    );
  }

  async adminRecords(status: string | undefined, pageNo: number, pageSize: number) {
    const { rows, total } = await mallRepository.redeems(this.db, status === undefined ? {} : { status }, {
      offset: (pageNo - 1) * pageSize,
      limit: pageSize,
    });
    const who = await this.s.members.summariesOf(
      this.db,
      rows.map((row) => row.memberId),
    );
    return pageOf(
      rows.map((row) => ({ ...presentRedeem(row, 'en'), account: who.get(row.memberId)?.account ?? '' })),
      total,
      pageNo,
      pageSize,
    );
  }

  /** Approves a redeem in process; a bonus item's money goes to the member's bonus account, once. */
  async approve(reference: string, by: Actor) {
    const now = this.s.deps.clock.now();
    const memberIds = await this.db.transaction(async (tx) => {
      const id = await mallRepository.decide(tx, reference, {
        status: 'approved',
        decidedAt: now,
        decidedBy: actorName(by),
      });
      const row = await mallRepository.redeemByReference(tx, reference);
      if (!row) throw notFound('redeem');
      if (id === null) throw this.wrongState(row.status);
      let moved: bigint[] = [];
      if (row.item.kind === 'bonus' && row.item.bonus !== null && row.item.bonus > 0n) {
        const amount = row.item.bonus * BigInt(row.quantity);
        const result = await this.s.ledger.transfer(tx, {
          idempotencyKey: `mall-redeem:${reference}`,
          kind: 'bonus',
          currency: 'REAL',
          legs: [
            { account: accountCodes.house, amount: -amount },
            { account: accountCodes.memberBonus(row.memberId), amount },
          ],
          reference,
          memo: `point mall: ${row.item.name.en} x${row.quantity}`,
          actor: actorName(by),
        });
        moved = result.memberIds;
      }
      await this.s.audit.record(by, 'points redeem approve', { redeem: reference }, {}, { tx, at: now });
      return moved;
    });
    this.s.ledger.publishBalances(memberIds);
    return this.adminView(reference);
  }

  /** Rejects a redeem in process: its points and its pieces come back, once. */
  async reject(reference: string, reason: string, by: Actor) {
    const now = this.s.deps.clock.now();
    await this.db.transaction(async (tx) => {
      const id = await mallRepository.decide(tx, reference, {
        status: 'rejected',
        reason: reason.trim(),
        decidedAt: now,
        decidedBy: actorName(by),
      });
      const row = await mallRepository.redeemByReference(tx, reference);
      if (!row) throw notFound('redeem');
      if (id === null) throw this.wrongState(row.status);
      // The item before the points account, in the order a redeem locks them (no deadlock between the two).
      await mallRepository.addStock(tx, row.itemId, row.quantity);
      await this.s.points.move(tx, {
        memberId: row.memberId,
        key: `refund:${reference}`,
        kind: 'refund',
        changed: row.points,
        reference,
      });
      await this.s.audit.record(
        by,
        'points redeem reject',
        { redeem: reference },
        { reason: reason.trim() },
        { tx, at: now },
      );
    });
    return this.adminView(reference);
  }

  private wrongState(status: string) {
    return new AppError('INVALID_STATE', `the redeem is ${status}`, undefined, { status });
  }

  private newReference(): string {
    let text = 'RD';
    for (let index = 0; index < 16; index += 1) text += HEX[this.s.deps.rng.int(0, 16)];
    return text;
  }

  private async find(reference: string): Promise<RedeemRow> {
    const row = await mallRepository.redeemByReference(this.db, reference);
    if (!row) throw notFound('redeem');
    return row;
  }

  private async adminView(reference: string) {
    const row = await this.find(reference);
    const who = await this.s.members.summariesOf(this.db, [row.memberId]);
    return { ...presentRedeem(row, 'en'), account: who.get(row.memberId)?.account ?? '' };
  }

  /** The operator's items (operator tool). */
  allItems() {
    return mallRepository.allItems(this.db);
  }

  addItem(row: Parameters<typeof mallRepository.insertItem>[1]) {
    return mallRepository.insertItem(this.db, row);
  }

  setItem(publicId: string, set: Parameters<typeof mallRepository.setItem>[2]) {
    return mallRepository.setItem(this.db, publicId, set);
  }
}
