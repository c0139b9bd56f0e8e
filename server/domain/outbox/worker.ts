import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { Adapters } from './adapters.ts';
import { claimDue, markFailed, markSent } from './outbox.ts';
import { transaction } from '../../db/tx.ts';

/** Rows claimed by one pass. */
export const OUTBOX_BATCH = 100;

/**
 * Delivers outbox rows: claims a batch in a transaction, sends each through its channel's adapter, records the
 * outcome (the delivered rows in one statement). A crash before the commit leaves the rows pending, so a restart
 * resumes them (at-least-once; the adapters see a row id they can de-duplicate on).
 *
 * Passes run on a timer, never on a request's turn of the event loop: every `pollMs`, and again at once (on the
 * next turn) after a pass that found a full batch, so that a burst of requests (two messages each) is delivered
 * in a few passes of four statements instead of waiting a poll per batch (decision 047).
 */
export class OutboxWorker {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number> | undefined;
  private stopped = false;
  /** Whether the last pass claimed a full batch (more may be due). */
  private full = false;

  constructor(
    private readonly db: Db,
    private readonly adapters: Adapters,
    private readonly log: FastifyBaseLogger,
    private readonly pollMs: number,
  ) {}

  start(): void {
    this.stopped = false;
    const tick = async () => {
      await this.runOnce().catch((err: unknown) => {
        this.log.error({ err }, 'outbox run failed');
        this.full = false;
      });
      if (!this.stopped) this.timer = setTimeout(tick, this.full ? 0 : this.pollMs).unref();
    };
    this.timer = setTimeout(tick, 0).unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running?.catch(() => undefined);
  }

  /** One pass: returns how many messages were delivered. Runs are serialised. */
  runOnce(): Promise<number> {
    const previous = this.running ?? Promise.resolve(0);
    const run = previous.catch(() => 0).then(() => this.pass());
    this.running = run;
    return run;
  }

  private async pass(): Promise<number> {
    return transaction(this.db, async (tx) => {
      const due = await claimDue(tx, OUTBOX_BATCH);
      this.full = due.length === OUTBOX_BATCH;
      const sent: number[] = [];
      for (const row of due) {
        try {
          await this.adapters[row.channel].deliver(row, tx);
          sent.push(row.id);
        } catch (err) {
          this.log.warn({ err, outboxId: row.id }, 'outbox delivery failed; will retry');
          await markFailed(tx, row, err instanceof Error ? err.message : String(err));
        }
      }
      await markSent(tx, sent);
      return sent.length;
    });
  }
}
