import { z } from 'zod/mini';
import { ZId } from './common.ts';
import { ZBill, ZBillListQuery, ZBillPage, ZTariffList } from './bills.ts';
import { defineRoute } from './route.ts';

/*
 * Tariffs and bills (issue 12, decision 026). Tariffs are public data (the bill calculator works for visitors and
 * offline). Bills are the signed-in citizen's, across the meters they own; an agent reads those of the citizen
 * their session acts for. A bill of someone else's meter is, for the caller, a bill that does not exist (404,
 * never 403).
 */

const tags = ['bills'] as const;
const CITIZEN_OR_AGENT = { kinds: ['citizen', 'agent'] } as const;

export const billRoutes = {
  tariffs: defineRoute({
    method: 'GET',
    path: '/api/tariffs',
    summary: 'The tariffs in force now, one per connection type (public; cacheable)',
    tags,
    auth: 'public',
    response: ZTariffList,
    errors: [],
  }),
  billList: defineRoute({
    method: 'GET',
    path: '/api/bills',
    summary:
      "The caller's bills across the meters they own (an agent: the citizen they act for), newest month first: by meter or status, paged",
    tags,
    auth: CITIZEN_OR_AGENT,
    query: ZBillListQuery,
    response: ZBillPage,
    errors: [],
  }),
  billFindOne: defineRoute({
    method: 'GET',
    path: '/api/bills/:id',
    summary: "One bill with its breakdown: only of a meter the caller owns (anyone else's is 404)",
    tags,
    auth: CITIZEN_OR_AGENT,
    params: z.object({ id: ZId }),
    response: ZBill,
    errors: ['MODEL_NOT_FOUND'],
  }),
} as const;
