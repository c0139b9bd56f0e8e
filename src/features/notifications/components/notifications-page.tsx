import { Trans, useLingui } from '@lingui/react/macro';
import { ErrorPanel } from '../../../components/error-panel.tsx';
import { Pager, pageCount } from '../../../components/ui/pager.tsx';
import { RowsSkeleton } from '../../../components/skeleton.tsx';
import { useEffect } from 'react';
import { useMarkAsRead, useMarkAsSeen, useNotifications } from '../api.ts';
import { useOpenNotification } from './notification-bell.tsx';
import { NotificationItem } from './notification-item.tsx';

const PAGE = 20;

/** /notifications: every notification, newest first, with "mark all read" (spec section 2). */
export function NotificationsPage({ page, onPage }: { page: number; onPage: (p: number) => void }) {
  const { t } = useLingui();
  const list = useNotifications(page, PAGE);
  const read = useMarkAsRead();
  const open = useOpenNotification();
  const seen = useMarkAsSeen();
  const unseen = list.data?.unseen ?? 0;
  // Opening the list is seeing them: the bell's count goes.
  useEffect(() => {
    if (unseen > 0) seen.mutate(undefined);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per new unseen count
  }, [unseen]);
  const items = list.data?.items ?? [];
  const pages = pageCount(list.data?.total ?? 0, PAGE);
  return (
    <section aria-labelledby="notifications-title" className="mx-auto flex max-w-3xl flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="notifications-title" className="text-2xl font-bold">
          <Trans>Notifications</Trans>
        </h1>
        {items.some((n) => !n.isRead) && (
          <button type="button" className="btn-outline" onClick={() => read.mutate({ all: true })} disabled={read.isPending}>
            <Trans>Mark all read</Trans>
          </button>
        )}
      </div>
      {list.isPending ? (
        <RowsSkeleton />
      ) : list.isError ? (
        <ErrorPanel error={list.error} onRetry={() => void list.refetch()} />
      ) : items.length === 0 ? (
        <p className="rounded-xl border border-line bg-card p-6 text-center text-ink-muted">
          <Trans>You have no notifications.</Trans>
        </p>
      ) : (
        <ul className="divide-y divide-line rounded-xl border border-line bg-card" data-testid="notification-list">
          {items.map((n) => (
            <li key={n.id}>
              <NotificationItem n={n} onOpen={open} />
            </li>
          ))}
        </ul>
      )}
      <Pager page={page} pages={pages} label={t`Notification pages`} onPage={onPage} />
    </section>
  );
}
