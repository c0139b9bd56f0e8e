import type { TMeterStatus } from '../../../contract/meters.ts';
import { rootKeys } from '../../lib/query-keys.ts';
import { readHints } from '../../lib/session.ts';

const me = () => readHints('user')?.userId ?? 'visitor';

/** The meters' query keys: the citizen's under their id (kept offline), the staff list (private). */
export const meterKeys = {
  all: rootKeys.meters,
  list: () => [...rootKeys.meters, me(), 'list'] as const,
  readings: (meterId: string) => [...rootKeys.meters, me(), 'readings', meterId] as const,
  staffAll: rootKeys.staffMeters,
  staff: (status: TMeterStatus, skip = 0) => [...rootKeys.staffMeters, status, skip] as const,
};
