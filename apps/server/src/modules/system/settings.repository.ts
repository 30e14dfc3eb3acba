import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/database.js';
import { setting } from '../../db/schema.js';

export interface SettingRow {
  key: string;
  value: unknown;
}

export const settingsRepository = {
  async all(db: Executor): Promise<SettingRow[]> {
    return db.select({ key: setting.key, value: setting.value }).from(setting);
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
