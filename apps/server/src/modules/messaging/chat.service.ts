import type { ChatMessage, ChatRoom } from '@platform/contract';
import type { AppDeps } from '../../lib/deps.js';
import type { AuthenticatedMember } from '../../lib/caller.js';
import { AppError, invalid, notFound } from '../../lib/errors.js';
import { maskUsername } from '../../lib/mask.js';
import type { Actor, AuditService } from '../audit/index.js';
import { actorName } from '../audit/index.js';
import type { MemberService } from '../member/index.js';
import type { RealtimeService } from '../realtime/index.js';
import { filterWords } from './chat-filter.js';
import { chatRepository, type ChatMessageRow, type ChatRoomRow } from './chat.repository.js';

/** A member may send this many messages per window; more is RATE_LIMITED until the oldest ages out. */
export const CHAT_RATE = { messages: 5, windowMs: 10_000 } as const;
export const CHAT_TOPIC_PREFIX = 'chat:';
const TRIAL_TYPE = 4;

export interface ChatServices {
  deps: Pick<AppDeps, 'db' | 'clock' | 'config'>;
  members: Pick<MemberService, 'byAccount' | 'chatProfileOf'>;
  realtime: Pick<RealtimeService, 'publishTopic'>;
  audit: AuditService;
  logger?: { warn(object: Record<string, unknown>, message: string): void };
}

const present = (row: ChatMessageRow, senderId: string): ChatMessage => ({
  id: row.id.toString(),
  room: row.room,
  sender: row.sender,
  senderId,
  rankLevel: row.rankLevel,
  text: row.text,
  sentAt: row.createdAt.toISOString(),
});

/** What a room shows of a sender: the nickname, else the account masked as every public list masks it. */
const senderName = (profile: { nickname: string | null; account: string }): string =>
  profile.nickname?.trim() || maskUsername(profile.account);

/**
 * The chat room: rooms by language and rank, history, sending (rate-limited, word-filtered, refused
 * to muted members and trial accounts), read marks (unReadCount), and moderation. New and removed
 * messages go to the room's subscribers through the realtime hub's topics, so they reach a member on
 * any server instance (PostgreSQL LISTEN/NOTIFY).
 */
export class ChatService {
  /** the public id each member's messages carry, kept per process (it never changes) */
  private readonly publicIds = new Map<bigint, string>();

  constructor(private readonly s: ChatServices) {}

  private get db() {
    return this.s.deps.db;
  }

  /** May this member read and write the room? Trial accounts never; VIP rooms from their rank. */
  async canEnter(memberId: bigint, room: ChatRoomRow): Promise<boolean> {
    const profile = await this.s.members.chatProfileOf(memberId);
    return (
      profile !== null &&
      profile.type !== TRIAL_TYPE &&
      profile.status === 'active' &&
      profile.rankLevel >= room.minRankLevel
    );
  }

  /** The realtime hub asks this before a socket hears `chat:<room>`. */
  async mayHear(memberId: bigint, topic: string): Promise<boolean> {
    const room = await chatRepository.room(this.db, topic.slice(CHAT_TOPIC_PREFIX.length));
    return room !== null && (await this.canEnter(memberId, room));
  }

  async rooms(member: AuthenticatedMember): Promise<ChatRoom[]> {
    const profile = await this.s.members.chatProfileOf(member.id);
    const rooms = (await chatRepository.rooms(this.db)).filter(
      (room) => (profile?.rankLevel ?? 0) >= room.minRankLevel,
    );
    const reads = await chatRepository.lastReads(this.db, member.id);
    return Promise.all(
      rooms.map(async (room) => ({
        code: room.code,
        name: room.name,
        language: room.language,
        minRankLevel: room.minRankLevel,
        unReadCount: await chatRepository.unreadIn(this.db, room.code, member.id, reads.get(room.code) ?? 0n),
      })),
    );
  }

  /** unReadCount over every room the member may enter (0 for a trial account). */
  async unread(member: AuthenticatedMember): Promise<{ unReadCount: number }> {
    if (member.type === TRIAL_TYPE) return { unReadCount: 0 };
    const rooms = await this.rooms(member);
    return { unReadCount: rooms.reduce((sum, room) => sum + room.unReadCount, 0) };
  }

  async history(
    member: AuthenticatedMember,
    code: string,
    query: { before?: string | undefined; limit: number },
  ): Promise<{ list: ChatMessage[] }> {
    await this.enter(member, code);
    const rows = await chatRepository.history(
      this.db,
      code,
      query.limit,
      query.before === undefined ? undefined : BigInt(query.before),
    );
    return { list: await this.presentAll(rows) };
  }

  async send(member: AuthenticatedMember, code: string, text: string): Promise<ChatMessage> {
    const room = await this.enter(member, code);
    const profile = await this.s.members.chatProfileOf(member.id);
    if (!profile) throw notFound('member');
    const now = this.s.deps.clock.now();
    const words = await chatRepository.words(this.db);
    const row = await this.db.transaction(async (tx) => {
      await chatRepository.lockMember(tx, member.id);
      const mute = await chatRepository.muteOf(tx, member.id);
      if (mute && mute.until > now) {
        throw new AppError('CHAT_MUTED', 'muted in the chat', undefined, { until: mute.until.toISOString() });
      }
      const recent = await chatRepository.sentSince(
        tx,
        member.id,
        new Date(now.getTime() - CHAT_RATE.windowMs),
      );
      if (recent.count >= CHAT_RATE.messages) {
        const freeAt = (recent.oldest?.getTime() ?? now.getTime()) + CHAT_RATE.windowMs;
        throw new AppError('RATE_LIMITED', 'too many chat messages', undefined, {
          secondsLeft: Math.max(1, Math.ceil((freeAt - now.getTime()) / 1000)),
        });
      }
      return chatRepository.insert(tx, {
        room: room.code,
        memberId: member.id,
        sender: senderName(profile),
        rankLevel: profile.rankLevel,
        text: filterWords(text, words),
        createdAt: now,
      });
    });
    const message = present(row, member.publicId);
    // The sender has read everything up to their own message.
    await chatRepository.markRead(this.db, member.id, room.code, row.id);
    await this.s.realtime
      .publishTopic(`${CHAT_TOPIC_PREFIX}${room.code}`, { type: 'chat.message', room: room.code, message })
      .catch((error: unknown) => this.s.logger?.warn({ err: error }, 'chat: publishing a message failed'));
    return message;
  }

  async read(member: AuthenticatedMember, code: string, lastId: string): Promise<{ unReadCount: number }> {
    await this.enter(member, code);
    const newest = await chatRepository.newestId(this.db, code);
    const id = BigInt(lastId);
    await chatRepository.markRead(this.db, member.id, code, id > newest ? newest : id);
    return this.unread(member);
  }

  /** SPEC section 7's chat URL call: the web app's room page with the caller's look. */
  async url(
    member: AuthenticatedMember,
    query: {
      b2c?: string | undefined;
      title?: string | undefined;
      language?: string | undefined;
      headerColor?: string | undefined;
      room?: string | undefined;
    },
  ): Promise<{ chatUrl: string }> {
    const code = query.room ?? 'lobby';
    await this.enter(member, code);
    const params = new URLSearchParams({ room: code });
    if (query.title) params.set('title', query.title);
    if (query.language) params.set('lang', query.language);
    if (query.headerColor) params.set('headerColor', query.headerColor.replace(/^#?/, '#'));
    if (query.b2c) params.set('b2c', query.b2c);
    const base = (this.s.deps.config.PUBLIC_URL ?? '').replace(/\/$/, '');
    return { chatUrl: `${base}/chat?${params.toString()}` };
  }

  // Moderation ------------------------------------------------------------------------------------

  async mute(
    input: { account: string; minutes: number; reason: string },
    by: Actor,
  ): Promise<{ account: string; until: string; reason: string }> {
    const member = await this.s.members.byAccount(input.account);
    if (!member) throw notFound('member');
    const until = new Date(this.s.deps.clock.now().getTime() + input.minutes * 60_000);
    const reason = input.reason.trim();
    if (!reason) throw invalid([{ path: 'reason', message: 'validation.required' }]);
    await this.db.transaction(async (tx) => {
      await chatRepository.mute(tx, { memberId: member.id, until, reason, mutedBy: actorName(by) });
      await this.s.audit.record(
        by,
        'chat mute',
        { member: input.account },
        { until: until.toISOString(), reason },
        { tx },
      );
    });
    return { account: input.account, until: until.toISOString(), reason };
  }

  async unmute(account: string, by: Actor): Promise<Record<string, never>> {
    const member = await this.s.members.byAccount(account);
    if (!member) throw notFound('member');
    await this.db.transaction(async (tx) => {
      if (!(await chatRepository.unmute(tx, member.id))) throw notFound('mute');
      await this.s.audit.record(by, 'chat unmute', { member: account }, {}, { tx });
    });
    return {};
  }

  async deleteMessage(id: string, by: Actor): Promise<Record<string, never>> {
    const row = await this.db.transaction(async (tx) => {
      const removed = await chatRepository.markDeleted(
        tx,
        BigInt(id),
        actorName(by),
        this.s.deps.clock.now(),
      );
      if (!removed) throw notFound('chat message');
      await this.s.audit.record(by, 'chat delete', { message: id }, { room: removed.room }, { tx });
      return removed;
    });
    await this.s.realtime
      .publishTopic(`${CHAT_TOPIC_PREFIX}${row.room}`, { type: 'chat.deleted', room: row.room, id })
      .catch((error: unknown) => this.s.logger?.warn({ err: error }, 'chat: publishing a removal failed'));
    return {};
  }

  async words(): Promise<{ words: string[] }> {
    return { words: await chatRepository.words(this.db) };
  }

  async setWords(words: string[], by: Actor): Promise<{ words: string[] }> {
    const cleaned = [...new Set(words.map((word) => word.trim().toLowerCase()).filter(Boolean))];
    await this.db.transaction(async (tx) => {
      await chatRepository.setWords(tx, cleaned);
      await this.s.audit.record(by, 'chat words', null, { words: cleaned.length }, { tx });
    });
    return this.words();
  }

  // Internals ------------------------------------------------------------------------------------

  /** The room, if it exists and the member may enter it; NOT_FOUND for a room they may not see. */
  private async enter(member: AuthenticatedMember, code: string): Promise<ChatRoomRow> {
    const room = await chatRepository.room(this.db, code);
    if (!room || !(await this.canEnter(member.id, room))) throw notFound('chat room');
    return room;
  }

  private async presentAll(rows: ChatMessageRow[]): Promise<ChatMessage[]> {
    const missing = [...new Set(rows.map((row) => row.memberId))].filter((id) => !this.publicIds.has(id));
    for (const id of missing) {
      const profile = await this.s.members.chatProfileOf(id);
      if (profile) this.publicIds.set(id, profile.publicId);
    }
    return rows.map((row) => present(row, this.publicIds.get(row.memberId) ?? ''));
  }
}
