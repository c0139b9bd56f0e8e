import { useQuery } from '@tanstack/react-query';
import type { TActivity } from '../../../contract/catalog.ts';
import { formsRoutes } from '../../../contract/refs/routes-forms.ts';
import { apiCall } from '../../lib/api-client.ts';
import { requestKeys } from './keys.ts';

/**
 * A request keeps the version of its service's forms it was filed with (issue 26, decision 069): its data is shown,
 * and its later activities filled and validated, with that version's forms, not with a later one. The current
 * service's forms serve while the request names the current version (or is not read yet); another version's are
 * read once (`GET /api/forms/services/:serviceSlug/versions/:version`, immutable). `undefined` while they load.
 */
export function useFiledForms<
  S extends { serviceSlug?: string | undefined; version?: number | undefined; activities?: TActivity[] | undefined },
>(service: S | undefined, filedVersion: number | undefined): { service: S | undefined; pending: boolean } {
  const other =
    service?.serviceSlug !== undefined &&
    filedVersion !== undefined &&
    service.version !== undefined &&
    filedVersion !== service.version;
  const slug = service?.serviceSlug ?? '';
  const q = useQuery({
    queryKey: requestKeys.formsAt(slug, filedVersion ?? 0),
    queryFn: ({ signal }) =>
      apiCall(formsRoutes.serviceFormVersion, { params: { serviceSlug: slug, version: String(filedVersion) } }, { signal }),
    enabled: other,
    staleTime: Infinity,
  });
  if (!other) return { service, pending: false };
  if (!q.data) return { service: q.isError ? service : undefined, pending: !q.isError };
  return { service: { ...service, version: q.data.version, activities: q.data.activities }, pending: false };
}
