import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/database.js';

/**
 * One ledger transfer as the reports see it: its kind, when, and what it moved on each kind of system
 * account (minor units, signed as the entries: credit positive). The game vendor's lobby category comes
 * with it (null when the vendor is gone).
 */
export interface LedgerMovement {
  id: bigint;
  kind: string;
  currency: string;
  createdAt: Date;
  /** the member of the player accounts it touched (the lowest id when several) */
  memberId: bigint | null;
  /** the sum of its entries on player accounts */
  members: bigint;
  house: bigint;
  /** game_vendor accounts (vendor:<code>) */
  vendor: bigint;
  vendorCode: string | null;
  vendorCategory: string | null;
  /** house:agent-commission */
  commission: bigint;
  /** payment channels (channel:<id>) */
  channel: bigint;
  /** cashier:paid-out */
  paidOut: bigint;
}

type DbInt = string | number | bigint | null;

/**
 * The transfers after `afterId`, in id order, at most `limit`, each with its entries summed per kind of
 * account (the reports' rollup reads them page by page from its cursor; ADR 096).
 */
export async function ledgerMovementsAfter(
  db: Executor,
  afterId: bigint,
  limit: number,
): Promise<LedgerMovement[]> {
  const result = await db.execute(sql`
    SELECT t.id, t.kind, t.currency, t.created_at,
           min(a.member_id) AS member_id,
           coalesce(sum(e.amount) FILTER (WHERE a.member_id IS NOT NULL), 0) AS members,
           coalesce(sum(e.amount) FILTER (WHERE a.kind = 'house'), 0) AS house,
           coalesce(sum(e.amount) FILTER (WHERE a.kind = 'game_vendor'), 0) AS vendor,
           min(substr(a.code, 8)) FILTER (WHERE a.kind = 'game_vendor') AS vendor_code,
           coalesce(sum(e.amount) FILTER (WHERE a.kind = 'agent_commission'), 0) AS commission,
           coalesce(sum(e.amount) FILTER (WHERE a.kind = 'payment_channel'), 0) AS channel,
           coalesce(sum(e.amount) FILTER (WHERE a.kind = 'cashier_paid_out'), 0) AS paid_out
      FROM (SELECT id, kind, currency, created_at FROM ledger_transfer
             WHERE id > ${afterId.toString()}::bigint ORDER BY id LIMIT ${limit}) t
      JOIN ledger_entry e ON e.transfer_id = t.id
      JOIN ledger_account a ON a.id = e.account_id
     GROUP BY t.id, t.kind, t.currency, t.created_at
     ORDER BY t.id`);
  const { rows } = result as unknown as {
    rows: {
      id: DbInt;
      kind: string;
      currency: string;
      created_at: Date | string;
      member_id: DbInt;
      members: DbInt;
      house: DbInt;
      vendor: DbInt;
      vendor_code: string | null;
      commission: DbInt;
      channel: DbInt;
      paid_out: DbInt;
    }[];
  };
  const big = (value: DbInt) => BigInt(value ?? 0);
  const codes = [...new Set(rows.map((row) => row.vendor_code).filter((code) => code !== null))];
  const categories = new Map<string, string>();
  if (codes.length > 0) {
    // The lobby category of each vendor, as the agents' turnover feed reads it (game_vendor).
    const found = await db.execute(sql`
      SELECT vassalage, category FROM game_vendor
       WHERE vassalage IN (${sql.join(
         codes.map((code) => sql`${code}`),
         sql`, `,
       )})`);
    for (const row of (found as unknown as { rows: { vassalage: string; category: string }[] }).rows) {
      categories.set(row.vassalage, row.category);
    }
  }
  return rows.map((row) => ({
    id: big(row.id),
    kind: row.kind,
    currency: row.currency,
    createdAt: new Date(row.created_at as string),
    memberId: row.member_id === null ? null : big(row.member_id),
    members: big(row.members),
    house: big(row.house),
    vendor: big(row.vendor),
    vendorCode: row.vendor_code,
    vendorCategory: row.vendor_code === null ? null : (categories.get(row.vendor_code) ?? null),
    commission: big(row.commission),
    channel: big(row.channel),
    paidOut: big(row.paid_out),
  }));
}
