import {
  memberTagsBodySchema,
  type LocalizedText,
  type MessageAudience,
  type Page,
  type PlatformMessage,
  type SendMessageBody,
} from '@platform/contract';
import type { AppDeps } from '../../lib/deps.js';
import { invalid, notFound } from '../../lib/errors.js';
import type { Actor, AuditService } from '../audit/index.js';
import { actorName } from '../audit/index.js';
import type { MemberService } from '../member/index.js';
import type { RealtimeService } from '../realtime/index.js';
import { messageRepository, type MessageKind, type MessageRow } from './message.repository.js';

export interface MessageServices {
  deps: Pick<AppDeps, 'db' | 'clock'>;
  members: Pick<MemberService, 'byAccount' | 'idsOfSegment'>;
  realtime: Pick<RealtimeService, 'publish' | 'publishToAll'>;
  audit: AuditService;
  logger?: { warn(object: Record<string, unknown>, message: string): void };
}

const present = (row: MessageRow): PlatformMessage => ({
  id: row.id.toString(),
  kind: row.kind as MessageKind,
  title: row.title,
  body: row.body,
  createdAt: row.createdAt.toISOString(),
  read: row.readAt !== null,
});

const parseId = (id: string): bigint => BigInt(id);

/**
 * Platform messages (messageV2): a member's inbox (list, read, delete, unread count), messages from
 * staff to one member, a segment or everyone, and system messages sent by events. Every change to a
 * member's unread count is pushed to their pages over the WebSocket.
 */
/** A member's tags at most (the contract's memberTagsBodySchema allows as many). */
export const MEMBER_TAGS_MAX = 20;

export class MessageService {
  constructor(private readonly s: MessageServices) {}

  private get db() {
    return this.s.deps.db;
  }

  async list(memberId: bigint, pageNo: number, pageSize: number): Promise<Page<PlatformMessage>> {
    const { rows, total } = await messageRepository.page(this.db, memberId, pageNo, pageSize);
    return {
      list: rows.map(present),
      pageNo,
      pageSize,
      totalCount: total,
      totalPages: Math.max(1, Math.ceil(total / pageSize)),
    };
  }

  async unread(memberId: bigint): Promise<{ count: number }> {
    return { count: await messageRepository.unread(this.db, memberId) };
  }

  async read(memberId: bigint, id: string): Promise<{ count: number }> {
    if (!(await messageRepository.markRead(this.db, memberId, parseId(id), this.s.deps.clock.now()))) {
      throw notFound('message');
    }
    return this.pushUnread(memberId);
  }

  async readAll(memberId: bigint): Promise<{ count: number }> {
    await messageRepository.markAllRead(this.db, memberId, this.s.deps.clock.now());
    return this.pushUnread(memberId);
  }

  async remove(memberId: bigint, id: string): Promise<{ count: number }> {
    if (!(await messageRepository.remove(this.db, memberId, parseId(id)))) throw notFound('message');
    return this.pushUnread(memberId);
  }

  /** Staff send a message to the audience; audited. Answers how many members received it. */
  async send(input: SendMessageBody, by: Actor): Promise<{ recipients: number }> {
    const memberIds = await this.recipients(input.audience);
    await this.db.transaction(async (tx) => {
      await messageRepository.insertMany(tx, memberIds, {
        title: input.title,
        body: input.body,
        kind: 'operator',
        sentBy: actorName(by),
        at: this.s.deps.clock.now(),
      });
      await this.s.audit.record(
        by,
        'messages send',
        { audience: input.audience },
        { title: input.title.en, recipients: memberIds.length },
        { tx },
      );
    });
    await this.announce(memberIds);
    return { recipients: memberIds.length };
  }

  /**
   * A system message sent by an event (a deposit credited, a withdrawal paid). Called after the
   * event's own transaction committed; a failure here is logged, never undoes the event.
   */
  /**
   * A message from an event. `eventKey` names the event (`<type>:<reference>`): delivered again, it adds
   * no second message.
   */
  async system(
    memberId: bigint,
    event: string,
    title: LocalizedText,
    body: LocalizedText,
    eventKey?: string,
  ): Promise<void> {
    await messageRepository.insertMany(this.db, [memberId], {
      title,
      body,
      kind: 'system',
      sentBy: `event:${event}`,
      at: this.s.deps.clock.now(),
      ...(eventKey === undefined ? {} : { eventKey }),
    });
    await this.pushUnread(memberId);
  }

  async tagsOf(account: string): Promise<{ tags: string[] }> {
    const member = await this.memberByAccount(account);
    return { tags: await messageRepository.tagsOf(this.db, member.id) };
  }

  async setTags(account: string, tags: string[], by: Actor): Promise<{ tags: string[] }> {
    // The operator tool reaches here without the route's schema.
    const checked = memberTagsBodySchema.safeParse({ tags });
    if (!checked.success) {
      throw invalid(
        checked.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message })),
      );
    }
    const member = await this.memberByAccount(account);
    await this.db.transaction(async (tx) => {
      await messageRepository.setTags(tx, member.id, tags);
      await this.s.audit.record(by, 'messages tag', { member: account }, { tags }, { tx });
    });
    return { tags: await messageRepository.tagsOf(this.db, member.id) };
  }

  /**
   * One tag added to or removed from a member (the back office's player 360), audited with the tags
   * before and after and the staff member's reason. A tag already there (or already gone) changes
   * nothing and is not audited. At most MEMBER_TAGS_MAX tags per member, as setTags allows.
   */
  async changeTag(
    account: string,
    tag: string,
    change: 'add' | 'remove',
    by: Actor,
    options: { reason?: string | undefined; ip?: string | null | undefined } = {},
  ): Promise<{ tags: string[] }> {
    const member = await this.memberByAccount(account);
    await this.db.transaction(async (tx) => {
      const before = await messageRepository.tagsOf(tx, member.id);
      if (change === 'add' && !before.includes(tag) && before.length >= MEMBER_TAGS_MAX) {
        throw invalid([{ path: 'tag', message: `at most ${MEMBER_TAGS_MAX} tags per member` }]);
      }
      const changed =
        change === 'add'
          ? await messageRepository.addTag(tx, member.id, tag)
          : await messageRepository.removeTag(tx, member.id, tag);
      if (!changed) return;
      const after = change === 'add' ? [...before, tag].sort() : before.filter((each) => each !== tag);
      await this.s.audit.record(
        by,
        `players tag ${change}`,
        { member: account },
        { tag },
        {
          tx,
          before: { tags: before },
          after: { tags: after },
          ...(options.reason ? { reason: options.reason } : {}),
          ...(options.ip ? { ip: options.ip } : {}),
        },
      );
    });
    return { tags: await messageRepository.tagsOf(this.db, member.id) };
  }

  private async memberByAccount(account: string) {
    const member = await this.s.members.byAccount(account);
    if (!member) throw notFound('member');
    return member;
  }

  private async recipients(audience: MessageAudience): Promise<bigint[]> {
    switch (audience.kind) {
      case 'member':
        return [(await this.memberByAccount(audience.account)).id];
      case 'rank':
        if (audience.maxLevel !== undefined && audience.maxLevel < audience.minLevel) {
          throw invalid([{ path: 'audience.maxLevel', message: 'validation.rankRange' }]);
        }
        return this.s.members.idsOfSegment(audience);
      case 'team': {
        const agent = await this.memberByAccount(audience.agentAccount);
        return this.s.members.idsOfSegment({ kind: 'team', agentId: agent.id });
      }
      case 'tag':
        return messageRepository.idsWithTag(this.db, audience.tag);
      case 'everyone':
        return this.s.members.idsOfSegment({ kind: 'everyone' });
    }
  }

  /** Pushes the member's unread count to their pages; answers it. */
  private async pushUnread(memberId: bigint): Promise<{ count: number }> {
    const unread = await this.unread(memberId);
    await this.s.realtime
      .publish(memberId, { type: 'unread', count: unread.count })
      .catch((error: unknown) => {
        this.s.logger?.warn({ err: error }, 'messages: pushing the unread count failed');
      });
    return unread;
  }

  /**
   * After a send: a few members get their own count; a crowd gets one broadcast telling every page to
   * refetch (one NOTIFY instead of thousands).
   */
  private async announce(memberIds: readonly bigint[]): Promise<void> {
    if (memberIds.length <= 20) {
      for (const memberId of memberIds) await this.pushUnread(memberId);
      return;
    }
    await this.s.realtime.publishToAll({ type: 'unread', count: null }).catch((error: unknown) => {
      this.s.logger?.warn({ err: error }, 'messages: pushing the unread change failed');
    });
  }
}
