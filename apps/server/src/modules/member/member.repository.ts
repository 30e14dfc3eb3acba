import { aliasedTable, and, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm';
import { accountTypes } from '@platform/contract';
import type { Executor } from '../../db/database.js';
import { preparedPer } from '../../lib/prepared.js';
import { member, memberMessage } from '../../db/schema.js';
import { memberAvatar, passwordResetToken } from './member.schema.js';

export type MemberRow = typeof member.$inferSelect;

/** A group of members to address at once (messages to a segment). */
export type MemberSegment =
  | { kind: 'rank'; minLevel: number; maxLevel?: number | undefined }
  | { kind: 'team'; agentId: bigint }
  | { kind: 'everyone' };
export type ResetTokenRow = typeof passwordResetToken.$inferSelect;

export interface MemberProfileRow {
  member: MemberRow;
  uplineAccount: string | null;
  avatarUpdatedAt: Date | null;
}

export interface AvatarRow {
  contentType: string;
  bytes: Buffer;
  updatedAt: Date;
}

const upline = aliasedTable(member, 'upline');

/** What another module may know of a player: who it is, its account type and whether it may play. */
export interface PlayerRow {
  id: bigint;
  publicId: string;
  type: number;
  status: string;
}
const playerColumns = { id: member.id, publicId: member.publicId, type: member.type, status: member.status };

/** What staff may lock or suspend of a member (the back office's Players -> Actions). */
export interface MemberStanding {
  id: bigint;
  account: string;
  username: string;
  type: number;
  email: string | null;
  countryDialingCode: string | null;
  mobile: string | null;
  /** active; locked by staff; anything else: disabled */
  status: string;
  bettingSuspended: boolean;
  withdrawalsSuspended: boolean;
}
export type StandingChange = Partial<
  Pick<MemberStanding, 'status' | 'bettingSuspended' | 'withdrawalsSuspended'>
>;
const standingColumns = {
  id: member.id,
  account: member.account,
  username: member.username,
  type: member.type,
  email: member.email,
  countryDialingCode: member.countryDialingCode,
  mobile: member.mobile,
  status: member.status,
  bettingSuspended: member.bettingSuspended,
  withdrawalsSuspended: member.withdrawalsSuspended,
};

/** Who asked, as staff queues show it: account number, username and the real name on file. */
export interface MemberSummary {
  id: bigint;
  account: string;
  username: string;
  payeeName: string | null;
}

/** The member-info call reads this on every page load: planned once per connection. */
const profileById = preparedPer((db: Executor) =>
  db
    .select({ member, uplineAccount: upline.account, avatarUpdatedAt: memberAvatar.updatedAt })
    .from(member)
    .leftJoin(upline, eq(upline.id, member.uplineId))
    .leftJoin(memberAvatar, eq(memberAvatar.memberId, member.id))
    .where(eq(member.id, sql.placeholder('id')))
    .limit(1)
    .prepare('member_profile_by_id'),
);

export const memberRepository = {
  async findPlayer(db: Executor, key: { id: bigint } | { publicId: string }): Promise<PlayerRow | null> {
    const where = 'id' in key ? eq(member.id, key.id) : eq(member.publicId, key.publicId);
    const [row] = await db.select(playerColumns).from(member).where(where).limit(1);
    return row ?? null;
  },

  async findById(db: Executor, id: bigint): Promise<MemberRow | null> {
    const rows = await db.select().from(member).where(eq(member.id, id)).limit(1);
    return rows[0] ?? null;
  },

  /** The member with the upline's account and the avatar's version, in one read. */
  async findByAccount(
    db: Executor,
    account: string,
  ): Promise<{ id: bigint; account: string; username: string; type: number } | null> {
    const [row] = await db
      .select({ id: member.id, account: member.account, username: member.username, type: member.type })
      .from(member)
      .where(eq(member.account, account))
      .limit(1);
    return row ?? null;
  },

  /** Several members in one query; an unknown id is simply absent from the map. */
  async summariesOf(db: Executor, ids: readonly bigint[]): Promise<Map<bigint, MemberSummary>> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return new Map();
    const rows = await db
      .select({
        id: member.id,
        account: member.account,
        username: member.username,
        payeeName: member.payeeName,
      })
      .from(member)
      .where(inArray(member.id, unique));
    return new Map(rows.map((row) => [row.id, row]));
  },

  /** The owner of a referral code, compared without case. */
  async findByReferralCode(db: Executor, code: string): Promise<{ type: number; status: string } | null> {
    const [row] = await db
      .select({ type: member.type, status: member.status })
      .from(member)
      .where(eq(sql`lower(${member.referralCode})`, code.toLowerCase()))
      .limit(1);
    return row ?? null;
  },

  /** The member's real name (payee name), locked for the caller's transaction when `lock` is set. */
  async payeeOf(
    db: Executor,
    id: bigint,
    lock: boolean,
  ): Promise<{ id: bigint; payeeName: string | null } | null> {
    const query = db
      .select({ id: member.id, payeeName: member.payeeName })
      .from(member)
      .where(eq(member.id, id));
    const rows = await (lock ? query.for('update').limit(1) : query.limit(1));
    return rows[0] ?? null;
  },

  /** Sets the real name only while there is none; false when one was already there. */
  async setPayeeNameIfEmpty(db: Executor, id: bigint, payeeName: string): Promise<boolean> {
    const rows = await db
      .update(member)
      .set({ payeeName })
      .where(and(eq(member.id, id), sql`coalesce(trim(${member.payeeName}), '') = ''`))
      .returning({ id: member.id });
    return rows.length > 0;
  },

  async secretsOf(
    db: Executor,
    id: bigint,
  ): Promise<{ passwordHash: string | null; paymentPasswordHash: string | null } | null> {
    const rows = await db
      .select({ paymentPasswordHash: member.paymentPasswordHash, passwordHash: member.passwordHash })
      .from(member)
      .where(eq(member.id, id))
      .limit(1);
    return rows[0] ?? null;
  },

  async rankLevelOf(db: Executor, id: bigint): Promise<number | null> {
    const rows = await db
      .select({ rankLevel: member.rankLevel })
      .from(member)
      .where(eq(member.id, id))
      .limit(1);
    return rows[0]?.rankLevel ?? null;
  },

  async setRankLevel(db: Executor, id: bigint, level: number): Promise<void> {
    await db.update(member).set({ rankLevel: level }).where(eq(member.id, id));
  },

  async realMemberIdsAfter(db: Executor, afterId: bigint, limit: number): Promise<bigint[]> {
    const rows = await db
      .select({ id: member.id })
      .from(member)
      .where(and(gt(member.id, afterId), ne(member.type, accountTypes.trial)))
      .orderBy(member.id)
      .limit(limit);
    return rows.map((row) => row.id);
  },

  /**
   * Moves a member below another upline (or none). The agent tree follows by trigger (ADR 045), which
   * refuses a cycle; the UPDATE locks the row for the caller's transaction. False: no such member.
   */
  async setUpline(db: Executor, id: bigint, uplineId: bigint | null): Promise<boolean> {
    const rows = await db
      .update(member)
      .set({ uplineId })
      .where(eq(member.id, id))
      .returning({ id: member.id });
    return rows.length > 0;
  },

  /** The member's standing by account number; `lock` holds the row for the caller's transaction. */
  async standingByAccount(db: Executor, account: string, lock = false): Promise<MemberStanding | null> {
    const query = db.select(standingColumns).from(member).where(eq(member.account, account)).limit(1);
    const [row] = lock ? await query.for('update') : await query;
    return row ?? null;
  },

  async standingOf(db: Executor, id: bigint): Promise<MemberStanding | null> {
    const [row] = await db.select(standingColumns).from(member).where(eq(member.id, id)).limit(1);
    return row ?? null;
  },

  async setStanding(db: Executor, id: bigint, change: StandingChange): Promise<void> {
    await db.update(member).set(change).where(eq(member.id, id));
  },

  async setPaymentPasswordHash(db: Executor, id: bigint, hash: string): Promise<void> {
    await db.update(member).set({ paymentPasswordHash: hash }).where(eq(member.id, id));
  },

  async findProfile(db: Executor, id: bigint): Promise<MemberProfileRow | null> {
    const rows = await profileById(db).execute({ id });
    return rows[0] ?? null;
  },

  /** Username and email both compared without regard to case. */
  async findByUsernameAndEmail(db: Executor, username: string, email: string): Promise<MemberRow | null> {
    const rows = await db
      .select()
      .from(member)
      .where(
        and(
          sql`lower(${member.username}) = lower(${username})`,
          sql`lower(${member.email}) = lower(${email})`,
        ),
      )
      .limit(1);
    return rows[0] ?? null;
  },

  async findByMobile(db: Executor, dialingCode: string, mobile: string): Promise<MemberRow | null> {
    const rows = await db
      .select()
      .from(member)
      .where(and(eq(member.countryDialingCode, dialingCode), eq(member.mobile, mobile)))
      .limit(1);
    return rows[0] ?? null;
  },

  async setPassword(db: Executor, id: bigint, passwordHash: string, at: Date): Promise<void> {
    await db.update(member).set({ passwordHash, passwordChangedAt: at }).where(eq(member.id, id));
  },

  async updateProfile(
    db: Executor,
    id: bigint,
    changes: { nickname?: string | null; email?: string | null },
  ): Promise<void> {
    if (Object.keys(changes).length === 0) return;
    await db.update(member).set(changes).where(eq(member.id, id));
  },

  async upsertAvatar(
    db: Executor,
    row: { memberId: bigint; contentType: string; bytes: Buffer; at: Date },
  ): Promise<void> {
    await db
      .insert(memberAvatar)
      .values({ memberId: row.memberId, contentType: row.contentType, bytes: row.bytes, updatedAt: row.at })
      .onConflictDoUpdate({
        target: memberAvatar.memberId,
        set: { contentType: row.contentType, bytes: row.bytes, updatedAt: row.at },
      });
  },

  async avatarByPublicId(db: Executor, publicId: string): Promise<AvatarRow | null> {
    const rows = await db
      .select({
        contentType: memberAvatar.contentType,
        bytes: memberAvatar.bytes,
        updatedAt: memberAvatar.updatedAt,
      })
      .from(memberAvatar)
      .innerJoin(member, eq(member.id, memberAvatar.memberId))
      .where(eq(member.publicId, publicId))
      .limit(1);
    return rows[0] ?? null;
  },

  async countUnreadMessages(db: Executor, memberId: bigint): Promise<number> {
    const rows = await db
      .select({ value: sql<number>`count(*)::int` })
      .from(memberMessage)
      .where(and(eq(memberMessage.memberId, memberId), isNull(memberMessage.readAt)));
    return rows[0]?.value ?? 0;
  },

  async insertResetToken(
    db: Executor,
    row: { memberId: bigint; tokenHash: string; at: Date; expiresAt: Date },
  ): Promise<void> {
    await db.insert(passwordResetToken).values({
      memberId: row.memberId,
      tokenHash: row.tokenHash,
      createdAt: row.at,
      expiresAt: row.expiresAt,
    });
  },

  async findResetToken(db: Executor, tokenHash: string): Promise<ResetTokenRow | null> {
    const rows = await db
      .select()
      .from(passwordResetToken)
      .where(eq(passwordResetToken.tokenHash, tokenHash))
      .limit(1);
    return rows[0] ?? null;
  },

  /** Marks a token used if it is still unused and unexpired; false when another request got there first. */
  async useResetToken(db: Executor, id: bigint, at: Date): Promise<boolean> {
    const rows = await db
      .update(passwordResetToken)
      .set({ usedAt: at })
      .where(
        and(
          eq(passwordResetToken.id, id),
          isNull(passwordResetToken.usedAt),
          gt(passwordResetToken.expiresAt, at),
        ),
      )
      .returning({ id: passwordResetToken.id });
    return rows.length > 0;
  },

  /** Marks every still-open token of a member used. */
  async closeResetTokens(db: Executor, memberId: bigint, at: Date): Promise<void> {
    await db
      .update(passwordResetToken)
      .set({ usedAt: at })
      .where(and(eq(passwordResetToken.memberId, memberId), isNull(passwordResetToken.usedAt)));
  },

  /**
   * Active real members (trial accounts excluded) of a segment: a rank range, an agent's whole
   * downline (every level, through a recursive walk of upline_id), or everyone.
   */
  async idsOfSegment(db: Executor, segment: MemberSegment): Promise<bigint[]> {
    const real = sql`${member.status} = 'active' and ${member.type} <> 4`;
    if (segment.kind === 'team') {
      const result = await db.execute(sql`
        with recursive team(id) as (
          select id from member where upline_id = ${segment.agentId}
          union
          select m.id from member m join team t on m.upline_id = t.id
        )
        select m.id::text as id from member m join team t on t.id = m.id
        where m.status = 'active' and m.type <> 4`);
      // Both drivers answer { rows }; the Database type leaves the shape open.
      return (result as unknown as { rows: { id: string }[] }).rows.map((row) => BigInt(row.id));
    }
    const where =
      segment.kind === 'rank'
        ? and(
            real,
            sql`${member.rankLevel} >= ${segment.minLevel}`,
            segment.maxLevel === undefined ? undefined : sql`${member.rankLevel} <= ${segment.maxLevel}`,
          )
        : real;
    const rows = await db.select({ id: member.id }).from(member).where(where);
    return rows.map((row) => row.id);
  },

  /** What a chat message shows of its sender. */
  async chatProfileOf(
    db: Executor,
    id: bigint,
  ): Promise<{
    publicId: string;
    account: string;
    nickname: string | null;
    rankLevel: number;
    type: number;
    status: string;
  } | null> {
    const [row] = await db
      .select({
        type: member.type,
        status: member.status,
        publicId: member.publicId,
        account: member.account,
        nickname: member.nickname,
        rankLevel: member.rankLevel,
      })
      .from(member)
      .where(eq(member.id, id))
      .limit(1);
    return row ?? null;
  },
};
