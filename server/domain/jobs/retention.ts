import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { purgeDataAccess } from '../audit/data-access.ts';
import { purgeExpired } from '../identity/cleanup.ts';
import { purgeIdempotencyKeys } from '../idempotency/idempotency.ts';
import { purgeOutbox } from '../outbox/outbox.ts';
import { purgeRejectedCallbacks } from '../payments/callbacks.ts';
import { purgeStaleDrafts } from '../requests/drafts.ts';

/**
 * The hourly clean-up's rows (issue 28 "Retention"; run once across processes by server/app.ts): ended sessions,
 * spent codes and idle attempt counters, old idempotency keys (decision 020), refused
 * payment callbacks (decision 039), drafts nobody touched, and delivered or given-up outbox messages, each kept for
 * its RETENTION_* period, and looks at citizens' data past RETENTION_DATA_ACCESS_DAYS (decision 071: the only delete
 * the record's trigger allows). Returns the count of each, which the metrics add up (`kahraba_retention_purged_total`).
 */
export async function purgeSpent(
  db: Db,
  retention: AppConfig['retention'],
  now = new Date(),
): Promise<
  Record<
    'sessions' | 'secrets' | 'throttles' | 'idempotencyKeys' | 'rejectedCallbacks' | 'drafts' | 'outbox' | 'dataAccess',
    number
  >
> {
  const ago = (ms: number) => new Date(now.getTime() - ms);
  const [ended, idempotencyKeys, rejectedCallbacks, drafts, outbox, dataAccess] = await Promise.all([
    purgeExpired(db, now, retention.endedSessionsMs),
    purgeIdempotencyKeys(db, now, retention.idempotencyMs),
    purgeRejectedCallbacks(db, now, retention.rejectedCallbacksMs),
    purgeStaleDrafts(db, ago(retention.draftsMs)),
    purgeOutbox(db, ago(retention.outboxMs)),
    purgeDataAccess(db, ago(retention.dataAccessMs)),
  ]);
  return { ...ended, idempotencyKeys, rejectedCallbacks, drafts, outbox, dataAccess };
}
