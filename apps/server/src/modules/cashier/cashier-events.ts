/**
 * What the cashier tells other modules after a money movement committed (messages send a system
 * message on these). Listeners are handed in through the module's index.ts, never imported here.
 */
export type CashierEvent =
  | { type: 'deposit-credited'; memberId: bigint; amount: bigint; reference: string }
  | { type: 'withdrawal-paid'; memberId: bigint; amount: bigint; reference: string };

export type CashierEventListener = (event: CashierEvent) => Promise<void>;

export class CashierEvents {
  private readonly listeners: CashierEventListener[] = [];

  constructor(private readonly logger?: { warn(object: Record<string, unknown>, message: string): void }) {}

  on(listener: CashierEventListener): void {
    this.listeners.push(listener);
  }

  /**
   * Calls every listener; never throws: the money already moved and committed, a listener's failure
   * (a message not written) is logged and must not turn the caller's answer into an error.
   */
  async emit(event: CashierEvent): Promise<void> {
    for (const listener of this.listeners) {
      try {
        await listener(event);
      } catch (error) {
        this.logger?.warn({ err: error, event: event.type }, 'cashier: an event listener failed');
      }
    }
  }
}
