import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { serviceQuery } from './api/get-service.ts';
import { sortForCards } from './service-rules.ts';
import { useAllServices } from './use-all-services.ts';

/** The services and statuses the filters offer (staff see every service). */
export function useFilterOptions(service: string | undefined) {
  const { services } = useAllServices();
  const chosen = useQuery({ ...serviceQuery(service ?? ''), enabled: Boolean(service) });
  const serviceOptions = useMemo(
    () =>
      // The cards' labels are in the interface's language (decision 033), the only one the filter shows.
      sortForCards(services).map((s) => ({ value: s.serviceSlug, label: { ar: s.serviceLabel, en: s.serviceLabel } })),
    [services],
  );
  const statuses = useMemo(
    () => (service ? (chosen.data?.workflow?.statuses ?? []).map((s) => ({ value: s.id, label: s.label })) : []),
    [service, chosen.data],
  );
  return { serviceOptions, statuses };
}
