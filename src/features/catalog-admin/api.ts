import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TCatalogServiceAdmin, TServiceFormBody, TServiceSettings } from '../../../contract/catalog-admin.ts';
import { catalogAdminRoutes } from '../../../contract/refs/routes-catalog-admin.ts';
import { apiCall } from '../../lib/api-client.ts';
import { rootKeys } from '../../lib/query-keys.ts';
import { catalogAdminKeys } from './keys.ts';

/*
 * The services themselves, for the people who run them (issue 26, decision 069): the list, one service with its
 * record of changes, and the two writes (settings, a form version). Staff data: never kept offline.
 */

export const useCatalogServices = () =>
  useQuery({
    queryKey: catalogAdminKeys.list(),
    queryFn: ({ signal }) => apiCall(catalogAdminRoutes.catalogServices, {}, { signal }),
    meta: { persist: false },
  });

export const useCatalogService = (serviceSlug: string) =>
  useQuery({
    queryKey: catalogAdminKeys.one(serviceSlug),
    queryFn: ({ signal }) => apiCall(catalogAdminRoutes.catalogService, { params: { serviceSlug } }, { signal }),
    meta: { persist: false },
  });

function useSaved() {
  const qc = useQueryClient();
  return (serviceSlug: string, answer: TCatalogServiceAdmin) => {
    qc.setQueryData(catalogAdminKeys.one(serviceSlug), answer);
    void qc.invalidateQueries({ queryKey: catalogAdminKeys.list() });
    // This device's own catalog reads (cards, pages) are read again when next shown.
    void qc.invalidateQueries({ queryKey: rootKeys.catalog });
  };
}

/**
 * A save that makes a new version of the service. `onSaved`: after the save (at the mutation, so it runs even though
 * the form is drawn again with the new version).
 */
function useSaveVersion<B>(serviceSlug: string, write: (body: B) => Promise<TCatalogServiceAdmin>, onSaved?: () => void) {
  const saved = useSaved();
  return useMutation({
    mutationFn: write,
    onSuccess: (answer) => {
      onSaved?.();
      saved(serviceSlug, answer);
    },
  });
}

export const useSaveSettings = (serviceSlug: string, onSaved?: () => void) =>
  useSaveVersion(
    serviceSlug,
    (body: TServiceSettings) => apiCall(catalogAdminRoutes.catalogServiceSettings, { params: { serviceSlug }, body }),
    onSaved,
  );

export const useSaveForm = (serviceSlug: string, onSaved?: () => void) =>
  useSaveVersion(
    serviceSlug,
    (body: TServiceFormBody) => apiCall(catalogAdminRoutes.catalogServiceForm, { params: { serviceSlug }, body }),
    onSaved,
  );
