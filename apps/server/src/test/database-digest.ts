import { sql } from 'drizzle-orm';
import type { TestApp } from './harness.js';

const rowsOf = async <R>(t: TestApp, query: ReturnType<typeof sql>): Promise<R[]> =>
  ((await t.handle.db.execute(query)) as unknown as { rows: R[] }).rows;

/**
 * Tables that count requests, not state: a refused request is still counted by the rate limiter
 * (migration 0060), and that is not a change the tests mean.
 */
const BOOKKEEPING = new Set(['rate_limit_counter']);
/** Columns that record use, not state: a staff session's last call (ADR 098) moves with any call. */
const USE_COLUMNS: Record<string, string> = { admin_session: 'last_seen_at' };

/** Every row of every table, as one digest: "nothing changed" means this is the same after. */
export async function databaseDigest(t: TestApp): Promise<string> {
  const tables = await rowsOf<{ name: string }>(
    t,
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  );
  const parts: string[] = [];
  for (const { name } of tables) {
    if (BOOKKEEPING.has(name)) continue;
    const ignored = USE_COLUMNS[name];
    const rowText = ignored ? sql`(to_jsonb(t) - ${ignored})::text` : sql`t::text`;
    const [result] = await rowsOf<{ digest: string | null }>(
      t,
      sql`select md5(coalesce(string_agg(row_text, '|' order by row_text), '')) as digest from (select ${rowText} as row_text from ${sql.identifier(name)} t) rows`,
    );
    parts.push(`${name}:${result?.digest ?? ''}`);
  }
  return parts.join('\n');
}
