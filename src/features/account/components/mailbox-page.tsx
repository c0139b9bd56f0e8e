import { Field } from '../../../components/ui/field.tsx';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState, type ReactNode } from 'react';
import type { TOutboxMessage } from '../../../../contract/identity.ts';
import { useMailbox } from '../api/mailbox.ts';
import { ErrorPanel } from '../../../components/error-panel.tsx';
import { RowsSkeleton } from '../../../components/skeleton.tsx';
import { formatDateTime } from '../../../lib/text/format.ts';
import type { TLang } from '../../../../contract/common.ts';

const route = getRouteApi('/dev/mailbox');

/**
 * The developer mailbox, for testers: the e-mails and SMS the outbox delivered locally (demo and development
 * mode only; elsewhere the API answers 404 and so does this page).
 */

export function MailboxPage() {
  const { t } = useLingui();
  const id = useId();
  const { recipient = '' } = route.useSearch();
  const navigate = useNavigate({ from: '/dev/mailbox' });
  const [filter, setFilter] = useState(recipient);
  const mailbox = useMailbox(recipient);

  return (
    <section aria-labelledby="mailbox-title" className="flex flex-col gap-4">
      <h1 id="mailbox-title" className="text-2xl font-bold">
        <Trans>Developer mailbox</Trans>
      </h1>
      <p className="text-ink-muted">
        <Trans>
          E-mails and text messages are not sent in demo mode: the latest ones are shown here, newest first, for testing.
        </Trans>
      </p>
      <form
        role="search"
        aria-label={t`Filter messages`}
        className="flex flex-wrap items-end gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          void navigate({ search: filter.trim() ? { recipient: filter.trim() } : {} });
        }}
      >
        <Field
          id={`${id}-recipient`}
          label={<Trans>Recipient (e-mail address or mobile number)</Trans>}
          className="flex min-w-64 flex-1 flex-col gap-1"
        >
          <input className="input" dir="ltr" autoComplete="off" value={filter} onChange={(e) => setFilter(e.target.value)} />
        </Field>
        <button type="submit" className="btn-primary">
          <Trans>Show</Trans>
        </button>
        <button type="button" className="btn-outline" onClick={() => void mailbox.refetch()} disabled={mailbox.isFetching}>
          <Trans>Refresh</Trans>
        </button>
      </form>
      {mailbox.isPending ? (
        <RowsSkeleton />
      ) : mailbox.isError ? (
        <ErrorPanel error={mailbox.error} onRetry={() => void mailbox.refetch()} />
      ) : mailbox.data.items.length === 0 ? (
        <p role="status">
          <Trans>No messages.</Trans>
        </p>
      ) : (
        <ul className="flex flex-col gap-3">
          {mailbox.data.items.map((m) => (
            <li key={m.id}>
              <MessageCard message={m} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function MessageCard({ message: m }: { message: TOutboxMessage }) {
  const { i18n } = useLingui();
  const lang = i18n.locale as TLang;
  const when = formatDateTime(lang, m.createdAt);
  return (
    <article className="rounded-xl border border-line bg-card p-4" aria-label={m.subject || m.recipient}>
      <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-ink-muted">
        <span className="rounded-full bg-info-bg px-2 font-semibold text-info-ink">
          {m.channel === 'sms' ? <Trans>SMS</Trans> : m.channel === 'push' ? <Trans>Web push</Trans> : <Trans>E-mail</Trans>}
        </span>
        <span>
          <Trans>To:</Trans> <bdi dir="ltr">{m.recipient}</bdi>
        </span>
        <time dateTime={m.createdAt}>{when}</time>
      </p>
      {m.subject && <h2 className="mt-2 font-semibold">{m.subject}</h2>}
      <p dir="auto" className="mt-2 break-words whitespace-pre-wrap">
        {linkify(m.body)}
      </p>
    </article>
  );
}

const TOKEN = /(https?:\/\/[^\s]+|\b\d{6}\b)/g;

/** Links become clickable, 6-digit codes stand out (and read left to right inside Arabic text). */
function linkify(text: string): ReactNode[] {
  return text.split(TOKEN).map((part, i) => {
    if (i % 2 === 0) return part;
    if (part.startsWith('http'))
      return (
        <a key={i} href={part} dir="ltr" className="break-all text-brand underline">
          {part}
        </a>
      );
    return (
      <bdi key={i} dir="ltr" className="rounded bg-surface px-1 font-mono text-lg font-bold tracking-widest">
        {part}
      </bdi>
    );
  });
}
