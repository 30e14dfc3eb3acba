import { and, asc, gt, gte, inArray, lt, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database.js';
import { cashierEvent, cashierEventDelivery } from './cashier.schema.js';

export type CashierEventRow = typeof cashierEvent.$inferSelect;

/** Typed SQL of the cashier's outbox: its events and which consumer has handled which. */
export const cashierEventRepository = {
  /** Writes the event in the caller's transaction; a money movement already on record answers its row. */
  async insert(tx: Executor, row: typeof cashierEvent.$inferInsert): Promise<CashierEventRow> {
    const [inserted] = await tx
      .insert(cashierEvent)
      .values(row)
      .onConflictDoNothing({ target: [cashierEvent.type, cashierEvent.reference] })
      .returning();
    if (inserted) return inserted;
    const [existing] = await tx
      .select()
      .from(cashierEvent)
      .where(sql`${cashierEvent.type} = ${row.type} and ${cashierEvent.reference} = ${row.reference}`);
    if (!existing) throw new Error('cashier event insert returned no row');
    return existing;
  },

  async delivered(db: Executor, eventId: bigint, consumer: string, at: Date): Promise<void> {
    await db
      .insert(cashierEventDelivery)
      .values({ eventId, consumer, deliveredAt: at })
      .onConflictDoNothing({ target: [cashierEventDelivery.eventId, cashierEventDelivery.consumer] });
  },

  /**
   * Events of the window some of `consumers` have not handled yet, oldest first, after `afterId`,
   * each with the consumers that have.
   */
  async undelivered(
    db: Executor,
    window: { from: Date; to: Date },
    consumers: readonly string[],
    afterId: bigint,
    limit: number,
  ): Promise<(CashierEventRow & { deliveredTo: string[] })[]> {
    const rows = await db
      .select({
        id: cashierEvent.id,
        type: cashierEvent.type,
        memberId: cashierEvent.memberId,
        amount: cashierEvent.amount,
        reference: cashierEvent.reference,
        occurredAt: cashierEvent.occurredAt,
        deliveredTo: sql<
          string[] | null
        >`array_agg(${cashierEventDelivery.consumer}) filter (where ${cashierEventDelivery.consumer} is not null)`,
      })
      .from(cashierEvent)
      .leftJoin(cashierEventDelivery, sql`${cashierEventDelivery.eventId} = ${cashierEvent.id}`)
      .where(
        and(
          gte(cashierEvent.occurredAt, window.from),
          lte(cashierEvent.occurredAt, window.to),
          gt(cashierEvent.id, afterId),
        ),
      )
      .groupBy(cashierEvent.id)
      .having(
        sql`count(*) filter (where ${inArray(cashierEventDelivery.consumer, [...consumers])}) < ${consumers.length}`,
      )
      .orderBy(asc(cashierEvent.id))
      .limit(limit);
    return rows.map((row) => ({ ...row, deliveredTo: row.deliveredTo ?? [] }));
  },

  /**
   * Deletes up to `limit` events that occurred before `before` and that every one of `consumers` has
   * acknowledged, the oldest first; their deliveries go with them (on delete cascade). Answers how
   * many went. An event some consumer has not handled stays, however old: the operator's to look at.
   */
  async deleteDelivered(
    db: Executor,
    before: Date,
    consumers: readonly string[],
    limit: number,
  ): Promise<number> {
    if (consumers.length === 0) return 0;
    const deleted = await db
      .delete(cashierEvent)
      .where(
        inArray(
          cashierEvent.id,
          db
            .select({ id: cashierEvent.id })
            .from(cashierEvent)
            .where(
              and(
                lt(cashierEvent.occurredAt, before),
                sql`(select count(*) from ${cashierEventDelivery}
                     where ${cashierEventDelivery.eventId} = ${cashierEvent.id}
                       and ${inArray(cashierEventDelivery.consumer, [...consumers])}) = ${consumers.length}`,
              ),
            )
            .orderBy(asc(cashierEvent.id))
            .limit(limit),
        ),
      )
      .returning({ id: cashierEvent.id });
    return deleted.length;
  },
};
