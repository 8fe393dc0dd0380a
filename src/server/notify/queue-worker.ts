/**
 * The worker of a durable queue (the mail outbox, the push outbox): one drain at a time, run
 * again at once when woken during one, and every so often besides, for what falls due later. A
 * drain that fails (a disk refusing writes) is logged and tried at the next wake or poll: it
 * never ends the process.
 */

/** When a delivery the far end could not take now is tried again: after 1, 5 and 30 minutes, 2 and 6 hours; then it is given up. */
export const retryBackoffMs = [60_000, 5 * 60_000, 30 * 60_000, 2 * 3600_000, 6 * 3600_000];

export class QueueWorker<Row> {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private halted = false;

  constructor(
    /** A batch of what is due now, oldest first; empty when nothing is. */
    private readonly due: () => Row[],
    /** Delivers one, and records what became of it (so that it is not due again at once). */
    private readonly deliver: (row: Row) => Promise<void>,
    private readonly pollMs: number,
    private readonly warn: (what: object, words: string) => void,
    private readonly what: string,
  ) {}

  /** Delivers what is due now: after a commit that queued something, and at start. */
  wake(): void {
    if (this.halted) return;
    if (this.running) {
      this.again = true;
      return;
    }
    clearTimeout(this.timer);
    this.running = this.drain()
      .catch((err: unknown) => this.warn({ err }, `the ${this.what} could not be sent from now; trying again shortly`))
      .finally(() => {
        this.running = undefined;
        if (this.again) {
          this.again = false;
          this.wake();
        } else this.schedule();
      });
  }

  /** Stops the worker; a delivery under way finishes. */
  async stop(): Promise<void> {
    this.halted = true;
    clearTimeout(this.timer);
    await this.running;
  }

  private async drain(): Promise<void> {
    for (;;) {
      const rows = this.due();
      if (!rows.length || this.halted) return;
      for (const row of rows) {
        if (this.halted) return;
        await this.deliver(row);
      }
    }
  }

  private schedule(): void {
    if (this.halted) return;
    this.timer = setTimeout(() => this.wake(), this.pollMs);
    this.timer.unref();
  }
}
