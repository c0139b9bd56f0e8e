import { I18nProvider } from '@lingui/react';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../lib/i18n.ts';
import { messages as enShell } from '../../locales/en/messages.po';
import { QueryList, usePaging, type ListQuery } from './query-list.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLDivElement;
let root: Root;
beforeEach(() => {
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  i18n.loadAndActivate({ locale: 'en', locales: ['en-US'], messages: enShell });
});
afterEach(() => {
  act(() => root.unmount());
  container.remove();
});

type Page = { items: { id: string; name: string }[]; total: number };
const answered = (data: Page): ListQuery<Page> => ({ isPending: false, isError: false, error: null, data, refetch: () => {} });
const names = (n: number, from = 1) => Array.from({ length: n }, (_, i) => ({ id: String(from + i), name: `Meter ${from + i}` }));
/** The page of `total` meters that starts after `skip`, 2 a page. */
const pageOf = (total: number) => (skip: number) =>
  answered({ items: names(Math.max(0, Math.min(2, total - skip)), skip + 1), total });

/** A paged list of 2 a page; `answer` is what the server says for the page asked (its skip). */
function List({ answer, seen }: { answer: (skip: number) => ListQuery<Page>; seen: number[] }) {
  const paging = usePaging(2);
  seen.push(paging.page);
  return (
    <QueryList query={answer(paging.skip)} empty="Nothing is waiting." paging={{ ...paging, label: 'Meter pages' }}>
      {(m) => <li key={m.id}>{m.name}</li>}
    </QueryList>
  );
}
const render = (answer: (skip: number) => ListQuery<Page>, seen: number[] = []) =>
  act(() =>
    root.render(
      <I18nProvider i18n={i18n}>
        <List answer={answer} seen={seen} />
      </I18nProvider>,
    ),
  );

describe('QueryList', () => {
  it('says it is loading, then shows the items and the pager under them', () => {
    render(() => ({ isPending: true, isError: false, error: null, data: undefined, refetch: () => {} }));
    expect(container.querySelector('[role="status"]')?.getAttribute('aria-label')).toBe('Loading');
    render(pageOf(3));
    expect([...container.querySelectorAll('li')].map((li) => li.textContent)).toEqual(['Meter 1', 'Meter 2']);
    expect(container.querySelector('nav')?.getAttribute('aria-label')).toBe('Meter pages');
    act(() => [...container.querySelectorAll('nav button')].at(-1)!.dispatchEvent(new MouseEvent('click', { bubbles: true })));
    expect([...container.querySelectorAll('li')].map((li) => li.textContent)).toEqual(['Meter 3']);
  });

  it('says so when there is nothing, and offers a retry when the read failed', () => {
    render(() => answered({ items: [], total: 0 }));
    expect(container.textContent).toBe('Nothing is waiting.');
    let retried = 0;
    render(() => ({
      isPending: false,
      isError: true,
      error: { code: 'NETWORK-ERROR' },
      data: undefined,
      refetch: () => retried++,
    }));
    expect(container.querySelector('[role="alert"]')).not.toBeNull();
    act(() => container.querySelector('button')!.dispatchEvent(new MouseEvent('click', { bubbles: true })));
    expect(retried).toBe(1);
  });

  it('goes back a page when the last item of the last page is gone', () => {
    const seen: number[] = [];
    render(pageOf(3), seen);
    act(() => [...container.querySelectorAll('nav button')].at(-1)!.dispatchEvent(new MouseEvent('click', { bubbles: true })));
    expect(seen.at(-1)).toBe(2);
    // Meter 3 was decided: page 2 is empty now, and page 1 is shown.
    render(pageOf(2), seen);
    expect(seen.at(-1)).toBe(1);
    expect([...container.querySelectorAll('li')].map((li) => li.textContent)).toEqual(['Meter 1', 'Meter 2']);
  });
});
