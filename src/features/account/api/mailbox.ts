import { queryOptions, useQuery } from '@tanstack/react-query';
import { identityRoutes } from '../../../../contract/refs/routes-identity.ts';
import { apiCall } from '../../../lib/api-client.ts';
import { accountKeys } from '../keys.ts';

/** The developer mailbox (demo and development only): the latest e-mails and SMS. Never persisted offline. */
export const mailboxQuery = (recipient: string) =>
  queryOptions({
    queryKey: accountKeys.mailbox(recipient),
    queryFn: ({ signal }) => apiCall(identityRoutes.mailbox, { query: recipient ? { recipient } : {} }, { signal }),
    staleTime: 0,
    meta: { persist: false },
  });

export const useMailbox = (recipient: string) => useQuery(mailboxQuery(recipient));
