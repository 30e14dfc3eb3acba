import { randomBytes } from 'node:crypto';
import { formatMoney, parseMoney, type PromotionApplication } from '@platform/contract';
import type { AppDeps } from '../../lib/deps.js';
import type { AuthenticatedMember } from '../../lib/caller.js';
import { AppError, notFound } from '../../lib/errors.js';
import type { AcceptedImage } from '../../lib/image-intake.js';
import type { Actor, AuditService } from '../audit/index.js';
import { actorName } from '../audit/index.js';
import type { ContentService } from '../content/index.js';
import type { MemberService } from '../member/index.js';
import { accountCodes, type LedgerService, type TurnoverService } from '../wallet/index.js';
import {
  applicationRepository,
  isDuplicateApplication,
  type ApplicationRow,
} from './application.repository.js';

export interface ApplicationServices {
  deps: Pick<AppDeps, 'db' | 'clock'>;
  promotions: Pick<ContentService, 'promotionDetail'>;
  members: Pick<MemberService, 'summariesOf'>;
  ledger: LedgerService;
  turnover: Pick<TurnoverService, 'require'>;
  audit: AuditService;
  /** told after an approval or a rejection (a system message to the member) */
  onDecided?: (event: { memberId: bigint; approved: boolean; bonus: bigint | null }) => Promise<void>;
}

const present = (row: ApplicationRow): PromotionApplication => ({
  id: row.publicId,
  promotionId: row.promotionId,
  status: row.status as PromotionApplication['status'],
  comment: row.comment,
  images: row.images,
  bonus: row.bonus === null ? null : formatMoney(row.bonus),
  turnoverRequired: row.turnoverRequired === null ? null : formatMoney(row.turnoverRequired),
  reason: row.reason,
  appliedAt: row.appliedAt.toISOString(),
  claimedAt: row.claimedAt?.toISOString() ?? null,
});

const wrongState = (status: string) =>
  new AppError('INVALID_STATE', `the application is ${status}`, undefined, { status });

/**
 * Promotions a member applies for (SPEC sections 4 and 5): apply with a comment and images, the
 * operator approves (bonus and turnover) or rejects (reason), the member claims: the bonus moves from
 * the house to the member's bonus account through the ledger under the key `promotion-claim:<id>`,
 * once, with its turnover requirement recorded in the same transaction.
 */
export class ApplicationService {
  constructor(private readonly s: ApplicationServices) {}

  private get db() {
    return this.s.deps.db;
  }

  async apply(
    member: AuthenticatedMember,
    promotionId: string,
    comment: string,
    images: AcceptedImage[],
  ): Promise<PromotionApplication> {
    await this.s.promotions.promotionDetail(promotionId, 'en');
    const publicId = `app_${randomBytes(10).toString('hex')}`;
    try {
      await applicationRepository.insert(
        this.db,
        {
          publicId,
          promotionId,
          memberId: member.id,
          comment,
          status: 'applying',
          appliedAt: this.s.deps.clock.now(),
        },
        images,
      );
    } catch (error) {
      if (isDuplicateApplication(error))
        throw new AppError('ALREADY_APPLIED', 'already applied for this promotion');
      throw error;
    }
    return this.find(publicId);
  }

  async mine(member: AuthenticatedMember): Promise<PromotionApplication[]> {
    return (await applicationRepository.ofMember(this.db, member.id)).map(present);
  }

  async list(status: string | undefined) {
    const rows = await applicationRepository.list(this.db, status);
    const who = await this.s.members.summariesOf(
      this.db,
      rows.map((row) => row.memberId),
    );
    return rows.map((row) => ({ ...present(row), account: who.get(row.memberId)?.account ?? '' }));
  }

  async approve(publicId: string, input: { bonus: string; turnoverMultiple: number }, by: Actor) {
    const bonus = parseMoney(input.bonus);
    const turnoverRequired = bonus * BigInt(input.turnoverMultiple);
    const row = await this.decide(publicId, by, 'applications approve', {
      status: 'issued',
      bonus,
      turnoverRequired,
    });
    await this.s.onDecided?.({ memberId: row.memberId, approved: true, bonus });
    return this.adminView(publicId);
  }

  async reject(publicId: string, reason: string, by: Actor) {
    const row = await this.decide(publicId, by, 'applications reject', {
      status: 'rejected',
      reason: reason.trim(),
    });
    await this.s.onDecided?.({ memberId: row.memberId, approved: false, bonus: null });
    return this.adminView(publicId);
  }

  /** The member takes an approved bonus: credited once, whatever the number of concurrent claims. */
  async claim(member: AuthenticatedMember, publicId: string): Promise<PromotionApplication> {
    const now = this.s.deps.clock.now();
    const memberIds = await this.db.transaction(async (tx) => {
      const id = await applicationRepository.transition(tx, { publicId, memberId: member.id }, 'issued', {
        status: 'claimed',
        claimedAt: now,
      });
      if (id === null) {
        const row = await applicationRepository.byPublicId(tx, publicId);
        if (!row || row.memberId !== member.id) throw notFound('application');
        if (row.status === 'claimed') throw new AppError('ALREADY_CLAIMED', 'already claimed');
        throw wrongState(row.status);
      }
      const row = await applicationRepository.byPublicId(tx, publicId);
      if (!row?.bonus) throw wrongState('issued without a bonus');
      const result = await this.s.ledger.transfer(tx, {
        idempotencyKey: `promotion-claim:${row.publicId}`,
        kind: 'bonus',
        currency: 'REAL',
        legs: [
          { account: accountCodes.house, amount: -row.bonus },
          { account: accountCodes.memberBonus(member.id), amount: row.bonus },
        ],
        reference: row.publicId,
        memo: `promotion ${row.promotionId}`,
        actor: `member:${member.publicId}`,
      });
      await applicationRepository.transition(tx, { publicId }, 'claimed', { transferId: result.transferId });
      if (!result.repeated && (row.turnoverRequired ?? 0n) > 0n) {
        await this.s.turnover.require(tx, {
          memberId: member.id,
          transferId: result.transferId,
          required: row.turnoverRequired ?? 0n,
          source: 'promotion',
          createdAt: now,
        });
      }
      return result.memberIds;
    });
    this.s.ledger.publishBalances(memberIds);
    return this.find(publicId);
  }

  private async decide(
    publicId: string,
    by: Actor,
    command: string,
    set: { status: 'issued' | 'rejected'; bonus?: bigint; turnoverRequired?: bigint; reason?: string },
  ): Promise<ApplicationRow> {
    const now = this.s.deps.clock.now();
    await this.db.transaction(async (tx) => {
      const id = await applicationRepository.transition(tx, { publicId }, 'applying', {
        ...set,
        decidedAt: now,
        decidedBy: actorName(by),
      });
      if (id === null) {
        const row = await applicationRepository.byPublicId(tx, publicId);
        if (!row) throw notFound('application');
        throw wrongState(row.status);
      }
      await this.s.audit.record(
        by,
        command,
        { application: publicId },
        {
          ...(set.bonus !== undefined ? { bonus: formatMoney(set.bonus) } : {}),
          ...(set.turnoverRequired !== undefined
            ? { turnoverRequired: formatMoney(set.turnoverRequired) }
            : {}),
          ...(set.reason !== undefined ? { reason: set.reason } : {}),
        },
        { tx, at: now },
      );
    });
    const row = await applicationRepository.byPublicId(this.db, publicId);
    if (!row) throw notFound('application');
    return row;
  }

  private async find(publicId: string): Promise<PromotionApplication> {
    const row = await applicationRepository.byPublicId(this.db, publicId);
    if (!row) throw notFound('application');
    return present(row);
  }

  private async adminView(publicId: string) {
    const row = await applicationRepository.byPublicId(this.db, publicId);
    if (!row) throw notFound('application');
    const who = await this.s.members.summariesOf(this.db, [row.memberId]);
    return { ...present(row), account: who.get(row.memberId)?.account ?? '' };
  }
}
