import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useEffect, useId, useRef, useState } from 'react';
import type { TLang } from '../../../../contract/common.ts';
import type { TNotification } from '../../../../contract/requests.ts';
import { localDigits } from '../../../lib/locale.ts';
import { useMarkAsRead, useMarkAsSeen, useNotificationCount, useNotifications } from '../api.ts';
import { NotificationItem } from './notification-item.tsx';
import { useQueryClient } from '@tanstack/react-query';
import { notificationKeys } from '../keys.ts';
import { rootKeys } from '../../../lib/query-keys.ts';
import { Notice } from '../../../components/ui/notice.tsx';

const BellIcon = () => (
  <svg viewBox="0 0 24 24" aria-hidden="true" className="size-6 fill-current">
    <path d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22Zm7-6V11a7 7 0 0 0-5.5-6.84V3a1.5 1.5 0 0 0-3 0v1.16A7 7 0 0 0 5 11v5l-2 2v1h18v-1l-2-2Zm-2 1H7v-6a5 5 0 0 1 10 0v6Z" />
  </svg>
);

/**
 * A push shown by the service worker (decision 051) also refreshes the bell at once: the worker tells the open pages,
 * and the count (with the inbox's "with citizen comments" for staff) is asked again.
 */
function usePushRefresh() {
  const qc = useQueryClient();
  useEffect(() => {
    const sw = 'serviceWorker' in navigator ? navigator.serviceWorker : undefined;
    if (!sw) return;
    const onMessage = (e: MessageEvent) => {
      if ((e.data as { type?: string } | null)?.type !== 'PUSH') return;
      void qc.invalidateQueries({ queryKey: notificationKeys.all });
      void qc.invalidateQueries({ queryKey: rootKeys.requests });
      void qc.invalidateQueries({ queryKey: rootKeys.staff });
    };
    sw.addEventListener('message', onMessage);
    return () => sw.removeEventListener('message', onMessage);
  }, [qc]);
}

/** Opening a notification (its link leads to its request) marks it read. */
export function useOpenNotification() {
  const read = useMarkAsRead();
  return (n: TNotification) => {
    if (!n.isRead) read.mutate({ ids: [n.id] });
  };
}

/**
 * The header's bell (spec section 2 "Notifications"): the unseen count on it; opening it lists the latest
 * notifications and marks them seen; "mark all read" and a link to all of them. Loaded only for a signed-in user.
 * A disclosure (button + panel): Escape or a click outside closes it and focus returns to the bell.
 */
export function NotificationBell() {
  const { t } = useLingui();
  const count = useNotificationCount().data?.count ?? 0;
  usePushRefresh();
  const seen = useMarkAsSeen();
  const open = useOpenNotification();
  const [isOpen, setOpen] = useState(false);
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) button.current?.focus();
  };
  useEffect(() => {
    if (!isOpen) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && close(true);
    const onClick = (e: MouseEvent) => !root.current?.contains(e.target as Node) && close(false);
    document.addEventListener('keydown', onKey);
    document.addEventListener('mousedown', onClick);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('mousedown', onClick);
    };
  }, [isOpen]);
  return (
    <div ref={root} className="relative">
      <button
        ref={button}
        type="button"
        className="icon-button relative"
        aria-label={count > 0 ? t`Notifications, ${count} new` : t`Notifications`}
        aria-expanded={isOpen}
        aria-controls={panelId}
        data-testid="notification-bell"
        onClick={() => {
          if (!isOpen && count > 0) seen.mutate(undefined);
          setOpen(!isOpen);
        }}
      >
        <BellIcon />
        {count > 0 && <CountBadge count={count} />}
      </button>
      {isOpen && (
        <div
          id={panelId}
          className="fixed inset-x-2 top-16 z-40 rounded-xl border border-line bg-card text-ink shadow-xl sm:absolute sm:inset-x-auto sm:end-0 sm:top-full sm:mt-2 sm:w-96"
          data-testid="notification-panel"
        >
          <BellPanel
            onOpen={(n) => {
              close(false);
              open(n);
            }}
            onAll={() => close(false)}
          />
        </div>
      )}
    </div>
  );
}

function CountBadge({ count }: { count: number }) {
  const { i18n } = useLingui();
  return (
    <span
      aria-hidden="true"
      className="absolute -end-0.5 -top-0.5 min-w-5 rounded-full bg-danger px-1 text-center text-xs font-bold leading-5 text-card"
      data-testid="notification-count"
    >
      {localDigits(i18n.locale as TLang, count > 99 ? '99+' : count)}
    </span>
  );
}

function BellPanel({ onOpen, onAll }: { onOpen: (n: TNotification) => void; onAll: () => void }) {
  const list = useNotifications(1, 5);
  const read = useMarkAsRead();
  const items = list.data?.items ?? [];
  const unread = items.some((n) => !n.isRead);
  return (
    <div className="flex max-h-[70vh] flex-col">
      <div className="flex items-center justify-between gap-2 border-b border-line p-3">
        <h2 className="font-semibold">
          <Trans>Notifications</Trans>
        </h2>
        {unread && (
          <button type="button" className="min-h-11 px-2 text-sm text-brand underline" onClick={() => read.mutate({ all: true })}>
            <Trans>Mark all read</Trans>
          </button>
        )}
      </div>
      <div className="overflow-y-auto p-1">
        {list.isPending ? (
          <p className="p-3 text-ink-muted" role="status">
            <Trans>Loading…</Trans>
          </p>
        ) : list.isError ? (
          <Notice tone="error" inline className="p-3">
            <Trans>The notifications could not be loaded.</Trans>
          </Notice>
        ) : items.length === 0 ? (
          <p className="p-3 text-ink-muted">
            <Trans>You have no notifications.</Trans>
          </p>
        ) : (
          <ul>
            {items.map((n) => (
              <li key={n.id}>
                <NotificationItem n={n} onOpen={onOpen} />
              </li>
            ))}
          </ul>
        )}
      </div>
      <div className="border-t border-line p-2 text-center">
        <Link to="/notifications" className="inline-flex min-h-11 items-center px-2 text-brand underline" onClick={onAll}>
          {list.data && list.data.total > items.length ? (
            <Plural value={list.data.total} one="See all # notifications" other="See all # notifications" />
          ) : (
            <Trans>See all notifications</Trans>
          )}
        </Link>
      </div>
    </div>
  );
}
