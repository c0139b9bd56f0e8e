import { Trans, useLingui } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useId, useRef, useState } from 'react';
import { setShortcutsOn, SHORTCUTS, shortcutOf, shortcutsOn, type ShortcutAction } from '../shortcuts.ts';

/*
 * The staff builds' keyboard shortcuts (src/features/staff/shortcuts.ts, decision 064). The pages mark what the keys reach,
 * so no feature knows another: the rows of a request list (`data-request`, their first link), the page's search
 * field (`type="search"` in the main region), the request's "Assign to me" button (`data-shortcut="assign"`) and
 * its comment box (`data-shortcut="comment"`). `?` (or the button under the page) lists them in a dialog, where
 * they can be turned off on this device.
 */

const visible = (el: Element): boolean => el.getClientRects().length > 0;

/** The request links of the list in view, one a row (a row's first link is its request number). */
function requestLinks(): HTMLAnchorElement[] {
  return (
    [...document.querySelectorAll('main [data-request]')]
      .filter(visible)
      // eslint-disable-next-line lingui/no-unlocalized-strings -- a selector
      .map((row) => row.querySelector<HTMLAnchorElement>('a[href]'))
      .filter((a): a is HTMLAnchorElement => a !== null)
  );
}

function focusOn(el: HTMLElement | null | undefined): boolean {
  if (!el) return false;
  el.focus();
  el.scrollIntoView?.({ block: 'nearest' });
  return true;
}

/** Runs an action on the page in view; false when the page has nothing it applies to. */
function act(action: Exclude<ShortcutAction, 'help' | 'inbox'>): boolean {
  if (action === 'search')
    return focusOn([...document.querySelectorAll<HTMLInputElement>('main input[type="search"]')].find(visible));
  if (action === 'comment') return focusOn(document.querySelector<HTMLElement>('main [data-shortcut="comment"] textarea'));
  if (action === 'assign') {
    const button = document.querySelector<HTMLButtonElement>('main [data-shortcut="assign"]');
    if (!button || button.disabled) return false;
    button.click();
    return true;
  }
  const links = requestLinks();
  const at = links.findIndex((a) => a === document.activeElement || a.contains(document.activeElement));
  if (action === 'open') {
    const link = links[Math.max(at, 0)];
    link?.click();
    return link !== undefined;
  }
  const next = action === 'next' ? (at < 0 ? 0 : Math.min(at + 1, links.length - 1)) : at < 0 ? 0 : Math.max(at - 1, 0);
  return focusOn(links[next]);
}

export function KeyboardShortcuts() {
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [on, setOn] = useState(shortcutsOn);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      // Another dialog (a confirmation, a menu) owns the keys while it is open.
      if (!on || document.querySelector('dialog[open]')) return;
      const action = shortcutOf(e);
      if (!action) return;
      if (action === 'help') setOpen(true);
      else if (action === 'inbox') void navigate({ to: '/inbox' });
      else if (!act(action)) return;
      e.preventDefault();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [on, navigate]);

  return (
    <>
      {/* Shown where a keyboard is likely (a tablet with its keyboard, a desktop), and at any width while the keys are
          off: the list is the only way to turn them on again (decision 076). */}
      <div className={`mx-auto w-full max-w-6xl px-4 pb-4 ${on ? 'hidden md:block' : ''}`}>
        <button type="button" className="text-sm text-ink-muted underline underline-offset-2" onClick={() => setOpen(true)}>
          <Trans>Keyboard shortcuts</Trans>
          {on && (
            <>
              {' '}
              (<kbd>?</kbd>)
            </>
          )}
        </button>
      </div>
      {open && (
        <ShortcutsDialog
          on={on}
          onToggle={(next) => {
            setShortcutsOn(next);
            setOn(next);
          }}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  );
}

function ShortcutsDialog({ on, onToggle, onClose }: { on: boolean; onToggle: (on: boolean) => void; onClose: () => void }) {
  const { i18n } = useLingui();
  const id = useId();
  const ref = useRef<HTMLDialogElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal?.();
    closeRef.current?.focus();
    return () => dialog?.close?.();
  }, []);
  return (
    <dialog
      ref={ref}
      aria-labelledby={`${id}-title`}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      data-testid="shortcuts-dialog"
      className="m-auto w-[min(32rem,calc(100%-2rem))] rounded-xl border border-line bg-card p-6 text-ink shadow-xl backdrop:bg-black/50"
    >
      <h2 id={`${id}-title`} className="text-xl font-bold">
        <Trans>Keyboard shortcuts</Trans>
      </h2>
      <p className="mt-2 text-ink-muted">
        <Trans>They work when the focus is not in a field.</Trans>
      </p>
      <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2">
        {SHORTCUTS.map((s) => (
          <div key={s.key} className="contents">
            <dt className="flex gap-1">
              <kbd dir="ltr" className="inline-block min-w-8 rounded border border-line bg-surface px-2 text-center font-mono">
                {s.label}
              </kbd>
              {/* An Arabic keyboard writes «؟» on that key (decision 064): both are shown in Arabic. */}
              {s.action === 'help' && i18n.locale === 'ar' && (
                <kbd className="inline-block min-w-8 rounded border border-line bg-surface px-2 text-center font-mono">؟</kbd>
              )}
            </dt>
            <dd>{i18n._(s.description)}</dd>
          </div>
        ))}
      </dl>
      <label className="mt-4 flex items-center gap-2">
        <input type="checkbox" className="size-5" checked={on} onChange={(e) => onToggle(e.target.checked)} />
        <Trans>Use single-key shortcuts on this device</Trans>
      </label>
      <div className="mt-6 flex justify-end">
        <button ref={closeRef} type="button" className="btn-primary" onClick={onClose}>
          <Trans>Close</Trans>
        </button>
      </div>
    </dialog>
  );
}
