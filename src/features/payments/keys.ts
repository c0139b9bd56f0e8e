import { readHints } from '../../lib/session.ts';

/** Payments' query keys: private, under the user's id. */
const userKey = () => readHints()?.userId ?? 'visitor';
export const paymentKeys = {
  all: ['payments'] as const,
  quote: (ids: readonly string[]) => ['payments', userKey(), 'quote', ...ids] as const,
  payment: (id: string) => ['payments', userKey(), 'payment', id] as const,
  fee: (slug: string, id: string) => ['payments', userKey(), 'fee', slug, id] as const,
  feeStatus: (slug: string, id: string) => ['payments', userKey(), 'fee-status', slug, id] as const,
  request: (slug: string, id: string) => ['payments', userKey(), 'request', slug, id] as const,
};
