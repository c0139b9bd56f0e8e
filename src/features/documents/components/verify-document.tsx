import { Trans, useLingui } from '@lingui/react/macro';
import type { TLang } from '../../../../contract/common.ts';
import type { TQrDocument } from '../../../../contract/requests.ts';
import { ErrorPanel } from '../../../components/error-panel.tsx';
import { RowsSkeleton } from '../../../components/skeleton.tsx';
import { LabelValue, LabelValueList } from '../../../components/ui/label-value-list.tsx';
import { Notice } from '../../../components/ui/notice.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { pick } from '../../../lib/localized.ts';
import { formatDate, formatPiastres } from '../../../lib/text/format.ts';
import { useQrDocument } from '../api/qr-document.ts';
import { RequestNumber } from '../../../components/request-number.tsx';

/*
 * /verify (spec section 2 "Other routes"; section 8: "QR error 'Unauthorized access' shows 'Invalid QR Code'"):
 * the page a printed document's QR code opens. It stands outside the main layout (no header, menus or footer):
 * the portal's name, the verdict and the document's data, and a way to the portal.
 */

const OTHER_LANGUAGE: Record<TLang, { lang: TLang; name: string }> = {
  ar: { lang: 'en', name: 'English' },
  en: { lang: 'ar', name: 'العربية' },
};

export function VerifyDocumentPage({ secret }: { secret: string }) {
  const { i18n } = useLingui();
  const lang = i18n.locale as TLang;
  const other = OTHER_LANGUAGE[lang];
  const q = useQrDocument(secret);
  const invalid = secret === '' || (q.error instanceof ApiError && (q.error.code === 'INVALID_QR' || q.error.status === 401));
  const otherHref = `/verify?${new URLSearchParams({ ...(secret ? { secret } : {}), lang: other.lang }).toString()}`;

  return (
    <div className="mx-auto flex min-h-dvh w-full max-w-2xl flex-col px-4 py-6">
      <header className="flex items-center gap-3 border-b border-line pb-4">
        <a href="/" className="me-auto flex min-h-11 items-center gap-2 text-xl font-bold text-brand">
          <img src="/icons/logo.svg" alt="" width="32" height="32" />
          <span>
            <Trans>Kahraba</Trans>
          </span>
        </a>
        {/* A full load: the language is read at start-up (spec section 4). */}
        <a href={otherHref} lang={other.lang} hrefLang={other.lang} className="inline-flex min-h-11 items-center px-2 underline">
          {other.name}
        </a>
      </header>
      <main id="main" tabIndex={-1} className="flex-1 py-6 focus:outline-none">
        <h1 className="text-2xl font-bold">
          <Trans>Document verification</Trans>
        </h1>
        <div className="mt-4" aria-live="polite">
          {invalid ? (
            <InvalidQr />
          ) : q.isPending ? (
            <RowsSkeleton count={4} />
          ) : q.error ? (
            <ErrorPanel error={q.error} onRetry={() => void q.refetch()} />
          ) : q.data.GetDocumentFromQr ? (
            <VerifiedDocument doc={q.data.GetDocumentFromQr} lang={lang} />
          ) : (
            <InvalidQr />
          )}
        </div>
      </main>
    </div>
  );
}

function InvalidQr() {
  return (
    <Notice tone="error" testId="invalid-qr">
      <h2 className="text-xl font-semibold">
        <Trans>Invalid QR Code</Trans>
      </h2>
      <p className="mt-2">
        <Trans>
          This code does not match any document issued by the portal. Check that you scanned the whole code on the original paper,
          or ask the person who gave you the document.
        </Trans>
      </p>
      <a href="/" className="mt-4 inline-flex min-h-11 items-center rounded-md border border-line px-4">
        <Trans>Go to the portal</Trans>
      </a>
    </Notice>
  );
}

function VerifiedDocument({ doc, lang }: { doc: TQrDocument; lang: TLang }) {
  const d = doc.document;
  const p = doc.payment;
  // A receipt whose payment was refunded (decision 060): issued by us, but no longer proof of payment.
  const withdrawn = Boolean(p?.withdrawnAt);
  return (
    <article
      className="rounded-xl border border-line bg-card p-5 shadow-sm"
      aria-labelledby="verified-title"
      data-testid="qr-document"
    >
      <div className="flex items-start gap-3">
        <span
          aria-hidden="true"
          className={`mt-1 inline-flex size-8 shrink-0 items-center justify-center rounded-full text-white ${
            withdrawn ? 'bg-error-ink' : 'bg-green-700'
          }`}
        >
          {withdrawn ? '!' : '✓'}
        </span>
        <div>
          <h2 id="verified-title" className="text-xl font-semibold">
            {pick(doc.label, lang)}
          </h2>
          {withdrawn && (
            <p className="mt-1 font-semibold text-error-ink" data-testid="qr-withdrawn">
              <Trans>Withdrawn</Trans>
            </p>
          )}
          <p className={`mt-1 ${withdrawn ? 'text-error-ink' : 'text-green-800 dark:text-green-300'}`}>
            {pick(doc.message, lang)}
          </p>
        </div>
      </div>
      {p ? (
        <LabelValueList className="mt-4">
          <LabelValue label={<Trans>Payment reference</Trans>}>
            <bdi dir="ltr" data-testid="qr-payment-reference">
              {p.reference}
            </bdi>
          </LabelValue>
          {p.requestNumber && (
            <LabelValue label={<Trans>Request number</Trans>}>
              <RequestNumber value={p.requestNumber} />
            </LabelValue>
          )}
          <LabelValue label={<Trans>Total paid</Trans>}>
            <bdi>{formatPiastres(lang, p.totalPiastres)}</bdi>
          </LabelValue>
          <LabelValue label={<Trans>Paid on</Trans>}>
            <time dateTime={p.paidAt}>{formatDate(lang, p.paidAt)}</time>
          </LabelValue>
          {p.payerName && (
            <LabelValue label={<Trans>Paid by</Trans>}>
              <bdi dir="auto">{p.payerName}</bdi>
            </LabelValue>
          )}
          <LabelValue label={<Trans>Issued on</Trans>}>
            <time dateTime={p.issuedAt}>{formatDate(lang, p.issuedAt)}</time>
          </LabelValue>
          {p.withdrawnAt && (
            <LabelValue label={<Trans>Withdrawn on</Trans>}>
              <time dateTime={p.withdrawnAt}>{formatDate(lang, p.withdrawnAt)}</time>
            </LabelValue>
          )}
        </LabelValueList>
      ) : d ? (
        <LabelValueList className="mt-4">
          <LabelValue label={<Trans>Request number</Trans>}>
            <span data-testid="qr-request-number">
              <RequestNumber value={d.requestNumber} />
            </span>
          </LabelValue>
          <LabelValue label={<Trans>Service</Trans>}>{pick(d.serviceLabel, lang)}</LabelValue>
          <LabelValue label={<Trans>Status</Trans>}>{pick(d.status.label, lang)}</LabelValue>
          {d.applicantName && (
            <LabelValue label={<Trans>Applicant</Trans>}>
              <bdi dir="auto">{d.applicantName}</bdi>
            </LabelValue>
          )}
          <LabelValue label={<Trans>Submitted on</Trans>}>
            <time dateTime={d.createdAt}>{formatDate(lang, d.createdAt)}</time>
          </LabelValue>
          <LabelValue label={<Trans>Issued on</Trans>}>
            <time dateTime={d.issuedAt}>{formatDate(lang, d.issuedAt)}</time>
          </LabelValue>
        </LabelValueList>
      ) : null}
    </article>
  );
}
