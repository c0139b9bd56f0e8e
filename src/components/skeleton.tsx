import { useLingui } from '@lingui/react/macro';

/** Loading skeleton: 4 cards by default (spec section 9). */
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
