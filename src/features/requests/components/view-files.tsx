import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { TLang } from '../../../../contract/common.ts';
import type { TDocumentRef } from '../../../../contract/requests.ts';
import { Notice } from '../../../components/ui/notice.tsx';
import { useHints } from '../../../lib/session.ts';
import { formatDate, formatFileSize } from '../../../lib/text/format.ts';
import { attachmentUrl, documentPdfUrl, downloadWithOwnerToken } from '../api/requests.ts';

const DownloadIcon = () => (
  <svg viewBox="0 0 24 24" aria-hidden="true" className="size-4 shrink-0 fill-current">
    <path d="M11 3h2v9.2l3.3-3.3 1.4 1.4L12 16l-5.7-5.7 1.4-1.4 3.3 3.3V3ZM4 19h16v2H4v-2Z" />
  </svg>
);

/**
 * A download link of a request's file: an attachment (`/api/attachments/:id`) or a printing's PDF. Signed in, the
 * link itself downloads (the session cookie); a visitor's request needs its owner token, so the file is fetched
 * with it first.
 */
export function FileLink({
  kind,
  id,
  name,
  size,
  requestId,
}: {
  kind: 'attachment' | 'document';
  id: string;
  name: string;
  size?: number | undefined;
  /** The request a visitor's owner token opens; null for a paper of no request (a bills payment's receipt). */
  requestId: string | null;
}) {
  const { i18n } = useLingui();
  const signedIn = useHints() !== null;
  const [failed, setFailed] = useState(false);
  const href = kind === 'attachment' ? attachmentUrl(id) : documentPdfUrl(id);
  // eslint-disable-next-line lingui/no-unlocalized-strings -- a file extension
  const fileName = kind === 'document' && !name.toLowerCase().endsWith('.pdf') ? `${name}.pdf` : name;
  return (
    <>
      <a
        href={href}
        download={fileName}
        className="inline-flex min-h-11 items-center gap-2 text-brand underline underline-offset-2"
        onClick={(e) => {
          if (signedIn || requestId === null) return;
          e.preventDefault();
          setFailed(false);
          downloadWithOwnerToken(href, requestId, fileName).catch(() => setFailed(true));
        }}
      >
        <DownloadIcon />
        <span dir="auto">{name}</span>
        {size !== undefined && (
          <span className="text-sm text-ink-muted">
            (<bdi>{formatFileSize(i18n, size)}</bdi>)
          </span>
        )}
      </a>
      {failed && (
        <Notice tone="error" inline as="span" className="ms-2 text-sm">
          <Trans>Download failed.</Trans>
        </Notice>
      )}
    </>
  );
}

/** Printings of a request (receipt PDFs made on the server, each with a QR code to /verify). */
export function Printings({ documents, requestId }: { documents: readonly TDocumentRef[]; requestId: string }) {
  const { i18n } = useLingui();
  const lang = i18n.locale as TLang;
  if (documents.length === 0)
    return (
      <p className="text-ink-muted">
        <Trans>No documents have been issued yet.</Trans>
      </p>
    );
  return (
    <ul className="flex flex-col gap-1">
      {documents.map((d) => (
        <li key={d.id} className="flex flex-wrap items-center gap-x-3">
          <FileLink kind="document" id={d.id} name={d.label[lang]} requestId={requestId} />
          <span className="text-sm text-ink-muted">{formatDate(lang, d.createdAt)}</span>
        </li>
      ))}
    </ul>
  );
}
