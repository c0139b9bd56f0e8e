import { QueryClient } from '@tanstack/react-query';

/** Spec section 9: the default query cache is infinite, with no retry and no refetch on focus. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: Infinity, gcTime: Infinity, retry: false, refetchOnWindowFocus: false, networkMode: 'offlineFirst' },
    },
  });
}
