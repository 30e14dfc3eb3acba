import { count, eq } from 'drizzle-orm';
import type { Executor } from '../../db/database.js';
import { ledgerEntry, ledgerTransfer, member } from '../../db/schema.js';
import type { TestApp } from '../../test/harness.js';
import { accountCodes, type TransferRequest } from './ledger.service.js';

let sequence = 0;

/**
 * A member row without a password or a session: for tests of the ledger itself, where hashing a
 * password per member would only cost time.
 */
export async function insertMember(t: TestApp, type = 0): Promise<bigint> {
  sequence += 1;
  const suffix = `${process.pid % 1000}${sequence}`.padStart(8, '0');
  const rows = await t.handle.db
    .insert(member)
    .values({
      publicId: `mbr_ledger${suffix}`,
      username: `ledger${suffix}`,
      account: `8${suffix}`,
      referralCode: `LDG${suffix}`,
      type,
      createdAt: t.clock.now(),
    })
    .returning({ id: member.id });
  const row = rows[0];
  if (!row) throw new Error('member insert returned no row');
  return row.id;
}

let keys = 0;
export const nextKey = (prefix = 'test'): string => {
  keys += 1;
  return `${prefix}:${process.pid}:${keys}`;
};

/** A deposit through a bank channel: the way real money enters. */
export function depositRequest(memberId: bigint, amount: bigint, key = nextKey('deposit')): TransferRequest {
  return {
    idempotencyKey: key,
    kind: 'deposit',
    currency: 'REAL',
    legs: [
      { account: accountCodes.channel('bank-test'), amount: -amount },
      { account: accountCodes.memberMain(memberId), amount },
    ],
    reference: 'D-TEST',
    actor: 'system:test',
  };
}

export function betRequest(memberId: bigint, amount: bigint, key = nextKey('bet')): TransferRequest {
  return {
    idempotencyKey: key,
    kind: 'bet',
    currency: 'REAL',
    legs: [
      { account: accountCodes.memberMain(memberId), amount: -amount },
      { account: accountCodes.house, amount },
    ],
    actor: 'system:test',
  };
}

export async function ledgerCounts(db: Executor): Promise<{ transfers: number; entries: number }> {
  const [transfers] = await db.select({ n: count() }).from(ledgerTransfer);
  const [entries] = await db.select({ n: count() }).from(ledgerEntry);
  return { transfers: Number(transfers?.n ?? 0), entries: Number(entries?.n ?? 0) };
}

export async function transferExists(db: Executor, key: string): Promise<boolean> {
  const rows = await db
    .select({ id: ledgerTransfer.id })
    .from(ledgerTransfer)
    .where(eq(ledgerTransfer.idempotencyKey, key));
  return rows.length > 0;
}
