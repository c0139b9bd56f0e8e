import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import type { TLang } from '../../../../contract/common.ts';
import { ErrorPanel } from '../../../components/error-panel.tsx';
import { DataAge } from '../../../components/data-age.tsx';
import { RowsSkeleton } from '../../../components/skeleton.tsx';
import { formatDate, formatPiastres } from '../../../lib/text/format.ts';
import { PAGE_SIZE, documentsQuery } from '../api/requests.ts';
import { Pager, pageCount } from '../../../components/ui/pager.tsx';
import { FileLink } from './view-files.tsx';
import { RequestNumber } from './view-status.tsx';

/** /papers, "My papers" (spec section 2): every document issued to me, newest first, each with its PDF. */
export function PapersList({ page, onPage }: { page: number; onPage: (p: number) => void }) {
  const { i18n, t } = useLingui();
  const lang = i18n.locale as TLang;
  const docs = useQuery(documentsQuery(page));
  return (
    <section aria-labelledby="papers-title" className="flex flex-col gap-4">
      <h1 id="papers-title" className="text-2xl font-bold">
        <Trans>My papers</Trans>
      </h1>
      <DataAge updatedAt={docs.data ? docs.dataUpdatedAt : undefined} failed={docs.isError} />
      {docs.isPending ? (
        <RowsSkeleton />
      ) : !docs.data ? (
        <ErrorPanel error={docs.error} onRetry={() => void docs.refetch()} />
      ) : docs.data.items.length === 0 ? (
        <p className="rounded-xl border border-line bg-card p-6 text-center text-ink-muted">
          <Trans>No documents have been issued to you yet.</Trans>
        </p>
      ) : (
        <>
          <ul className="grid gap-3 md:grid-cols-2" data-testid="papers">
            {docs.data.items.map((d) => (
              <li key={d.id} className="flex flex-col gap-1 rounded-xl border border-line bg-card p-4" data-kind={d.kind}>
                <FileLink kind="document" id={d.id} name={d.label[lang]} requestId={d.requestId} />
                {d.withdrawnAt && (
                  <p className="text-warning-ink" data-testid="withdrawn">
                    <Trans>Withdrawn: the payment was refunded.</Trans>
                  </p>
                )}
                {(d.kind === 'paymentReceipt' || d.kind === 'creditNote') && d.paymentReference && (
                  <p>
                    <Trans>Payment reference</Trans> <bdi dir="ltr">{d.paymentReference}</bdi>
                    {d.totalPiastres !== null && (
                      <>
                        {' · '}
                        <bdi>{formatPiastres(lang, d.totalPiastres)}</bdi>
                      </>
                    )}
                  </p>
                )}
                {d.serviceLabel && <p>{d.serviceLabel[lang]}</p>}
                <p className="text-sm text-ink-muted">
                  {d.requestId && d.serviceSlug && d.requestNumber && (
                    <>
                      <Trans>Request</Trans>{' '}
                      <Link
                        to="/services/$serviceSlug/entries/$entryId"
                        params={{ serviceSlug: d.serviceSlug, entryId: d.requestId }}
                        className="text-brand underline"
                      >
                        <RequestNumber value={d.requestNumber} />
                      </Link>
                      {' · '}
                    </>
                  )}
                  <time dateTime={d.createdAt}>{formatDate(lang, d.createdAt)}</time>
                  {d.verifyUrl && (
                    <>
                      {' · '}
                      <a href={d.verifyUrl} className="text-brand underline">
                        <Trans>Verify</Trans>
                      </a>
                    </>
                  )}
                </p>
              </li>
            ))}
          </ul>
          <Pager page={page} pages={pageCount(docs.data.total, PAGE_SIZE)} label={t`Paper pages`} onPage={onPage} />
        </>
      )}
    </section>
  );
}
