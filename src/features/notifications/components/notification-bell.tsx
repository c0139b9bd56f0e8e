import { Popover, PopoverButton, PopoverPanel } from '@headlessui/react';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { TLang } from '../../../../contract/common.ts';
import type { TNotification } from '../../../../contract/requests.ts';
import { localDigits } from '../../../lib/locale.ts';
import { useMarkAsRead, useMarkAsSeen, useNotificationCount, useNotifications } from '../api.ts';
import { NotificationItem } from './notification-item.tsx';

const BellIcon = () => (
  <svg viewBox="0 0 24 24" aria-hidden="true" className="size-6 fill-current">
    <path d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22Zm7-6V11a7 7 0 0 0-5.5-6.84V3a1.5 1.5 0 0 0-3 0v1.16A7 7 0 0 0 5 11v5l-2 2v1h18v-1l-2-2Zm-2 1H7v-6a5 5 0 0 1 10 0v6Z" />
  </svg>
);

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
 */
export function NotificationBell() {
  const { t, i18n } = useLingui();
  const lang = i18n.locale as TLang;
  const count = useNotificationCount().data?.count ?? 0;
  const seen = useMarkAsSeen();
  const open = useOpenNotification();
  return (
    <Popover className="relative">
      {({ open: isOpen, close }) => (
        <>
          <PopoverButton
            className="icon-button relative"
            aria-label={count > 0 ? t`Notifications, ${count} new` : t`Notifications`}
            data-testid="notification-bell"
            onClick={() => {
              if (!isOpen && count > 0) seen.mutate(undefined);
            }}
          >
            <BellIcon />
            {count > 0 && (
              <span
                aria-hidden="true"
                className="absolute -end-0.5 -top-0.5 min-w-5 rounded-full bg-danger px-1 text-center text-xs font-bold leading-5 text-card"
                data-testid="notification-count"
              >
                {localDigits(lang, count > 99 ? '99+' : count)}
              </span>
            )}
          </PopoverButton>
          <PopoverPanel
            anchor={{ to: 'bottom end', gap: 8 }}
            className="z-40 w-[min(24rem,calc(100vw-1rem))] rounded-xl border border-line bg-card text-ink shadow-xl"
          >
            <BellPanel
              onOpen={(n) => {
                close();
                open(n);
              }}
              onAll={close}
            />
          </PopoverPanel>
        </>
      )}
    </Popover>
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
          <p className="p-3 text-danger" role="alert">
            <Trans>The notifications could not be loaded.</Trans>
          </p>
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
        <Link
          to={'/notifications' as never}
          className="inline-flex min-h-11 items-center px-2 text-brand underline"
          onClick={onAll}
        >
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
