import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/database.js';

/** A member account as the reports count registrations: its id, when it was made and its type. */
export interface Registration {
  id: bigint;
  createdAt: Date;
  /** SPEC section 6's account type (4: a trial account) */
  type: number;
}

/** Members made after `afterId`, in id order, at most `limit` (the reports' rollup pages through them). */
export async function registrationsAfter(
  db: Executor,
  afterId: bigint,
  limit: number,
): Promise<Registration[]> {
  const result = await db.execute(sql`
    SELECT id, created_at, type FROM member
     WHERE id > ${afterId.toString()}::bigint ORDER BY id LIMIT ${limit}`);
  const { rows } = result as unknown as {
    rows: { id: string | number; created_at: Date | string; type: number | string }[];
  };
  return rows.map((row) => ({
    id: BigInt(row.id),
    createdAt: new Date(row.created_at as string),
    type: Number(row.type),
  }));
}
