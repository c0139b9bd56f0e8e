import { Trans, useLingui } from '@lingui/react/macro';
import type { TLang } from '../../../../contract/common.ts';
import { ErrorPanel } from '../../../components/error-panel.tsx';
import { RowsSkeleton } from '../../../components/skeleton.tsx';
import { useUserGuides } from '../api.ts';

/** `/userGuide` (spec section 2, employees): the guide library, each guide opening in the reader's language. */
export function UserGuide() {
  const { i18n } = useLingui();
  const lang = i18n.locale as TLang;
  const guides = useUserGuides();
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6">
      <h1 className="text-2xl font-bold">
        <Trans>User guide</Trans>
      </h1>
      {guides.isPending ? (
        <RowsSkeleton count={3} />
      ) : guides.isError ? (
        <ErrorPanel error={guides.error} onRetry={() => void guides.refetch()} />
      ) : guides.data.items.length === 0 ? (
        <p>
          <Trans>No guides yet.</Trans>
        </p>
      ) : (
        <ul className="flex flex-col gap-3" data-testid="user-guides">
          {guides.data.items.map((g) => (
            <li key={g.id} className="rounded-xl border border-line bg-card p-4">
              <a href={g.url[lang]} target="_blank" rel="noopener" className="text-lg font-semibold text-brand underline">
                {g.name[lang]}
              </a>
              <p className="text-sm text-ink-muted">
                {g.kind === 'video' ? (
                  <Trans>Video, opens in a new tab</Trans>
                ) : g.kind === 'link' ? (
                  <Trans>Link, opens in a new tab</Trans>
                ) : (
                  <Trans>Document, opens in a new tab</Trans>
                )}
              </p>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
