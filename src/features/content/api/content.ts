import { queryOptions, useQuery } from '@tanstack/react-query';
import { routes } from '../../../../contract/refs/routes.ts';
import { apiCall } from '../../../lib/api-client.ts';
import { contentKeys } from '../keys.ts';

/** Application data, news, FAQ and service centers: one query-key factory, one options function per endpoint. */

export const appDataQuery = () =>
  queryOptions({ queryKey: contentKeys.appData(), queryFn: ({ signal }) => apiCall(routes.appData, {}, { signal }) });
export const useAppData = () => useQuery(appDataQuery());

export const newsQuery = (limit: number, skip: number) =>
  queryOptions({
    queryKey: contentKeys.news(limit, skip),
    queryFn: ({ signal }) => apiCall(routes.news, { query: { limit, skip } }, { signal }),
  });
export const useNews = (limit: number, skip: number) => useQuery(newsQuery(limit, skip));

export const newsItemQuery = (id: string) =>
  queryOptions({
    queryKey: contentKeys.newsItem(id),
    queryFn: ({ signal }) => apiCall(routes.newsItem, { params: { id } }, { signal }),
  });
export const useNewsItem = (id: string) => useQuery(newsItemQuery(id));

export const faqQuery = () =>
  queryOptions({ queryKey: contentKeys.faq(), queryFn: ({ signal }) => apiCall(routes.faq, {}, { signal }) });
export const useFaq = () => useQuery(faqQuery());

export const serviceCentersQuery = () =>
  queryOptions({
    queryKey: contentKeys.serviceCenters(),
    queryFn: ({ signal }) => apiCall(routes.serviceCenters, {}, { signal }),
  });
export const useServiceCenters = () => useQuery(serviceCentersQuery());
