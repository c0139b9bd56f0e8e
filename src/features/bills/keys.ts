import { readHints } from '../../lib/session.ts';
import type { BillFilters } from './api.ts';

/** Bills' query keys: the public tariffs, the citizen's bills under their id. */
const userKey = () => readHints()?.userId ?? '';

export const billKeys = {
  all: ['bills'] as const,
  tariffs: ['tariffs'] as const,
  list: (f: BillFilters) => ['bills', userKey(), 'list', f] as const,
};
