import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { resolveTheme, switchLanguage, type Theme } from '../lib/locale.ts';
import { LANGS, type TLang } from '../../contract/common.ts';

// eslint-disable-next-line lingui/no-unlocalized-strings -- each language is named in itself
const LANGUAGE_NAMES: Record<TLang, string> = { ar: 'العربية', en: 'English' };

export function AppHeader() {
  const { t, i18n } = useLingui();
  const [theme, setTheme] = useState<Theme>(() => (document.documentElement.classList.contains('dark') ? 'dark' : 'light'));
  const toggleTheme = () => {
    const next: Theme = theme === 'dark' ? 'light' : 'dark';
    localStorage.setItem('theme', next);
    setTheme(resolveTheme());
  };
  return (
    <header className="border-b border-line bg-card">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:start-2 focus:top-2 focus:rounded focus:bg-brand focus:px-3 focus:py-2 focus:text-white">
        <Trans>Skip to content</Trans>
      </a>
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-3 px-4 py-3">
        <Link to="/" className="me-auto text-xl font-bold text-brand">
          <Trans>Kahraba</Trans>
        </Link>
        <label className="flex items-center gap-2 text-sm">
          <span>
            <Trans>Language</Trans>
          </span>
          <select
            className="min-h-11 rounded-md border border-line bg-card px-2"
            value={i18n.locale}
            onChange={(e) => switchLanguage(e.target.value as TLang)}
          >
            {/* Each language is named in itself, whatever the interface language. */}
            {LANGS.map((l) => (
              <option key={l} value={l} lang={l}>
                {LANGUAGE_NAMES[l]}
              </option>
            ))}
          </select>
        </label>
        <button
          type="button"
          onClick={toggleTheme}
          aria-pressed={theme === 'dark'}
          className="min-h-11 rounded-md border border-line px-3 text-sm"
          title={t`Dark theme`}
        >
          {theme === 'dark' ? <Trans>Light theme</Trans> : <Trans>Dark theme</Trans>}
        </button>
      </div>
    </header>
  );
}
