import { Notice } from '../../../components/ui/notice.tsx';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { requestRoutes } from '../../../../contract/refs/routes-requests.ts';
import { apiCall } from '../../../lib/api-client.ts';
import { errorMessages } from '../../../lib/error-display.ts';
import { useCurrentUser } from '../../../lib/session.ts';
import { updateCurrentUser } from '../../../lib/session-api.ts';

/** Adds the slug if absent, removes it if present (spec section 4 "Favourite toggle"). */
export function toggledFavourites(current: readonly string[], slug: string): string[] {
  return current.includes(slug) ? current.filter((s) => s !== slug) : [...current, slug];
}

/**
 * The favourite toggle of a service card and the service page, for a signed-in citizen only (spec section 2).
 * `tasks/runTasks` favoriteServices stores the new list; the user it returns replaces the cached current user.
 * Loaded only when shown: a visitor's pages do not carry it.
 */
export default function FavouriteToggle({ slug, label, size = 'sm' }: { slug: string; label: string; size?: 'sm' | 'lg' }) {
  const { t, i18n } = useLingui();
  const user = useCurrentUser();
  const favourites = user?.favoriteServices ?? [];
  const on = favourites.includes(slug);
  const save = useMutation({
    mutationFn: (next: string[]) =>
      apiCall(requestRoutes.runTasks, { body: { taskIds: ['favoriteServices'], favoriteServices: next } }),
    onSuccess: (result) => {
      if (result.favoriteServices) updateCurrentUser(result.favoriteServices);
    },
  });
  if (!user) return null;
  return (
    <span className="inline-flex flex-col items-center">
      <button
        type="button"
        className={`icon-button ${on ? 'text-warn' : 'text-ink-muted'} ${size === 'lg' ? 'border border-line' : ''}`}
        aria-pressed={on}
        aria-label={t`Favourite: ${label}`}
        title={on ? t`Remove from favourites` : t`Add to favourites`}
        disabled={save.isPending}
        data-testid="favourite-toggle"
        onClick={() => save.mutate(toggledFavourites(favourites, slug))}
      >
        <svg viewBox="0 0 24 24" aria-hidden="true" className={size === 'lg' ? 'size-7' : 'size-6'}>
          <path
            d="m12 3 2.8 5.7 6.2.9-4.5 4.4 1 6.2L12 17.3 6.5 20.2l1-6.2L3 9.6l6.2-.9L12 3Z"
            className={on ? 'fill-current' : 'fill-none stroke-current'}
            strokeWidth="1.8"
            strokeLinejoin="round"
          />
        </svg>
      </button>
      {save.isError && (
        <Notice tone="error" inline as="span" className="text-xs">
          {errorMessages(i18n, save.error).join(' ') || <Trans>Something went wrong.</Trans>}
        </Notice>
      )}
    </span>
  );
}
