import { useCallback, useState } from 'react';
import { INBOX_SORTS } from '../../../contract/staff.ts';

/*
 * An employee's own order of a service's requests (spec sections 1 and 2: "reset a service's custom order to
 * default"; section 5: saved sorts are wiped when the cache version changes, src/lib/locale.ts): kept on this
 * device under `sorts:<service>` (`sorts:all` for every service), until reset.
 */

export type InboxSort = { sort: (typeof INBOX_SORTS)[number]; order: 'asc' | 'desc' };
export const DEFAULT_SORT: InboxSort = { sort: 'createdAt', order: 'desc' };

const keyOf = (service: string | undefined) => `sorts:${service ?? 'all'}`;

export function savedSort(service: string | undefined): InboxSort | null {
  try {
    const v = JSON.parse(localStorage.getItem(keyOf(service)) ?? 'null') as Partial<InboxSort> | null;
    if (v && INBOX_SORTS.includes(v.sort as InboxSort['sort']) && (v.order === 'asc' || v.order === 'desc'))
      return { sort: v.sort as InboxSort['sort'], order: v.order };
  } catch {
    /* a damaged value is no order */
  }
  return null;
}

/** The service's saved order (or the default), a setter that saves it, and a reset to the default. */
export function useSavedSort(service: string | undefined) {
  const [saved, setSaved] = useState<{ service: string | undefined; value: InboxSort | null }>(() => ({
    service,
    value: savedSort(service),
  }));
  const value = saved.service === service ? saved.value : savedSort(service);
  const save = useCallback(
    (next: InboxSort) => {
      localStorage.setItem(keyOf(service), JSON.stringify(next));
      setSaved({ service, value: next });
    },
    [service],
  );
  const reset = useCallback(() => {
    localStorage.removeItem(keyOf(service));
    setSaved({ service, value: null });
  }, [service]);
  return { sort: value ?? DEFAULT_SORT, custom: value !== null, save, reset };
}
