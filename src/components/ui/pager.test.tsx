import { I18nProvider } from '@lingui/react';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../lib/i18n.ts';
import { messages as arShell } from '../../locales/ar/messages.po';
import { messages as enShell } from '../../locales/en/messages.po';
import { Pager, pageCount } from './pager.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLDivElement;
let root: Root;
beforeEach(() => {
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});
afterEach(() => {
  act(() => root.unmount());
  container.remove();
});

// The app's own i18n: its wrapper writes a message's numbers in the language's digits (decision 015).
function render(lang: 'ar' | 'en', page: number, pages: number, onPage: (p: number) => void = () => {}) {
  act(() => {
    i18n.loadAndActivate({
      locale: lang,
      locales: [lang === 'ar' ? 'ar-EG' : 'en-US'],
      messages: lang === 'ar' ? arShell : enShell,
    });
    root.render(
      <I18nProvider i18n={i18n}>
        <Pager page={page} pages={pages} label={lang === 'ar' ? 'صفحات الأخبار' : 'News pages'} onPage={onPage} />
      </I18nProvider>,
    );
  });
}
const buttons = () => [...container.querySelectorAll('button')];

describe('Pager', () => {
  it('is a named navigation landmark with "page N of M" between previous and next', () => {
    render('en', 2, 3);
    const nav = container.querySelector('nav')!;
    expect(nav.getAttribute('aria-label')).toBe('News pages');
    expect(nav.textContent).toBe('PreviousPage 2 of 3Next');
    expect(buttons().map((b) => b.disabled)).toEqual([false, false]);
  });

  it('speaks Arabic with Arabic-Indic digits', () => {
    render('ar', 2, 13);
    expect(container.querySelector('nav')!.getAttribute('aria-label')).toBe('صفحات الأخبار');
    expect(container.textContent).toBe('السابقصفحة ٢ من ١٣التالي');
  });

  it('moves one page at a time and disables the way out of range', () => {
    const asked: number[] = [];
    render('en', 1, 3, (p) => asked.push(p));
    const [previous, next] = buttons();
    expect(previous!.disabled).toBe(true);
    act(() => next!.click());
    render('en', 3, 3, (p) => asked.push(p));
    expect(buttons()[1]!.disabled).toBe(true);
    act(() => buttons()[0]!.click());
    expect(asked).toEqual([2, 2]);
  });

  it('draws nothing for a single page', () => {
    render('en', 1, 1);
    expect(container.innerHTML).toBe('');
    expect(pageCount(0, 20)).toBe(1);
    expect(pageCount(41, 20)).toBe(3);
  });
});
