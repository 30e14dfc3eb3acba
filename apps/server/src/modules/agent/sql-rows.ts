import type { SQL } from 'drizzle-orm';
import type { Executor } from '../../db/database.js';

/** The rows of a plain SQL query: both drivers answer { rows }; the Database type leaves the shape open. */
export async function rowsOf<Row>(db: Executor, query: SQL): Promise<Row[]> {
  const result = await db.execute(query);
  return (result as unknown as { rows: Row[] }).rows;
}

/** A bigint or integer column as the drivers hand it (string, number or bigint) */
export type DbInt = string | number | bigint;
export const big = (value: DbInt | null | undefined): bigint =>
  value === null || value === undefined ? 0n : BigInt(value);
