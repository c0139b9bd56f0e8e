import { useMemo } from 'react';
import { useCategories } from './api/get-categories.ts';
import { uniqueServices } from './service-rules.ts';

/** Every service of the catalog (from the same cached categories answer the pages use). */
export function useAllServices() {
  const categories = useCategories();
  const services = useMemo(() => uniqueServices((categories.data ?? []).map((c) => c.services)), [categories.data]);
  return { ...categories, services };
}
