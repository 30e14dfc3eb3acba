import { desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database.js';
import { outboxMessage } from './verification.schema.js';

export type OutboxChannel = 'sms' | 'email';
export type OutboxStatus = 'stored' | 'sent' | 'failed';

export interface OutboxRow {
  id: string;
  channel: OutboxChannel;
  recipient: string;
  subject: string | null;
  body: string;
  provider: string;
  status: OutboxStatus;
  error: string | null;
  createdAt: Date;
}

export const outboxRepository = {
  async insert(db: Executor, row: OutboxRow): Promise<void> {
    await db.insert(outboxMessage).values(row);
  },
  async setStatus(db: Executor, id: string, status: OutboxStatus, error: string | null): Promise<void> {
    await db.update(outboxMessage).set({ status, error }).where(eq(outboxMessage.id, id));
  },
  /** Newest first; `recipient` matched without regard to case (email addresses). */
  async recent(db: Executor, recipient: string | undefined, limit: number): Promise<OutboxRow[]> {
    const query = db.select().from(outboxMessage);
    const filtered = recipient
      ? query.where(eq(sql`lower(${outboxMessage.recipient})`, recipient.toLowerCase()))
      : query;
    const rows = await filtered.orderBy(desc(outboxMessage.createdAt), desc(outboxMessage.id)).limit(limit);
    return rows as OutboxRow[];
  },
};
