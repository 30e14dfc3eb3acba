import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database.js';
import { setting } from './system.schema.js';

export interface SettingRow {
  key: string;
  value: unknown;
}

export const settingsRepository = {
  async all(db: Executor): Promise<SettingRow[]> {
    // Read as text and parsed here: drizzle's jsonb reader parses a top-level string a second time, so a
    // stored "1234" or "true" came back as a number or a boolean and the setting fell back to its default.
    const rows = await db
      .select({ key: setting.key, json: sql<string>`${setting.value}::text` })
      .from(setting);
    return rows.map((row) => ({ key: row.key, value: JSON.parse(row.json) as unknown }));
  },
  async upsert(db: Executor, key: string, value: unknown, at: Date): Promise<void> {
    await db
      .insert(setting)
      .values({ key, value, updatedAt: at })
      .onConflictDoUpdate({ target: setting.key, set: { value, updatedAt: at } });
  },
  async remove(db: Executor, key: string): Promise<boolean> {
    const removed = await db.delete(setting).where(eq(setting.key, key)).returning({ key: setting.key });
    return removed.length > 0;
  },
};
