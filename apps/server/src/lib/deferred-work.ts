import type { ServiceLogger } from './deps.js';

/**
 * Work a request hands off so that its answer neither waits for it nor shows, by how long it took,
 * whether there was any (forgot-password: whether an account matched). Tasks run one at a time in the
 * order queued, each from a later turn of the event loop than the request that queued it, so the answer
 * is written before the work starts. A failed task is logged and the queue goes on.
 *
 * In process only: a task still queued when the process dies is lost. Hand off only what the caller
 * can simply ask for again.
 */
export class DeferredWork {
  private tail: Promise<void> = Promise.resolve();

  constructor(
    private readonly name: string,
    private readonly logger: Pick<ServiceLogger, 'warn'>,
  ) {}

  defer(task: () => Promise<void>): void {
    this.tail = this.tail
      .then(() => new Promise<void>((resolve) => setImmediate(resolve)))
      .then(task)
      .catch((error: unknown) => {
        this.logger.warn(
          { work: this.name, err: error instanceof Error ? error.message : String(error) },
          'deferred work failed',
        );
      });
  }

  /**
   * Resolves once every task queued so far has ended, or after `limitMs`: a shutdown should not hang
   * on a mail server that does not answer.
   */
  async idle(limitMs = Number.POSITIVE_INFINITY): Promise<void> {
    if (!Number.isFinite(limitMs)) return this.tail;
    let timer: NodeJS.Timeout | undefined;
    const limit = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, limitMs);
      timer.unref();
    });
    await Promise.race([this.tail, limit]);
    clearTimeout(timer);
  }
}
