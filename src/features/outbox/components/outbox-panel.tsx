import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { msg } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import type { TLang } from '../../../../contract/common.ts';
import { Icon } from '../../../components/icon.tsx';
import { errorMessages } from '../../../lib/error-display.ts';
import {
  discardWrite,
  flush,
  listRecords,
  onOutboxChange,
  onOutboxEvent,
  useOutboxSummary,
  type OutboxRecord,
} from '../index.ts';
import { usePwa } from '../../../lib/pwa.ts';
import { formatDateTime } from '../../../lib/text/format.ts';
import { storedHref } from '../../../lib/links.ts';
import { RequestNumber } from '../../../components/request-number.tsx';

const KIND_LABELS = {
  requestSubmit: msg`New request`,
  requestUpdate: msg`Request update`,
  requestComment: msg`Comment`,
  meterReading: msg`Meter reading`,
} as const;

/** The current user's writes still owed to the server, read again whenever they change (any tab). */
function useOutboxRecords(): OutboxRecord[] {
  const [records, setRecords] = useState<OutboxRecord[]>([]);
  useEffect(() => {
    let alive = true;
    const load = () => void listRecords().then((r) => alive && setRecords(r));
    load();
    const off = onOutboxChange(load);
    return () => {
      alive = false;
      off();
    };
  }, []);
  return records;
}

/** What the outbox just sent in the background (a request's number), said for a few seconds. */
function useSentNotice(): { number: string | undefined } | undefined {
  const [sent, setSent] = useState<{ number: string | undefined } | undefined>();
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const off = onOutboxEvent((e) => {
      if (e.type !== 'sent' || e.record.kind.startsWith('draft')) return;
      const number = (e.result as { ID?: unknown } | undefined)?.ID;
      setSent({ number: typeof number === 'string' ? number : undefined });
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => setSent(undefined), 8000);
    });
    return () => {
      off();
      if (timer) clearTimeout(timer);
    };
  }, []);
  return sent;
}

/**
 * The header's "N waiting" (decision 019): shown while the current user has writes the server has not accepted
 * yet. It opens the list of those writes: waiting ones can be sent now; those the server refused say why and
 * can be edited (their form reopens with their data) or discarded.
 */
export function OutboxButton() {
  const { t } = useLingui();
  const { waiting, attention } = useOutboxSummary();
  const [open, setOpen] = useState(false);
  const sent = useSentNotice();
  const number = sent?.number ? <RequestNumber value={sent.number} /> : undefined;
  if (waiting + attention === 0)
    return sent ? (
      <p role="status" className="text-sm text-success-ink" data-testid="outbox-sent">
        {number ? <Trans>Request {number} has been sent.</Trans> : <Trans>Everything has been sent.</Trans>}
      </p>
    ) : (
      <span role="status" className="sr-only" />
    );
  return (
    <>
      <button
        type="button"
        className={`btn-outline min-h-11 gap-1 px-2 text-sm ${attention > 0 ? 'border-warn text-warn' : ''}`}
        onClick={() => setOpen(true)}
        data-testid="outbox-button"
        title={t`Not sent yet`}
      >
        <Icon name="offline" className="size-4" />
        {attention > 0 ? (
          <Plural value={attention} one="# needs attention" other="# need attention" />
        ) : (
          <Plural value={waiting} one="# waiting" other="# waiting" />
        )}
      </button>
      {open && <OutboxPanel open={open} onClose={() => setOpen(false)} />}
    </>
  );
}

export function OutboxPanel({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t, i18n } = useLingui();
  const lang = i18n.locale as TLang;
  const records = useOutboxRecords();
  const { online } = usePwa();
  const navigate = useNavigate();
  const [sending, setSending] = useState(false);
  const [confirming, setConfirming] = useState<string | undefined>();
  const waiting = records.filter((r) => r.state === 'waiting');
  const attention = records.filter((r) => r.state === 'attention');

  const sendNow = async () => {
    setSending(true);
    await flush({ force: true }).finally(() => setSending(false));
  };
  const when = (ms: number) => formatDateTime(lang, ms);

  const item = (r: OutboxRecord) => {
    const made = when(r.createdAt);
    return (
      <li key={r.id} className="rounded-lg border border-line p-3" data-testid="outbox-item" data-state={r.state}>
        <p className="font-medium">
          {i18n._(KIND_LABELS[r.kind as keyof typeof KIND_LABELS] ?? msg`Change`)}
          {r.meta.title && (
            <>
              {' · '}
              <span dir="auto">{r.meta.title[lang]}</span>
            </>
          )}
        </p>
        <p className="text-sm text-ink-muted">
          <Trans>Made {made}</Trans>
          {r.attempts > 0 && (
            <>
              {' · '}
              <Plural value={r.attempts} one="tried # time" other="tried # times" />
            </>
          )}
        </p>
        {r.state === 'attention' && r.lastError && (
          <p className="mt-1 text-sm text-error-ink" role="note">
            {errorMessages(i18n, r.lastError).join(' ')}
          </p>
        )}
        {r.state === 'attention' && (
          <div className="mt-2 flex flex-wrap gap-2">
            {r.meta.editPath && (
              <button
                type="button"
                className="btn-primary"
                onClick={() => {
                  onClose();
                  void navigate({ href: storedHref(r.meta.editPath ?? '/', { outbox: r.id }) });
                }}
              >
                <Trans>Edit</Trans>
              </button>
            )}
            {confirming === r.id ? (
              <>
                <button
                  type="button"
                  className="btn-outline border-error-ink text-error-ink"
                  onClick={() => void discardWrite(r.id)}
                >
                  <Trans>Yes, discard it</Trans>
                </button>
                <button type="button" className="btn-outline" onClick={() => setConfirming(undefined)}>
                  <Trans>Keep it</Trans>
                </button>
              </>
            ) : (
              <button type="button" className="btn-outline" onClick={() => setConfirming(r.id)}>
                <Trans>Discard</Trans>
              </button>
            )}
          </div>
        )}
      </li>
    );
  };

  return (
    <Dialog open={open} onClose={onClose} className="fixed inset-0 z-50">
      <div className="fixed inset-0 bg-black/40" aria-hidden="true" />
      <div className="fixed inset-0 flex items-start justify-center p-4 pt-16">
        <DialogPanel className="max-h-[80dvh] w-full max-w-lg overflow-y-auto rounded-xl bg-card p-4 text-ink shadow-xl">
          <div className="flex items-center justify-between gap-2">
            <DialogTitle className="text-lg font-semibold">
              <Trans>Not sent yet</Trans>
            </DialogTitle>
            <button type="button" className="icon-button" onClick={onClose} aria-label={t`Close`}>
              <Icon name="close" />
            </button>
          </div>
          <p className="mt-1 text-sm text-ink-muted">
            {online ? (
              <Trans>These are kept on this device and sent as soon as the server accepts them. Nothing is lost.</Trans>
            ) : (
              <Trans>You are offline. These are kept on this device and sent when you are back online.</Trans>
            )}
          </p>
          {waiting.length > 0 && (
            <section aria-labelledby="outbox-waiting" className="mt-4">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <h3 id="outbox-waiting" className="font-semibold">
                  <Plural value={waiting.length} one="# waiting" other="# waiting" />
                </h3>
                <button type="button" className="btn-primary" onClick={() => void sendNow()} disabled={sending}>
                  {sending ? <Trans>Sending…</Trans> : <Trans>Send now</Trans>}
                </button>
              </div>
              <ul className="mt-2 grid gap-2">{waiting.map(item)}</ul>
            </section>
          )}
          {attention.length > 0 && (
            <section aria-labelledby="outbox-attention" className="mt-4">
              <h3 id="outbox-attention" className="font-semibold">
                <Trans>Needs your attention</Trans>
              </h3>
              <p className="text-sm text-ink-muted">
                <Trans>The server did not accept these. Edit them and send again, or discard them.</Trans>
              </p>
              <ul className="mt-2 grid gap-2">{attention.map(item)}</ul>
            </section>
          )}
          {records.length === 0 && (
            <p className="mt-4">
              <Trans>Everything has been sent.</Trans>
            </p>
          )}
        </DialogPanel>
      </div>
    </Dialog>
  );
}
