import {
  accountTypeSchema,
  validateField,
  type AccountType,
  type Issue,
  type MemberInfo,
  type updateProfileBodySchema,
} from '@platform/contract';
import type { z } from 'zod';
import type { Executor } from '../../db/database.js';
import { AppError, invalid, notFound } from '../../lib/errors.js';
import type { AppDeps } from '../../lib/deps.js';
import type { SettingsService } from '../system/index.js';
import { isPasswordExpired, type AuthenticatedMember, type AuthServices } from '../auth/index.js';
import { acceptUploadedImage } from '../../lib/image-intake.js';
import { maskEmail, maskMobile } from '../../lib/mask.js';
import {
  memberRepository,
  type AvatarRow,
  type MemberSegment,
  type MemberStanding,
  type MemberSummary,
  type PlayerRow,
  type StandingChange,
} from './member.repository.js';

type UpdateProfileBody = z.infer<typeof updateProfileBodySchema>;

export interface MemberServices {
  deps: AppDeps;
  settings: SettingsService;
  clubLabels: AuthServices['clubLabels'];
}

/** SPEC section 5 allows 5 MB for activity images; an avatar is shown at 64 px, 2 MB is plenty. */
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
/** An avatar is shown at most a few hundred pixels wide. */
const AVATAR_IMAGE_LIMITS = { maxInputPixels: 50_000_000, maxStoredSide: 512 };
export const NICKNAME_MAX_LENGTH = 32;

/**
 * Control characters break layouts and logs; angle brackets are refused so a nickname can never carry
 * markup into a page or an email that forgot to escape it; bidirectional overrides would let a name
 * display as something else. Joiners (U+200C, U+200D) stay allowed: Bengali spelling needs them.
 */
const FORBIDDEN_IN_NICKNAME = /[\p{Cc}<>\u202A-\u202E\u2066-\u2069]/u;

const avatarPath = (publicId: string) => `/wps/member/avatar/${encodeURIComponent(publicId)}`;
const avatarUrlOf = (publicId: string, updatedAt: Date) => `${avatarPath(publicId)}?v=${updatedAt.getTime()}`;

const accountTypeOf = (type: number): AccountType => {
  const parsed = accountTypeSchema.safeParse(type);
  // An unknown stored type shows as a plain member rather than failing the member centre.
  return parsed.success ? parsed.data : 0;
};

/** The member's own profile: info, nickname and email, avatar, unread count. */
export class MemberService {
  constructor(private readonly services: MemberServices) {}

  /** A player by internal or public id, through the caller's executor (a transaction when it moves money). */
  async playerOf(db: Executor, key: { id: bigint } | { publicId: string }): Promise<PlayerRow | null> {
    return memberRepository.findPlayer(db, key);
  }

  /** A member by account number (staff name members by it), or null. */
  async byAccount(
    account: string,
  ): Promise<{ id: bigint; account: string; username: string; type: number } | null> {
    return memberRepository.findByAccount(this.services.deps.db, account);
  }

  /**
   * Who asked, for the cashier's views and staff queues: one query for a whole page, through the
   * caller's executor (a transaction's own when called inside one).
   */
  async summariesOf(db: Executor, ids: readonly bigint[]): Promise<Map<bigint, MemberSummary>> {
    return memberRepository.summariesOf(db, ids);
  }

  /** The ids of the active real members of a segment (messages to a rank, a team, everyone). */
  async idsOfSegment(segment: MemberSegment): Promise<bigint[]> {
    return memberRepository.idsOfSegment(this.services.deps.db, segment);
  }

  /** What a chat message shows of its sender, or null. */
  async chatProfileOf(id: bigint) {
    return memberRepository.chatProfileOf(this.services.deps.db, id);
  }

  /** The type and status of a referral code's owner (the registration's invitation check), or null. */
  async byReferralCode(code: string): Promise<{ type: number; status: string } | null> {
    return memberRepository.findByReferralCode(this.services.deps.db, code);
  }

  // What the cashier keeps on the member's own row, through the caller's executor (a transaction when it
  // writes): the real name bank accounts must match, and the login and payment password hashes.

  /** The member's real name; `lock` holds the row for the caller's transaction (one bind at a time). */
  async payeeOf(
    db: Executor,
    memberId: bigint,
    lock = false,
  ): Promise<{ id: bigint; payeeName: string | null } | null> {
    return memberRepository.payeeOf(db, memberId, lock);
  }

  /** Sets the real name only while there is none; false when one was already there. */
  async setPayeeNameIfEmpty(tx: Executor, memberId: bigint, payeeName: string): Promise<boolean> {
    return memberRepository.setPayeeNameIfEmpty(tx, memberId, payeeName);
  }

  async secretsOf(
    db: Executor,
    memberId: bigint,
  ): Promise<{ passwordHash: string | null; paymentPasswordHash: string | null } | null> {
    return memberRepository.secretsOf(db, memberId);
  }

  /** The member's rank level (the club label's rankLevel), kept by the loyalty module. */
  async rankLevelOf(db: Executor, memberId: bigint): Promise<number | null> {
    return memberRepository.rankLevelOf(db, memberId);
  }

  async setRankLevel(tx: Executor, memberId: bigint, level: number): Promise<void> {
    await memberRepository.setRankLevel(tx, memberId, level);
  }

  /** Real (not trial) members from `afterId`, in id order: the rank evaluation walks them in pages. */
  async realMemberIdsAfter(db: Executor, afterId: bigint, limit: number): Promise<bigint[]> {
    return memberRepository.realMemberIdsAfter(db, afterId, limit);
  }

  /**
   * The member's standing (login lock, suspensions) by account number, through the caller's executor;
   * `lock` holds the row for the caller's transaction, so two members of staff change it one at a time.
   */
  async standingByAccount(db: Executor, account: string, lock = false): Promise<MemberStanding | null> {
    return memberRepository.standingByAccount(db, account, lock);
  }

  /** Sets the member's login status or suspensions (staff's Players -> Actions), in the caller's transaction. */
  async setStanding(tx: Executor, memberId: bigint, change: StandingChange): Promise<void> {
    await memberRepository.setStanding(tx, memberId, change);
  }

  /** Refuses a new bet of a member whose betting staff suspended (BETTING_SUSPENDED). */
  async assertMayBet(db: Executor, memberId: bigint): Promise<void> {
    const standing = await memberRepository.standingOf(db, memberId);
    if (standing?.bettingSuspended) {
      throw new AppError('BETTING_SUSPENDED', 'betting is suspended on this account');
    }
  }

  /** Refuses a new withdrawal of a member whose withdrawals staff suspended (WITHDRAWALS_SUSPENDED). */
  async assertMayWithdraw(db: Executor, memberId: bigint): Promise<void> {
    const standing = await memberRepository.standingOf(db, memberId);
    if (standing?.withdrawalsSuspended) {
      throw new AppError('WITHDRAWALS_SUSPENDED', 'withdrawals are suspended on this account');
    }
  }

  async setPaymentPasswordHash(tx: Executor, memberId: bigint, hash: string): Promise<void> {
    await memberRepository.setPaymentPasswordHash(tx, memberId, hash);
  }

  async info(memberId: bigint): Promise<MemberInfo> {
    const found = await memberRepository.findProfile(this.services.deps.db, memberId);
    if (!found) throw notFound('member');
    const row = found.member;
    return {
      id: row.publicId,
      userName: row.username,
      account: row.account,
      nickname: row.nickname,
      type: accountTypeOf(row.type),
      toUpline: found.uplineAccount,
      clubLabel: await this.services.clubLabels.of(row.rankLevel, this.services.deps.db),
      firstTimeLogin: row.firstLoginAt === null,
      passwordExpired: await isPasswordExpired(this.services, row),
      mobileNum: row.mobile ? maskMobile(row.mobile) : null,
      countryDialingCode: row.countryDialingCode,
      email: row.email ? maskEmail(row.email) : null,
      payeeName: row.payeeName,
      avatarUrl: found.avatarUpdatedAt ? avatarUrlOf(row.publicId, found.avatarUpdatedAt) : null,
      referralCode: row.referralCode,
      createdAt: row.createdAt.toISOString(),
      lastLoginAt: row.lastLoginAt?.toISOString() ?? null,
      lastLoginIp: row.lastLoginIp,
      hasPaymentPassword: row.paymentPasswordHash !== null,
    };
  }

  /**
   * Nickname and email; a field left out stays as it is, an empty email removes it. Every field is
   * checked before anything is written, so bad input changes nothing.
   */
  async updateProfile(member: AuthenticatedMember, body: UpdateProfileBody): Promise<MemberInfo> {
    const issues: Issue[] = [];
    const changes: { nickname?: string; email?: string | null } = {};
    if (body.nickname !== undefined) {
      const nickname = body.nickname.trim();
      const length = [...nickname].length;
      if (length === 0) {
        issues.push({ path: 'nickname', message: 'validation.required' });
      } else if (length > NICKNAME_MAX_LENGTH || FORBIDDEN_IN_NICKNAME.test(nickname)) {
        issues.push({
          path: 'nickname',
          message: 'validation.nickname',
          params: { min: 1, max: NICKNAME_MAX_LENGTH },
        });
      } else {
        changes.nickname = nickname;
      }
    }
    if (body.email !== undefined) {
      const email = body.email.trim();
      const rule = (await this.services.settings.get('register.fields')).email;
      // The rule's pattern applies even when registration does not show the field: a reset link
      // must be able to reach whatever is stored here.
      const error = validateField(email, rule);
      if (error) issues.push({ path: 'email', message: error.key, params: error.params });
      else changes.email = email === '' ? null : email;
    }
    if (issues.length > 0) throw invalid(issues);
    await memberRepository.updateProfile(this.services.deps.db, member.id, changes);
    return this.info(member.id);
  }

  /** Stores a PNG or JPEG re-encoded from the upload; the URL changes with each upload so caches pick it up. */
  async uploadAvatar(member: AuthenticatedMember, bytes: Buffer): Promise<{ avatarUrl: string }> {
    if (bytes.length > AVATAR_MAX_BYTES) throw avatarTooLarge();
    if (bytes.length === 0) throw invalid([{ path: 'icon', message: 'validation.required' }]);
    const image = await acceptUploadedImage(bytes, 'icon', AVATAR_IMAGE_LIMITS);
    const at = this.services.deps.clock.now();
    await memberRepository.upsertAvatar(this.services.deps.db, {
      memberId: member.id,
      contentType: image.contentType,
      bytes: image.bytes,
      at,
    });
    return { avatarUrl: avatarUrlOf(member.publicId, at) };
  }

  async avatar(publicId: string): Promise<AvatarRow> {
    const found = await memberRepository.avatarByPublicId(this.services.deps.db, publicId);
    if (!found) throw notFound('avatar');
    return found;
  }

  async unread(memberId: bigint): Promise<{ count: number }> {
    return { count: await memberRepository.countUnreadMessages(this.services.deps.db, memberId) };
  }
}

export function avatarTooLarge(): AppError {
  return invalid([
    {
      path: 'icon',
      message: 'validation.fileTooLarge',
      params: { max: AVATAR_MAX_BYTES, maxMb: AVATAR_MAX_BYTES / 1024 / 1024 },
    },
  ]);
}
