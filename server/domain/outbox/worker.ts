import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { Adapters } from './adapters.ts';
import { claimDue, markFailed, markSent } from './outbox.ts';
import { transaction } from '../../db/tx.ts';

/**
 * Delivers outbox rows: claims a batch in a transaction, sends each through its channel's adapter, records the
 * outcome. A crash before the commit leaves the rows pending, so a restart resumes them (at-least-once; the
 * adapters see a row id they can de-duplicate on).
 */
export class OutboxWorker {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number> | undefined;
  private stopped = false;

  constructor(
    private readonly db: Db,
    private readonly adapters: Adapters,
    private readonly log: FastifyBaseLogger,
    private readonly pollMs: number,
  ) {}

  start(): void {
    this.stopped = false;
    const tick = async () => {
      await this.runOnce().catch((err: unknown) => this.log.error({ err }, 'outbox run failed'));
      if (!this.stopped) this.timer = setTimeout(tick, this.pollMs).unref();
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
      const due = await claimDue(tx, 20);
      let sent = 0;
      for (const row of due) {
        try {
          await this.adapters[row.channel].deliver(row, tx);
          await markSent(tx, row.id);
          sent++;
        } catch (err) {
          this.log.warn({ err, outboxId: row.id }, 'outbox delivery failed; will retry');
          await markFailed(tx, row, err instanceof Error ? err.message : String(err));
        }
      }
      return sent;
    });
  }
}
