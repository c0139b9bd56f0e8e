import { useLingui } from '@lingui/react/macro';

/** Loading skeletons: 4 cards and 4 rows by default (spec section 9). */
export function CardsSkeleton({ count = 4 }: { count?: number }) {
  const { t } = useLingui();
  return (
    <div role="status" aria-label={t`Loading`} className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className="h-28 animate-pulse rounded-xl bg-line motion-reduce:animate-none" />
      ))}
    </div>
  );
}

export function RowsSkeleton({ count = 4 }: { count?: number }) {
  const { t } = useLingui();
  return (
    <div role="status" aria-label={t`Loading`} className="flex flex-col gap-2">
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className="h-12 animate-pulse rounded-lg bg-line motion-reduce:animate-none" />
      ))}
    </div>
  );
}
