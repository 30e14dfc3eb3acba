import { and, count, desc, eq, gt, isNull, lt, lte, min, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database.js';
import { captchaChallenge, verificationCode } from './verification.schema.js';

export interface CodeRow {
  id: bigint;
  codeHash: string;
  attempts: number;
  createdAt: Date;
  expiresAt: Date;
  consumedAt: Date | null;
}

export interface WindowCount {
  count: number;
  /** the oldest send inside the window, to say when a slot frees up */
  oldest: Date | null;
}

const codeColumns = {
  id: verificationCode.id,
  codeHash: verificationCode.codeHash,
  attempts: verificationCode.attempts,
  createdAt: verificationCode.createdAt,
  expiresAt: verificationCode.expiresAt,
  consumedAt: verificationCode.consumedAt,
};

export const captchaRepository = {
  async insert(db: Executor, row: { id: string; answerHash: string; createdAt: Date; expiresAt: Date }) {
    await db.insert(captchaChallenge).values(row);
  },
  /** Removes the challenge and hands back what it held, so it can be checked only once. */
  async take(db: Executor, id: string): Promise<{ answerHash: string; expiresAt: Date } | null> {
    const rows = await db
      .delete(captchaChallenge)
      .where(eq(captchaChallenge.id, id))
      .returning({ answerHash: captchaChallenge.answerHash, expiresAt: captchaChallenge.expiresAt });
    return rows[0] ?? null;
  },
  async deleteExpired(db: Executor, now: Date): Promise<void> {
    await db.delete(captchaChallenge).where(lte(captchaChallenge.expiresAt, now));
  },
};

export const codeRepository = {
  async insert(
    db: Executor,
    row: {
      purpose: string;
      countryDialingCode: string;
      mobile: string;
      codeHash: string;
      ip: string | null;
      createdAt: Date;
      expiresAt: Date;
    },
  ): Promise<bigint> {
    const rows = await db.insert(verificationCode).values(row).returning({ id: verificationCode.id });
    return (rows[0] as { id: bigint }).id;
  },
  async remove(db: Executor, id: bigint): Promise<void> {
    await db.delete(verificationCode).where(eq(verificationCode.id, id));
  },
  /** The newest code sent for this purpose to this number. */
  async latest(
    db: Executor,
    purpose: string,
    countryDialingCode: string,
    mobile: string,
  ): Promise<CodeRow | null> {
    const rows = await db
      .select(codeColumns)
      .from(verificationCode)
      .where(
        and(
          eq(verificationCode.purpose, purpose),
          eq(verificationCode.countryDialingCode, countryDialingCode),
          eq(verificationCode.mobile, mobile),
        ),
      )
      .orderBy(desc(verificationCode.createdAt), desc(verificationCode.id))
      .limit(1);
    return rows[0] ?? null;
  },
  async countForNumberSince(
    db: Executor,
    countryDialingCode: string,
    mobile: string,
    since: Date,
  ): Promise<WindowCount> {
    const rows = await db
      .select({ count: count(), oldest: min(verificationCode.createdAt) })
      .from(verificationCode)
      .where(
        and(
          eq(verificationCode.countryDialingCode, countryDialingCode),
          eq(verificationCode.mobile, mobile),
          gt(verificationCode.createdAt, since),
        ),
      );
    return toWindow(rows[0]);
  },
  async countForIpSince(db: Executor, ip: string, since: Date): Promise<WindowCount> {
    const rows = await db
      .select({ count: count(), oldest: min(verificationCode.createdAt) })
      .from(verificationCode)
      .where(and(eq(verificationCode.ip, ip), gt(verificationCode.createdAt, since)));
    return toWindow(rows[0]);
  },
  /** Marks the code used if it still may be; false when another request got there first. */
  async consume(
    db: Executor,
    id: bigint,
    codeHash: string,
    now: Date,
    maxAttempts: number,
  ): Promise<boolean> {
    const rows = await db
      .update(verificationCode)
      .set({ consumedAt: now })
      .where(
        and(
          eq(verificationCode.id, id),
          eq(verificationCode.codeHash, codeHash),
          isNull(verificationCode.consumedAt),
          lt(verificationCode.attempts, maxAttempts),
          gt(verificationCode.expiresAt, now),
        ),
      )
      .returning({ id: verificationCode.id });
    return rows.length > 0;
  },
  async countAttempt(db: Executor, id: bigint): Promise<void> {
    await db
      .update(verificationCode)
      .set({ attempts: sql`${verificationCode.attempts} + 1` })
      .where(and(eq(verificationCode.id, id), isNull(verificationCode.consumedAt)));
  },
  /** Codes long past any window the limits look at. */
  async deleteOlderThan(db: Executor, before: Date): Promise<void> {
    await db.delete(verificationCode).where(lt(verificationCode.createdAt, before));
  },
  /** Serialises sends to one number, so two at once cannot both pass the cooldown. */
  async lockNumber(db: Executor, key: string): Promise<void> {
    await db.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
  },
};

function toWindow(row: { count: number; oldest: Date | null } | undefined): WindowCount {
  return { count: Number(row?.count ?? 0), oldest: row?.oldest ?? null };
}
