import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { TReferenceData } from '../../../contract/catalog.ts';
import { routes } from '../../../contract/refs/routes.ts';
import { apiCall } from '../../lib/api-client.ts';
import { sharedKeys } from '../../lib/query-keys.ts';
import { useCurrentUser } from '../../lib/session.ts';

/*
 * The companies, sectors and service centers a report may be filtered by: the reference data (the same request
 * and cache entry as the content pages' and the meters screen's), narrowed to the employee's scope as the server
 * narrows what they may see (server/domain/staff/scope.ts): a holding employee (no company) every company; a
 * company's employee their company and their service centers when their account names them (the sector of their
 * profile is not in the current user's answer: the server narrows to it). The server enforces the scope whatever the
 * address says; the form only does not offer what would show nothing.
 */

export type PlaceOptions = {
  companies: TReferenceData['companies'];
  sectors: TReferenceData['sectors'];
  serviceCenters: TReferenceData['serviceCenters'];
  /** "All companies" is a choice (a holding employee). */
  allCompanies: boolean;
};

export function usePlaces(): PlaceOptions {
  const user = useCurrentUser();
  const ref = useQuery({
    queryKey: sharedKeys.serviceCenters(),
    queryFn: ({ signal }) => apiCall(routes.serviceCenters, {}, { signal }),
  });
  return useMemo(() => {
    const data = ref.data ?? { governorates: [], companies: [], sectors: [], serviceCenters: [] };
    const company = user?.company ?? null;
    const centers = user?.serviceCenter ?? [];
    return {
      companies: data.companies.filter((c) => company === null || c.id === company),
      sectors: data.sectors.filter((s) => company === null || s.companyId === company),
      serviceCenters: data.serviceCenters.filter(
        (c) => (company === null || c.companyId === company) && (centers.length === 0 || centers.includes(c.id)),
      ),
      allCompanies: company === null,
    };
  }, [ref.data, user]);
}
