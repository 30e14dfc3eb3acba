import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database.js';
import { memberBankAccount } from './cashier.schema.js';

export type BankAccountRow = typeof memberBankAccount.$inferSelect;

export const bankAccountRepository = {
  async listForMember(db: Executor, memberId: bigint): Promise<BankAccountRow[]> {
    return db
      .select()
      .from(memberBankAccount)
      .where(eq(memberBankAccount.memberId, memberId))
      .orderBy(asc(memberBankAccount.createdAt), asc(memberBankAccount.id));
  },

  /** Only the member's own account: another member's id reads as absent. */
  async findForMember(db: Executor, memberId: bigint, publicId: string): Promise<BankAccountRow | null> {
    const rows = await db
      .select()
      .from(memberBankAccount)
      .where(and(eq(memberBankAccount.memberId, memberId), eq(memberBankAccount.publicId, publicId)))
      .limit(1);
    return rows[0] ?? null;
  },

  async findById(db: Executor, id: bigint): Promise<BankAccountRow | null> {
    const rows = await db.select().from(memberBankAccount).where(eq(memberBankAccount.id, id)).limit(1);
    return rows[0] ?? null;
  },

  async countForMember(db: Executor, memberId: bigint): Promise<number> {
    const rows = await db
      .select({ value: count() })
      .from(memberBankAccount)
      .where(eq(memberBankAccount.memberId, memberId));
    return rows[0]?.value ?? 0;
  },

  /** The bank's name compared without regard to case: "City Bank" and "city bank" are one bank. */
  async exists(db: Executor, memberId: bigint, bankName: string, accountNumber: string): Promise<boolean> {
    const rows = await db
      .select({ id: memberBankAccount.id })
      .from(memberBankAccount)
      .where(
        and(
          eq(memberBankAccount.memberId, memberId),
          sql`lower(${memberBankAccount.bankName}) = lower(${bankName})`,
          eq(memberBankAccount.accountNumber, accountNumber),
        ),
      )
      .limit(1);
    return rows.length > 0;
  },

  /** null when the same bank and number is already bound (the unique index decided) */
  async insert(db: Executor, values: typeof memberBankAccount.$inferInsert): Promise<BankAccountRow | null> {
    const rows = await db.insert(memberBankAccount).values(values).onConflictDoNothing().returning();
    return rows[0] ?? null;
  },
};
