import { and, asc, count, desc, eq, gt, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database.js';
import { chatMessage, chatMute, chatRead, chatRoom, chatWord } from './messaging.schema.js';

export type ChatRoomRow = typeof chatRoom.$inferSelect;
export type ChatMessageRow = typeof chatMessage.$inferSelect;
export type ChatMuteRow = typeof chatMute.$inferSelect;

/** Unread counts stop here: a badge shows "99+" beyond, and counting further costs for nothing. */
export const UNREAD_CAP = 100;

export const chatRepository = {
  async rooms(db: Executor): Promise<ChatRoomRow[]> {
    return db.select().from(chatRoom).where(eq(chatRoom.active, true)).orderBy(asc(chatRoom.sortOrder));
  },

  async room(db: Executor, code: string): Promise<ChatRoomRow | null> {
    const [row] = await db
      .select()
      .from(chatRoom)
      .where(and(eq(chatRoom.code, code), eq(chatRoom.active, true)))
      .limit(1);
    return row ?? null;
  },

  /** The newest `limit` messages before `before` (or the newest), oldest first; removed ones left out. */
  async history(db: Executor, room: string, limit: number, before?: bigint): Promise<ChatMessageRow[]> {
    const rows = await db
      .select()
      .from(chatMessage)
      .where(
        and(
          eq(chatMessage.room, room),
          isNull(chatMessage.deletedAt),
          before === undefined ? undefined : lt(chatMessage.id, before),
        ),
      )
      .orderBy(desc(chatMessage.id))
      .limit(limit);
    return rows.reverse();
  },

  async insert(db: Executor, row: typeof chatMessage.$inferInsert): Promise<ChatMessageRow> {
    const [inserted] = await db.insert(chatMessage).values(row).returning();
    if (!inserted) throw new Error('chat: insert returned no row');
    return inserted;
  },

  /** Serialises one member's sends, so two at once cannot both slip under the rate limit. */
  async lockMember(db: Executor, memberId: bigint): Promise<void> {
    await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`chat:${memberId}`}))`);
  },

  async sentSince(
    db: Executor,
    memberId: bigint,
    since: Date,
  ): Promise<{ count: number; oldest: Date | null }> {
    const [row] = await db
      .select({ count: count(), oldest: sql<string | null>`min(${chatMessage.createdAt})` })
      .from(chatMessage)
      .where(and(eq(chatMessage.memberId, memberId), gt(chatMessage.createdAt, since)));
    return { count: row?.count ?? 0, oldest: row?.oldest ? new Date(row.oldest) : null };
  },

  async markDeleted(db: Executor, id: bigint, by: string, at: Date): Promise<ChatMessageRow | null> {
    const [row] = await db
      .update(chatMessage)
      .set({ deletedAt: at, deletedBy: by })
      .where(and(eq(chatMessage.id, id), isNull(chatMessage.deletedAt)))
      .returning();
    return row ?? null;
  },

  async lastReads(db: Executor, memberId: bigint): Promise<Map<string, bigint>> {
    const rows = await db.select().from(chatRead).where(eq(chatRead.memberId, memberId));
    return new Map(rows.map((row) => [row.room, row.lastReadId]));
  },

  /** Messages by others after `after` in the room, counted up to UNREAD_CAP. */
  async unreadIn(db: Executor, room: string, memberId: bigint, after: bigint): Promise<number> {
    const capped = db
      .select({ id: chatMessage.id })
      .from(chatMessage)
      .where(
        and(
          eq(chatMessage.room, room),
          gt(chatMessage.id, after),
          ne(chatMessage.memberId, memberId),
          isNull(chatMessage.deletedAt),
        ),
      )
      .limit(UNREAD_CAP)
      .as('capped');
    const [row] = await db.select({ count: count() }).from(capped);
    return row?.count ?? 0;
  },

  /** Moves the member's read mark forward (never back). */
  async markRead(db: Executor, memberId: bigint, room: string, lastId: bigint): Promise<void> {
    await db
      .insert(chatRead)
      .values({ memberId, room, lastReadId: lastId })
      .onConflictDoUpdate({
        target: [chatRead.memberId, chatRead.room],
        set: { lastReadId: sql`greatest(${chatRead.lastReadId}, excluded.last_read_id)` },
      });
  },

  async newestId(db: Executor, room: string): Promise<bigint> {
    const [row] = await db
      .select({ id: sql<string | null>`max(${chatMessage.id})::text` })
      .from(chatMessage)
      .where(eq(chatMessage.room, room));
    return row?.id ? BigInt(row.id) : 0n;
  },

  async muteOf(db: Executor, memberId: bigint): Promise<ChatMuteRow | null> {
    const [row] = await db.select().from(chatMute).where(eq(chatMute.memberId, memberId)).limit(1);
    return row ?? null;
  },

  async mute(db: Executor, row: ChatMuteRow): Promise<void> {
    await db
      .insert(chatMute)
      .values(row)
      .onConflictDoUpdate({
        target: chatMute.memberId,
        set: { until: row.until, reason: row.reason, mutedBy: row.mutedBy },
      });
  },

  async unmute(db: Executor, memberId: bigint): Promise<boolean> {
    const rows = await db.delete(chatMute).where(eq(chatMute.memberId, memberId)).returning();
    return rows.length > 0;
  },

  async words(db: Executor): Promise<string[]> {
    const rows = await db.select().from(chatWord).orderBy(asc(chatWord.word));
    return rows.map((row) => row.word);
  },

  async setWords(db: Executor, words: readonly string[]): Promise<void> {
    await db.delete(chatWord);
    if (words.length > 0) await db.insert(chatWord).values([...new Set(words)].map((word) => ({ word })));
  },
};
