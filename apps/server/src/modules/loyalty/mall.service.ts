import { randomBytes } from 'node:crypto';
import {
  formatMoney,
  parseMoney,
  pickText,
  type AdminMallItem,
  type CreateMallItemBody,
  type MallItem,
  type RedeemRecord,
  type UpdateMallItemBody,
} from '@platform/contract';
import type { Executor } from '../../db/database.js';
import type { AuthenticatedMember } from '../../lib/caller.js';
import type { AppDeps } from '../../lib/deps.js';
import { AppError, invalid, notFound } from '../../lib/errors.js';
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

const presentAdminItem = (row: MallItemRow): AdminMallItem => ({
  id: row.publicId,
  kind: row.kind as AdminMallItem['kind'],
  name: { bn: row.name.bn, en: row.name.en },
  description: { bn: row.description.bn, en: row.description.en },
  imageUrl: row.imageUrl,
  points: Number(row.points),
  bonus: row.bonus === null ? null : formatMoney(row.bonus),
  stock: row.stock,
  perMemberLimit: row.perMemberLimit,
  active: row.active,
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
const requestReused = () =>
  new AppError('IDEMPOTENCY_CONFLICT', 'this request id was used for another redeem');

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

  /**
   * Spends the member's points on pieces of an item, held for the operator's review. The member's request
   * id makes it once: a retry (or the same click twice at once) answers the first redeem and spends
   * nothing again; the id used for another item or quantity is refused with nothing changed.
   */
  async redeem(
    member: AuthenticatedMember,
    itemId: string,
    body: { quantity: number; requestId: string },
    language: string,
  ): Promise<RedeemRecord> {
    const { quantity, requestId } = body;
    const earlierOf = async (tx: Executor, item: bigint | null) => {
      const earlier = await mallRepository.redeemByRequest(tx, member.id, requestId);
      if (!earlier) return null;
      if ((item !== null && earlier.itemId !== item) || earlier.quantity !== quantity) throw requestReused();
      return earlier.reference;
    };
    const retried = await earlierOf(this.db, null);
    if (retried) return presentRedeem(await this.find(retried), language);
    const reference = await this.db.transaction(async (tx) => {
      const item = await mallRepository.lockItem(tx, itemId);
      if (!item) throw notFound('item');
      // Under the item's lock: a copy of this request that got here first is answered, not repeated.
      const earlier = await earlierOf(tx, item.id);
      if (earlier) return earlier;
      const already = (await mallRepository.redeemedBy(tx, member.id)).get(item.id) ?? 0;
      if (already + quantity > item.perMemberLimit) {
        throw new AppError('REDEEM_LIMIT_REACHED', 'the per-member limit of this item is reached');
      }
      if (item.stock < quantity) throw new AppError('OUT_OF_STOCK', 'not enough pieces left');
      const fresh = this.newReference();
      await mallRepository.addStock(tx, item.id, -quantity);
      const points = item.points * BigInt(quantity);
      const moved = await this.s.points.move(tx, {
        memberId: member.id,
        key: `redeem:${member.id}:${requestId}`,
        kind: 'redeem',
        changed: -points,
        reference: fresh,
      });
      // The same request id racing on another item: the points went once, for the other redeem.
      if (moved.repeated) throw requestReused();
      await mallRepository.insertRedeem(tx, {
        reference: fresh,
        memberId: member.id,
        itemId: item.id,
        quantity,
        points,
        bonus: item.kind === 'bonus' && item.bonus !== null ? item.bonus * BigInt(quantity) : null,
        requestId,
        status: 'process',
        appliedAt: this.s.deps.clock.now(),
      });
      return fresh;
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
      // What the member was shown when redeeming; older rows (no bonus stored) fall back to the item's.
      const amount =
        row.bonus ??
        (row.item.kind === 'bonus' && row.item.bonus !== null ? row.item.bonus * BigInt(row.quantity) : 0n);
      if (amount > 0n) {
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

  /** The operator's items, active or not (admin call and operator tool). */
  async adminItems(): Promise<AdminMallItem[]> {
    return (await mallRepository.allItems(this.db)).map(presentAdminItem);
  }

  /** A new item (checked by the contract's schema, by the route or the operator tool), audited. */
  async createItem(by: Actor, body: Required<CreateMallItemBody>): Promise<AdminMallItem> {
    const now = this.s.deps.clock.now();
    return this.db.transaction(async (tx) => {
      const row = await mallRepository.insertItem(tx, {
        publicId: `itm_${randomBytes(6).toString('hex')}`,
        kind: body.kind,
        name: body.name,
        description: body.description,
        imageUrl: body.imageUrl,
        points: BigInt(body.points),
        bonus: body.bonus === null ? null : parseMoney(body.bonus),
        stock: body.stock,
        perMemberLimit: body.perMemberLimit,
      });
      await this.s.audit.record(
        by,
        'mall add',
        { item: row.publicId },
        { kind: row.kind, points: body.points, stock: body.stock, bonus: body.bonus },
        { tx, at: now },
      );
      return presentAdminItem(row);
    });
  }

  /** Edits an item's texts, price, bonus or limit (its kind stays), audited with what changed. */
  async updateItem(by: Actor, publicId: string, body: UpdateMallItemBody): Promise<AdminMallItem> {
    return this.change(by, publicId, 'mall edit', (row) => {
      if (body.bonus !== undefined && row.kind !== 'bonus')
        throw invalid([{ path: 'bonus', message: 'a physical item has no bonus' }]);
      return {
        ...(body.name ? { name: body.name } : {}),
        ...(body.description ? { description: body.description } : {}),
        ...(body.imageUrl !== undefined ? { imageUrl: body.imageUrl } : {}),
        ...(body.points !== undefined ? { points: BigInt(body.points) } : {}),
        ...(body.bonus !== undefined ? { bonus: parseMoney(body.bonus) } : {}),
        ...(body.perMemberLimit !== undefined ? { perMemberLimit: body.perMemberLimit } : {}),
      };
    });
  }

  /** A disabled item leaves the mall at once; redeems already made stay to be reviewed. */
  setActive(by: Actor, publicId: string, active: boolean): Promise<AdminMallItem> {
    return this.change(by, publicId, active ? 'mall enable' : 'mall disable', () => ({ active }));
  }

  /** The pieces on the shelf, set under the item's lock (a redeem at the same time waits for it). */
  setStock(by: Actor, publicId: string, stock: number): Promise<AdminMallItem> {
    return this.change(by, publicId, 'mall stock', () => ({ stock }));
  }

  private async change(
    by: Actor,
    publicId: string,
    command: string,
    work: (row: MallItemRow) => Parameters<typeof mallRepository.setItem>[2],
  ): Promise<AdminMallItem> {
    const now = this.s.deps.clock.now();
    return this.db.transaction(async (tx) => {
      const row = await mallRepository.lockAnyItem(tx, publicId);
      if (!row) throw notFound('item');
      const set = work(row);
      const updated = await mallRepository.setItem(tx, publicId, set);
      if (!updated) throw notFound('item');
      const detail = Object.fromEntries(
        Object.entries(set).map(([key, value]) => [
          key,
          typeof value === 'bigint' ? value.toString() : (value as unknown),
        ]),
      );
      await this.s.audit.record(by, command, { item: publicId }, detail, { tx, at: now });
      return presentAdminItem(updated);
    });
  }
}
