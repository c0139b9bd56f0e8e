import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestRoutes } from '../../../../contract/refs/routes-requests.ts';
import { apiCall } from '../../../lib/api-client.ts';
import { documentKeys } from '../keys.ts';

const TASK = 'GetDocumentFromQr' as const;

/** The document a QR code certifies (`tasks/runTasks` GetDocumentFromQr): what `/verify` shows. */
export const qrDocumentQuery = (secret: string) =>
  queryOptions({
    queryKey: documentKeys.qr(secret),
    queryFn: ({ signal }) => apiCall(requestRoutes.runTasks, { body: { taskIds: [TASK], token: secret } }, { signal }),
    // A paper's current state is read each time; it is not kept offline (it is someone's request).
    staleTime: 0,
    meta: { persist: false },
  });

export const useQrDocument = (secret: string) => useQuery({ ...qrDocumentQuery(secret), enabled: secret !== '' });
