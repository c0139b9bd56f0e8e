import type { TContactStatus, TFollowUpStatus, TQualityQuery } from '../../../contract/quality.ts';
import { rootKeys } from '../../lib/query-keys.ts';

/** The service-quality screen's query keys (decision 045). */
export const qualityKeys = {
  all: rootKeys.quality,
  summary: (kind: 'ratings' | 'breaches', query: TQualityQuery) => [...rootKeys.quality, 'summary', kind, query] as const,
  followUps: (status: TFollowUpStatus | undefined, skip: number) =>
    [...rootKeys.quality, 'follow-ups', status ?? 'all', skip] as const,
  comments: (text: string, skip: number) => [...rootKeys.quality, 'comments', text, skip] as const,
  contact: (status: TContactStatus | undefined, skip: number) => [...rootKeys.quality, 'contact', status ?? 'all', skip] as const,
  colleagues: () => [...rootKeys.quality, 'colleagues'] as const,
};
