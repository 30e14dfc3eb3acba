import type { Executor } from '../../db/database.js';
import type { AppDeps } from '../../lib/deps.js';
import { cashierEventRepository, type CashierEventRow } from './cashier-event.repository.js';

/**
 * What the cashier tells other modules after a money movement committed (points and bonuses on a
 * deposit, a system message on both). `at` is when the money moved, so a late delivery counts it on
 * its own day. Listeners are handed in through the module's index.ts, never imported here.
 */
export type CashierEvent =
  | { type: 'deposit-credited'; memberId: bigint; amount: bigint; reference: string; at: Date }
  | { type: 'withdrawal-paid'; memberId: bigint; amount: bigint; reference: string; at: Date };

/** A recorded event: its outbox row's id beside what it says. */
export type RecordedCashierEvent = CashierEvent & { id: bigint };

/**
 * A listener must be idempotent on the event's reference: the outbox delivers at least once (a crash
 * after the listener's work and before its acknowledgement delivers the event again).
 */
export type CashierEventListener = (event: CashierEvent) => Promise<void>;

/** The outbox job redelivers events this old at least (the inline delivery normally acknowledged them). */
export const REDELIVER_AFTER_MS = 60_000;
/** ... and at most this old: an event no consumer could handle in a week is left to the operator (logged). */
export const REDELIVER_WINDOW_MS = 7 * 24 * 3_600_000;
const REDELIVER_PAGE = 200;

const eventOf = (row: CashierEventRow): RecordedCashierEvent => ({
  id: row.id,
  type: row.type as CashierEvent['type'],
  memberId: row.memberId,
  amount: row.amount,
  reference: row.reference,
  at: row.occurredAt,
});

/**
 * A transactional outbox (ADR 082). The money's transaction records the event; after the commit
 * every consumer hears it and its acknowledgement is written; the outbox job delivers to each consumer
 * what it has not acknowledged (a server that died between the commit and the listeners, a listener
 * that failed), so a credited deposit always earns its points and bonus.
 */
export class CashierEvents {
  private readonly listeners: { consumer: string; listener: CashierEventListener }[] = [];

  constructor(
    private readonly deps: Pick<AppDeps, 'db' | 'clock'>,
    private readonly logger?: { warn(object: Record<string, unknown>, message: string): void },
  ) {}

  /** `consumer` names the listener in the outbox's acknowledgements: keep it stable across releases. */
  on(consumer: string, listener: CashierEventListener): void {
    if (this.listeners.some((entry) => entry.consumer === consumer))
      throw new Error(`cashier event consumer ${consumer} registered twice`);
    this.listeners.push({ consumer, listener });
  }

  /** Inside the money's transaction. */
  async record(tx: Executor, event: CashierEvent): Promise<RecordedCashierEvent> {
    const row = await cashierEventRepository.insert(tx, {
      type: event.type,
      memberId: event.memberId,
      amount: event.amount,
      reference: event.reference,
      occurredAt: event.at,
    });
    return eventOf(row);
  }

  /**
   * After the commit: every consumer not in `skip` hears the event. Never throws: the money already
   * moved and committed, a listener's failure is logged and left to the outbox job, and must not turn
   * the caller's answer into an error.
   */
  async emit(event: RecordedCashierEvent, skip: readonly string[] = []): Promise<void> {
    for (const { consumer, listener } of this.listeners) {
      if (skip.includes(consumer)) continue;
      try {
        await listener(event);
        await cashierEventRepository.delivered(this.deps.db, event.id, consumer, this.deps.clock.now());
      } catch (error) {
        this.logger?.warn({ err: error, event: event.type, consumer }, 'cashier: an event listener failed');
      }
    }
  }

  /** The outbox job: delivers every event of the window to the consumers that have not acknowledged it. */
  async redeliver(): Promise<{ events: number }> {
    if (this.listeners.length === 0) return { events: 0 };
    const now = this.deps.clock.now().getTime();
    const window = { from: new Date(now - REDELIVER_WINDOW_MS), to: new Date(now - REDELIVER_AFTER_MS) };
    let after = 0n;
    let events = 0;
    for (;;) {
      const rows = await cashierEventRepository.undelivered(
        this.deps.db,
        window,
        this.listeners.map((entry) => entry.consumer),
        after,
        REDELIVER_PAGE,
      );
      for (const row of rows) {
        await this.emit(eventOf(row), row.deliveredTo);
        events += 1;
      }
      const last = rows.at(-1);
      if (!last || rows.length < REDELIVER_PAGE) break;
      after = last.id;
    }
    return { events };
  }
}
