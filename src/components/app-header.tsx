import { Link, useRouterState } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { lazy, Suspense, useReducer, useState } from 'react';
import { LANGS, type TLang } from '../../contract/basics.ts';
import { resolveTheme, switchLanguage, type Theme } from '../lib/locale.ts';
import { useViewer } from '../lib/viewer.ts';
import { useDeviceValue, useHydrated } from '../lib/hydrated.ts';
import { APP_KIND } from '../lib/constants.ts';
import { loadAccountMessages } from '../lib/i18n.ts';
import { menuFor } from './nav-menus.ts';
import { Icon } from './icon.tsx';

// The search modal is code that only runs when opened: it loads on first use.
const ServiceSearchDialog = lazy(() => import('../features/catalog/components/service-search-dialog.tsx'));
// The user menu is drawn only for a signed-in user: it loads then.
const UserMenu = lazy(() => import('../features/auth/components/user-menu.tsx').then((m) => ({ default: m.UserMenu })));
// The help menu (the page's tour, Noor, help pages; decision 073): the citizen build's, after the first paint.
const HelpMenu = lazy(() => import('./help-menu.tsx').then((m) => ({ default: m.HelpMenu })));
const UserMenuItems = lazy(() => import('../features/auth/components/user-menu.tsx').then((m) => ({ default: m.UserMenuItems })));

// Writes not sent yet (decision 019): a small watcher loads after the first paint; the button, its list and
// their messages load when there are some.
const OutboxIndicator = lazy(() =>
  import('../features/outbox/components/outbox-indicator.tsx').then((m) => ({ default: m.OutboxIndicator })),
);

// The notifications bell is a signed-in user's: it loads, with its messages, once someone signs in (home budget).
const NotificationBell = lazy(() =>
  Promise.all([import('../features/notifications/components/notification-bell.tsx'), loadAccountMessages()]).then(([m]) => ({
    default: m.NotificationBell,
  })),
);

// eslint-disable-next-line lingui/no-unlocalized-strings -- each language is named in itself
const LANGUAGE_NAMES: Record<TLang, string> = { ar: 'العربية', en: 'English' };

/**
 * Where the main menu folds into the menu button: the citizen's five items fit from the `md` width; the staff
 * builds' longer menus fold below `lg`, so a portrait tablet (820 px) gets the button, not four lines of links
 * (decision 050). Whole class names, for Tailwind to find.
 */
/* eslint-disable lingui/no-unlocalized-strings -- class names */
const FOLD =
  APP_KIND === 'citizen'
    ? { button: 'md:hidden', nav: 'md:block', list: 'md:flex-row md:gap-4 md:py-1' }
    : { button: 'lg:hidden', nav: 'lg:block', list: 'lg:flex-row lg:flex-wrap lg:gap-x-4 lg:py-1' };
/* eslint-enable lingui/no-unlocalized-strings */

const currentTheme = (): Theme => (document.documentElement.classList.contains('dark') ? 'dark' : 'light');

export function AppHeader() {
  const { t, i18n } = useLingui();
  // On a page the server drew (decision 031), its controls wait for the app: a press before then would do nothing.
  const hydrated = useHydrated();
  const viewer = useViewer();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const [menuOpen, setMenuOpen] = useState(false);
  const [searchOpen, setSearchOpen] = useState(false);
  // A server-drawn page (decision 031) knows no stored theme: its first frame says light, then the device's.
  const [, themeChanged] = useReducer((n: number) => n + 1, 0);
  const theme = useDeviceValue<Theme>(undefined, currentTheme, 'light');
  const toggleTheme = () => {
    localStorage.setItem('theme', theme === 'dark' ? 'light' : 'dark');
    resolveTheme();
    themeChanged();
  };
  const menu = menuFor(viewer);

  return (
    <header className="sticky top-0 z-30 border-b border-line bg-card/95 backdrop-blur">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:start-2 focus:top-2 focus:z-50 focus:rounded focus:bg-brand focus:px-3 focus:py-2 focus:text-white"
      >
        <Trans>Skip to content</Trans>
      </a>
      <div className="mx-auto flex max-w-6xl items-center gap-2 px-4 py-2">
        <Link
          to="/"
          className="me-auto flex min-h-11 items-center gap-2 text-xl font-bold text-brand"
          aria-label={t`Kahraba home`}
        >
          <img src="/icons/logo.svg" alt="" width="32" height="32" />
          {/* On a phone the header's controls need the width (in English the name ran under the search button): the
              name gives way, and the link keeps its label. */}
          <span className="max-[420px]:sr-only">
            <Trans>Kahraba</Trans>
          </span>
        </Link>

        <Suspense fallback={null}>
          <OutboxIndicator />
        </Suspense>
        {viewer.kind !== 'visitor' && (
          <Suspense fallback={null}>
            <NotificationBell />
          </Suspense>
        )}
        {APP_KIND === 'citizen' && (
          <button
            type="button"
            className="icon-button"
            disabled={!hydrated}
            onClick={() => setSearchOpen(true)}
            aria-label={t`Search services`}
          >
            <Icon name="search" />
          </button>
        )}
        <button
          type="button"
          className="icon-button"
          disabled={!hydrated}
          onClick={toggleTheme}
          aria-pressed={theme === 'dark'}
          aria-label={t`Dark theme`}
          title={t`Dark theme`}
        >
          <Icon name={theme === 'dark' ? 'sun' : 'moon'} />
        </button>
        <label className="flex items-center">
          <span className="sr-only">
            <Trans>Language</Trans>
          </span>
          <select
            className="min-h-11 rounded-md border border-line bg-card px-2 text-sm"
            value={i18n.locale}
            disabled={!hydrated}
            onChange={(e) => switchLanguage(e.target.value as TLang)}
          >
            {LANGS.map((l) => (
              <option key={l} value={l} lang={l}>
                {LANGUAGE_NAMES[l]}
              </option>
            ))}
          </select>
        </label>
        {viewer.kind === 'visitor' ? (
          <Link to="/login" search={{ redirect: pathname }} className="btn-primary hidden sm:inline-flex">
            <Trans>Log in</Trans>
          </Link>
        ) : (
          <Suspense fallback={null}>
            <UserMenu user={viewer.user} />
          </Suspense>
        )}
        <button
          type="button"
          className={`icon-button ${FOLD.button}`}
          aria-expanded={menuOpen}
          aria-controls="main-menu"
          disabled={!hydrated}
          onClick={() => setMenuOpen((o) => !o)}
          aria-label={t`Menu`}
        >
          <Icon name="menu" />
        </button>
      </div>
      <nav
        id="main-menu"
        aria-label={t`Main menu`}
        className={`${menuOpen ? 'block' : 'hidden'} border-t border-line ${FOLD.nav}`}
      >
        <ul className={`mx-auto flex max-w-6xl flex-col gap-1 px-4 py-2 ${FOLD.list}`}>
          {menu.map((item) => (
            <li key={item.to}>
              {item.external ? (
                <a href={item.to} className="nav-link" rel="noopener">
                  {i18n._(item.label)}
                </a>
              ) : (
                <Link
                  {...('params' in item ? { to: item.to, params: item.params } : { to: item.to })}
                  className="nav-link"
                  activeProps={{ 'aria-current': 'page', className: 'nav-link-active' }}
                  activeOptions={{ exact: item.to === '/' }}
                  onClick={() => setMenuOpen(false)}
                >
                  {i18n._(item.label)}
                </Link>
              )}
            </li>
          ))}
          {APP_KIND === 'citizen' && (
            <li>
              <Suspense fallback={null}>
                <HelpMenu onChoose={() => setMenuOpen(false)} />
              </Suspense>
            </li>
          )}
          {viewer.kind === 'visitor' ? (
            <li className="sm:hidden">
              <Link to="/login" search={{ redirect: pathname }} className="nav-link">
                <Trans>Log in</Trans>
              </Link>
            </li>
          ) : (
            <Suspense fallback={null}>
              <UserMenuItems user={viewer.user} onNavigate={() => setMenuOpen(false)} />
            </Suspense>
          )}
        </ul>
      </nav>
      {searchOpen && (
        <Suspense fallback={null}>
          <ServiceSearchDialog open={searchOpen} onClose={() => setSearchOpen(false)} />
        </Suspense>
      )}
    </header>
  );
}
