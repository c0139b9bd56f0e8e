import { Link } from '@tanstack/react-router';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useId, useRef, useState } from 'react';
import type { TCurrentUser } from '../../../../contract/identity.ts';
import { useLogout } from '../use-logout.ts';
import { AlertDialog } from '../../../components/alert-dialog.tsx';
import { Notice } from '../../../components/ui/notice.tsx';
import { ACCOUNT_PAGES } from '../../../components/nav-menus.ts';
import { APP_KIND } from '../../../lib/constants.ts';
import { promptInstall, usePwa } from '../../../lib/pwa.ts';

/**
 * The header's user menu (spec section 2 "User menu: profile, my meters, logout"); staff and agents get only what
 * they can use (their profile; no meters, bills or papers of their own: decision 050). A disclosure: a button that
 * opens a short list of links. A failed logout stays on screen with a retry (spec section 8 "logout failed").
 */
export function UserMenu({ user }: { user: TCurrentUser | undefined }) {
  const { t } = useLingui();
  const id = useId();
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const boxRef = useRef<HTMLDivElement>(null);
  const { logout, pending, failed, dismiss, unsent, keep } = useLogout('user');
  const name = user ? user.firstName || user.username : undefined;

  useEffect(() => {
    if (!open) return;
    const onDown = (e: PointerEvent) => {
      if (!boxRef.current?.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setOpen(false);
        buttonRef.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const close = () => setOpen(false);

  return (
    <div ref={boxRef} className="relative hidden sm:block">
      <button
        ref={buttonRef}
        type="button"
        className="btn-outline max-w-40 sm:max-w-56"
        aria-expanded={open}
        aria-controls={`${id}-menu`}
        onClick={() => setOpen((o) => !o)}
      >
        <span className="sr-only">
          <Trans>Account menu</Trans>
        </span>
        <span className="truncate" dir="auto">
          {name ?? t`My account`}
        </span>
        <svg viewBox="0 0 24 24" className="size-4 shrink-0 fill-current" aria-hidden="true" focusable="false">
          <path d="M7 10l5 5 5-5H7Z" />
        </svg>
      </button>
      <div
        id={`${id}-menu`}
        hidden={!open}
        className="absolute end-0 top-full z-40 mt-2 w-60 rounded-xl border border-line bg-card p-2 shadow-lg"
      >
        {user && (
          <p className="truncate border-b border-line px-2 pb-2 text-sm text-ink-muted" dir="auto">
            {user.fullName}
          </p>
        )}
        <ul className="mt-1 grid">
          <AccountLinks className="nav-link w-full" onNavigate={close} />
          <li>
            <button
              type="button"
              className="nav-link w-full text-start"
              disabled={pending}
              onClick={async () => {
                if (await logout()) close();
              }}
            >
              {pending ? <Trans>Logging out…</Trans> : <Trans>Log out</Trans>}
            </button>
          </li>
        </ul>
      </div>
      {failed && <LogoutFailed onRetry={() => void logout()} pending={pending} onDismiss={dismiss} />}
      {unsent > 0 && (
        <UnsentWritesDialog
          count={unsent}
          pending={pending}
          onDiscard={async () => {
            if (await logout({ discard: true })) close();
          }}
          onKeep={keep}
        />
      )}
    </div>
  );
}

/**
 * Sign-out with writes not sent yet (decision 019): they would leave with the session, so the user decides.
 * Staying signed in keeps them; they are sent when the network allows.
 */
function UnsentWritesDialog({
  count,
  pending,
  onDiscard,
  onKeep,
}: {
  count: number;
  pending: boolean;
  onDiscard: () => Promise<void>;
  onKeep: () => void;
}) {
  const keepRef = useRef<HTMLButtonElement>(null);
  return (
    <AlertDialog
      title={<Trans>Not everything has been sent</Trans>}
      text={
        <Plural
          value={count}
          one="# request or change made on this device has not reached us yet. If you log out now, it is discarded."
          other="# requests or changes made on this device have not reached us yet. If you log out now, they are discarded."
        />
      }
      onDismiss={onKeep}
      safeRef={keepRef}
    >
      <div className="mt-6 flex flex-wrap justify-end gap-3">
        <button type="button" className="btn-outline" onClick={() => void onDiscard()} disabled={pending}>
          <Trans>Discard and log out</Trans>
        </button>
        <button ref={keepRef} type="button" className="btn-primary" onClick={onKeep}>
          <Trans>Stay signed in</Trans>
        </button>
      </div>
    </AlertDialog>
  );
}

/** Spec section 8 "logout failed with retry": stays on screen until retried or dismissed. */
function LogoutFailed({ onRetry, onDismiss, pending }: { onRetry: () => void; onDismiss: () => void; pending: boolean }) {
  return (
    <Notice tone="error" className="fixed inset-x-4 top-20 z-50 mx-auto flex max-w-md flex-wrap items-center gap-3 shadow-lg">
      <p className="flex-1">
        <Trans>Signing out failed. Check your connection and try again.</Trans>
      </p>
      <button type="button" className="btn-primary" onClick={onRetry} disabled={pending}>
        <Trans>Retry</Trans>
      </button>
      <button type="button" className="btn-outline" onClick={onDismiss}>
        <Trans>Dismiss</Trans>
      </button>
    </Notice>
  );
}

/**
 * The same entries inside the header's collapsible menu on narrow screens (the top bar has no room for the
 * account button there): list items to put in the menu's list.
 */
export function UserMenuItems({ user, onNavigate }: { user: TCurrentUser | undefined; onNavigate: () => void }) {
  const { logout, pending, failed, dismiss, unsent, keep } = useLogout('user');
  return (
    <>
      {user && (
        <li className="border-t border-line pt-2 text-sm text-ink-muted sm:hidden" dir="auto">
          {user.fullName}
        </li>
      )}
      {/* eslint-disable-next-line lingui/no-unlocalized-strings -- class names */}
      <AccountLinks className="nav-link" itemClassName="sm:hidden" onNavigate={onNavigate} />
      <li className="sm:hidden">
        <button
          type="button"
          className="nav-link"
          disabled={pending}
          onClick={async () => {
            if (await logout()) onNavigate();
          }}
        >
          {pending ? <Trans>Logging out…</Trans> : <Trans>Log out</Trans>}
        </button>
        {failed && <LogoutFailed onRetry={() => void logout()} pending={pending} onDismiss={dismiss} />}
        {unsent > 0 && (
          <UnsentWritesDialog
            count={unsent}
            pending={pending}
            onDiscard={async () => {
              if (await logout({ discard: true })) onNavigate();
            }}
            onKeep={keep}
          />
        )}
      </li>
    </>
  );
}

/**
 * The account's pages this build's user can use (`ACCOUNT_PAGES`), and in the employee build the app's installation
 * where the browser offers it (spec section 2: the employee-app download; out of the main menu, decision 050).
 */
function AccountLinks({
  className,
  itemClassName,
  onNavigate,
}: {
  className: string;
  itemClassName?: string;
  onNavigate: () => void;
}) {
  const pwa = usePwa();
  return (
    <>
      {ACCOUNT_PAGES.map((page) => (
        <li key={page} className={itemClassName}>
          {page === '/profile' ? (
            <Link to="/profile" className={className} onClick={onNavigate}>
              <Trans>Profile</Trans>
            </Link>
          ) : page === '/profile/meters' ? (
            <Link to="/profile/meters" className={className} onClick={onNavigate}>
              <Trans>My meters</Trans>
            </Link>
          ) : page === 'bills' ? (
            <Link to="/services/$serviceSlug/add" params={{ serviceSlug: 'PAYBILLS' }} className={className} onClick={onNavigate}>
              <Trans>My bills</Trans>
            </Link>
          ) : page === '/favorites' ? (
            <Link to="/favorites" className={className} onClick={onNavigate}>
              <Trans>My favourites</Trans>
            </Link>
          ) : (
            <Link to="/papers" className={className} onClick={onNavigate}>
              <Trans>My papers</Trans>
            </Link>
          )}
        </li>
      ))}
      {APP_KIND === 'employee' && pwa.canInstall && (
        <li className={itemClassName}>
          <button
            type="button"
            className={`${className} text-start`}
            onClick={() => {
              void promptInstall();
              onNavigate();
            }}
          >
            <Trans>Install the employee app</Trans>
          </button>
        </li>
      )}
    </>
  );
}
