import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/database.js';
import { gameVendor } from './game.schema.js';

export type VendorRow = typeof gameVendor.$inferSelect;
export type NewVendorRow = typeof gameVendor.$inferInsert;

export const gameRepository = {
  async activeVendors(db: Executor): Promise<VendorRow[]> {
    return db
      .select()
      .from(gameVendor)
      .where(eq(gameVendor.active, true))
      .orderBy(asc(gameVendor.sortOrder), asc(gameVendor.vassalage));
  },
  async allVendors(db: Executor): Promise<VendorRow[]> {
    return db
      .select()
      .from(gameVendor)
      .orderBy(asc(gameVendor.category), asc(gameVendor.sortOrder), asc(gameVendor.vassalage));
  },
  /** false when the vassalage is taken */
  async insertVendor(db: Executor, row: NewVendorRow): Promise<boolean> {
    const inserted = await db
      .insert(gameVendor)
      .values(row)
      .onConflictDoNothing({ target: gameVendor.vassalage })
      .returning({ vassalage: gameVendor.vassalage });
    return inserted.length > 0;
  },
  async deleteVendor(db: Executor, vassalage: string): Promise<boolean> {
    const removed = await db
      .delete(gameVendor)
      .where(eq(gameVendor.vassalage, vassalage))
      .returning({ vassalage: gameVendor.vassalage });
    return removed.length > 0;
  },
};
