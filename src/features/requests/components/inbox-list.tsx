import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { TLang } from '../../../../contract/common.ts';
import type { TRequestSummary } from '../../../../contract/requests.ts';
import { formatDate } from '../../../lib/text/format.ts';
import { RequestNumber, StatusBadge } from './view-status.tsx';

const entryLink = (r: TRequestSummary) => ({
  to: '/services/$serviceSlug/entries/$entryId',
  params: { serviceSlug: r.serviceSlug, entryId: r.id },
});

/**
 * A list of requests: cards on a phone, a table from tablet width. Each opens its view-request page; the request
 * number is the link (data, left to right).
 */
export function RequestList({ items, showService = true }: { items: readonly TRequestSummary[]; showService?: boolean }) {
  const { i18n } = useLingui();
  const lang = i18n.locale as TLang;
  return (
    <>
      <ul className="flex flex-col gap-3 md:hidden" data-testid="request-cards">
        {items.map((r) => (
          <li key={r.id} className="rounded-xl border border-line bg-card p-4" data-request={r.ID}>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <Link {...entryLink(r)} className="font-semibold text-brand underline underline-offset-2">
                <RequestNumber value={r.ID} />
              </Link>
              <StatusBadge status={r.status} lang={lang} />
            </div>
            {showService && <p className="mt-2">{r.serviceLabel[lang]}</p>}
            <p className="mt-1 text-sm text-ink-muted">
              <Trans>Submitted on</Trans> <time dateTime={r.createdAt}>{formatDate(lang, r.createdAt)}</time>
              {r.stage && <> · {r.stage.label[lang]}</>}
            </p>
          </li>
        ))}
      </ul>
      <div className="hidden overflow-x-auto rounded-xl border border-line bg-card md:block">
        <table className="w-full text-start" data-testid="request-table">
          <thead className="bg-surface text-sm text-ink-muted">
            <tr>
              <th scope="col" className="px-3 py-2 text-start font-medium">
                <Trans>Request number</Trans>
              </th>
              {showService && (
                <th scope="col" className="px-3 py-2 text-start font-medium">
                  <Trans>Service</Trans>
                </th>
              )}
              <th scope="col" className="px-3 py-2 text-start font-medium">
                <Trans>Status</Trans>
              </th>
              <th scope="col" className="px-3 py-2 text-start font-medium">
                <Trans>Stage</Trans>
              </th>
              <th scope="col" className="px-3 py-2 text-start font-medium">
                <Trans>Submitted on</Trans>
              </th>
            </tr>
          </thead>
          <tbody>
            {items.map((r) => (
              <tr key={r.id} className="border-t border-line" data-request={r.ID}>
                <td className="px-3 py-2">
                  <Link {...entryLink(r)} className="inline-flex min-h-11 items-center text-brand underline underline-offset-2">
                    <RequestNumber value={r.ID} />
                  </Link>
                </td>
                {showService && <td className="px-3 py-2">{r.serviceLabel[lang]}</td>}
                <td className="px-3 py-2">
                  <StatusBadge status={r.status} lang={lang} />
                </td>
                <td className="px-3 py-2">{r.stage?.label[lang] ?? ''}</td>
                <td className="px-3 py-2 whitespace-nowrap">
                  <time dateTime={r.createdAt}>{formatDate(lang, r.createdAt)}</time>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
