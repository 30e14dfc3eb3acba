import { desc } from 'drizzle-orm';
import type { Executor } from '../../db/database.js';
import { operatorAudit } from '../../db/schema.js';

export type AuditRow = typeof operatorAudit.$inferSelect;

export const auditRepository = {
  async insert(
    db: Executor,
    entry: { at: Date; actor: string; command: string; detail: unknown },
  ): Promise<void> {
    await db.insert(operatorAudit).values(entry);
  },
  async recent(db: Executor, limit: number): Promise<AuditRow[]> {
    return db.select().from(operatorAudit).orderBy(desc(operatorAudit.id)).limit(limit);
  },
};
