import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TDataAccessQuery } from '../../../contract/data-access.ts';
import { auditRoutes as r } from '../../../contract/refs/routes-audit.ts';
import { apiCall, apiDownload } from '../../lib/api-client.ts';
import { dataAccessKeys } from './keys.ts';

/*
 * The data-access record (issue 28, decision 071): a citizen's "who looked at my data" and their report of a look,
 * the auditor's list and export. Every answer is private (`persist: false`).
 */

const PRIVATE = { persist: false } as const;
export const LOOKS_PAGE = 10;
export const AUDIT_PAGE = 20;

export const useMyLooks = (skip: number) =>
  useQuery({
    queryKey: dataAccessKeys.mine(skip),
    queryFn: ({ signal }) => apiCall(r.myDataAccess, { query: { limit: LOOKS_PAGE, skip } }, { signal }),
    placeholderData: keepPreviousData,
    meta: PRIVATE,
  });

export function useReportLook() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; note?: string | undefined }) =>
      apiCall(r.reportLook, { params: { id: input.id }, body: input.note ? { note: input.note } : {} }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: dataAccessKeys.all }),
  });
}

export const useAuditLooks = (query: TDataAccessQuery) =>
  useQuery({
    queryKey: dataAccessKeys.audit(query),
    queryFn: ({ signal }) => apiCall(r.dataAccessList, { query }, { signal }),
    placeholderData: keepPreviousData,
    meta: PRIVATE,
  });

export function downloadLooks(query: TDataAccessQuery, lang: 'ar' | 'en', fileName: string): Promise<void> {
  const { limit: _limit, skip: _skip, ...filters } = query;
  return apiDownload(r.dataAccessExport, { query: { ...filters, lang } }, fileName);
}
