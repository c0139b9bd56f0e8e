import type { TDataAccessQuery } from '../../../contract/data-access.ts';
import { rootKeys } from '../../lib/query-keys.ts';

/** The data-access record's query keys (decision 045). */
export const dataAccessKeys = {
  all: rootKeys.dataAccess,
  mine: (skip: number) => [...rootKeys.dataAccess, 'mine', skip] as const,
  audit: (query: TDataAccessQuery) => [...rootKeys.dataAccess, 'audit', query] as const,
};
