import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openPglite, type Database } from './database.js';

/** The first row of a raw query (drizzle's result type differs by driver). */
async function firstRow(db: Database, query: ReturnType<typeof sql>): Promise<unknown> {
  const result = (await db.execute(query)) as unknown as { rows: unknown[] };
  return result.rows[0];
}

describe.skipIf(Boolean(process.env.DATABASE_URL))('the embedded database', () => {
  it('refuses, instead of hanging, a query on the outer database inside a transaction', async () => {
    const handle = openPglite();
    try {
      const attempt = handle.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        await handle.db.execute(sql`select 2`);
      });
      // drizzle wraps the driver's error; the reason is its cause.
      const error = await attempt.then(
        () => null,
        (caught: unknown) => caught,
      );
      expect(String((error as Error & { cause?: unknown }).cause)).toMatch(/would deadlock/);
      // The transaction rolled back and the database still answers.
      expect(await firstRow(handle.db, sql`select 3 as n`)).toEqual({ n: 3 });
    } finally {
      await handle.close();
    }
  });

  it('still lets other work wait for a transaction, and nested savepoints use the transaction', async () => {
    const handle = openPglite();
    try {
      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => (release = resolve));
      const inTransaction = handle.db.transaction(async (tx) => {
        await tx.transaction(async (savepoint) => {
          await savepoint.execute(sql`select 1`);
        });
        await held;
      });
      const outside = firstRow(handle.db, sql`select 4 as n`);
      release();
      await inTransaction;
      expect(await outside).toEqual({ n: 4 });
    } finally {
      await handle.close();
    }
  });
});
