import { and, count, desc, eq, isNull } from 'drizzle-orm';
import type { LocalizedText } from '@platform/contract';
import type { Executor } from '../../db/database.js';
import { memberMessage, memberTag } from './messaging.schema.js';

export type MessageRow = typeof memberMessage.$inferSelect;
export type MessageKind = 'operator' | 'system' | 'welcome';

/** Rows per INSERT when a message goes to many members (well under PostgreSQL's parameter limit). */
const INSERT_BATCH = 1_000;

export const messageRepository = {
  async page(
    db: Executor,
    memberId: bigint,
    pageNo: number,
    pageSize: number,
  ): Promise<{ rows: MessageRow[]; total: number }> {
    const [rows, totals] = await Promise.all([
      db
        .select()
        .from(memberMessage)
        .where(eq(memberMessage.memberId, memberId))
        .orderBy(desc(memberMessage.id))
        .limit(pageSize)
        .offset((pageNo - 1) * pageSize),
      db.select({ total: count() }).from(memberMessage).where(eq(memberMessage.memberId, memberId)),
    ]);
    return { rows, total: totals[0]?.total ?? 0 };
  },

  async unread(db: Executor, memberId: bigint): Promise<number> {
    const [row] = await db
      .select({ total: count() })
      .from(memberMessage)
      .where(and(eq(memberMessage.memberId, memberId), isNull(memberMessage.readAt)));
    return row?.total ?? 0;
  },

  /** Marks one message read (only the member's own); false when it is not theirs or not there. */
  async markRead(db: Executor, memberId: bigint, id: bigint, at: Date): Promise<boolean> {
    const own = and(eq(memberMessage.id, id), eq(memberMessage.memberId, memberId));
    const rows = await db.select({ readAt: memberMessage.readAt }).from(memberMessage).where(own).limit(1);
    if (rows.length === 0) return false;
    if (rows[0]?.readAt === null) {
      await db
        .update(memberMessage)
        .set({ readAt: at })
        .where(and(own, isNull(memberMessage.readAt)));
    }
    return true;
  },

  async markAllRead(db: Executor, memberId: bigint, at: Date): Promise<void> {
    await db
      .update(memberMessage)
      .set({ readAt: at })
      .where(and(eq(memberMessage.memberId, memberId), isNull(memberMessage.readAt)));
  },

  async remove(db: Executor, memberId: bigint, id: bigint): Promise<boolean> {
    const rows = await db
      .delete(memberMessage)
      .where(and(eq(memberMessage.id, id), eq(memberMessage.memberId, memberId)))
      .returning({ id: memberMessage.id });
    return rows.length > 0;
  },

  async insertMany(
    db: Executor,
    memberIds: readonly bigint[],
    message: {
      title: LocalizedText;
      body: LocalizedText;
      kind: MessageKind;
      sentBy: string;
      at: Date;
      /** a member who has a message under this key gets no second one */
      eventKey?: string;
    },
  ): Promise<void> {
    for (let start = 0; start < memberIds.length; start += INSERT_BATCH) {
      const slice = memberIds.slice(start, start + INSERT_BATCH);
      await db
        .insert(memberMessage)
        .values(
          slice.map((memberId) => ({
            memberId,
            title: message.title,
            body: message.body,
            kind: message.kind,
            sentBy: message.sentBy,
            createdAt: message.at,
            eventKey: message.eventKey ?? null,
          })),
        )
        .onConflictDoNothing({ target: [memberMessage.memberId, memberMessage.eventKey] });
    }
  },

  async idsWithTag(db: Executor, tag: string): Promise<bigint[]> {
    const rows = await db.select({ id: memberTag.memberId }).from(memberTag).where(eq(memberTag.tag, tag));
    return rows.map((row) => row.id);
  },

  async tagsOf(db: Executor, memberId: bigint): Promise<string[]> {
    const rows = await db
      .select({ tag: memberTag.tag })
      .from(memberTag)
      .where(eq(memberTag.memberId, memberId))
      .orderBy(memberTag.tag);
    return rows.map((row) => row.tag);
  },

  /** Adds one tag (answers false when the member had it). */
  async addTag(db: Executor, memberId: bigint, tag: string): Promise<boolean> {
    const rows = await db
      .insert(memberTag)
      .values({ memberId, tag })
      .onConflictDoNothing()
      .returning({ tag: memberTag.tag });
    return rows.length > 0;
  },

  /** Removes one tag (answers false when the member did not have it). */
  async removeTag(db: Executor, memberId: bigint, tag: string): Promise<boolean> {
    const rows = await db
      .delete(memberTag)
      .where(and(eq(memberTag.memberId, memberId), eq(memberTag.tag, tag)))
      .returning({ tag: memberTag.tag });
    return rows.length > 0;
  },

  /** Replaces the member's tags with these. */
  async setTags(db: Executor, memberId: bigint, tags: readonly string[]): Promise<void> {
    await db.delete(memberTag).where(eq(memberTag.memberId, memberId));
    if (tags.length > 0) {
      await db.insert(memberTag).values([...new Set(tags)].map((tag) => ({ memberId, tag })));
    }
  },
};
