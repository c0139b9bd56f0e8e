import { I18nProvider } from '@lingui/react';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../lib/i18n.ts';
import { messages as enShell } from '../../locales/en/messages.po';
import { DataTable, type Column, type DataTableProps, type TableSort } from './data-table.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLDivElement;
let root: Root;
beforeEach(() => {
  localStorage.clear();
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  act(() => i18n.loadAndActivate({ locale: 'en', locales: ['en-US'], messages: enShell }));
});
afterEach(() => {
  act(() => root.unmount());
  container.remove();
});

type Bill = { id: string; number: string; amount: number; meter: string };
const BILLS: Bill[] = [
  { id: 'a', number: 'B-10', amount: 300, meter: 'M1' },
  { id: 'b', number: 'B-2', amount: 100, meter: 'M2' },
  { id: 'c', number: 'B-7', amount: 200, meter: 'M3' },
];
const COLUMNS: Column<Bill>[] = [
  { id: 'number', header: 'Bill', cell: (b) => b.number, sortValue: (b) => b.number, rowHeader: true },
  { id: 'amount', header: 'Amount', cell: (b) => String(b.amount), sortValue: (b) => b.amount, align: 'end' },
  { id: 'meter', header: 'Meter', cell: (b) => b.meter, hideable: true },
];

function draw(props: Partial<DataTableProps<Bill>> = {}) {
  act(() =>
    root.render(
      <I18nProvider i18n={i18n}>
        <DataTable caption="Bills" columns={COLUMNS} rows={BILLS} rowKey={(b) => b.id} {...props} />
      </I18nProvider>,
    ),
  );
}
const table = () => container.querySelector('table')!;
const headers = () => [...table().querySelectorAll('thead th')];
const header = (name: string) => headers().find((h) => h.textContent === name)!;
const firstColumn = () => [...table().querySelectorAll('tbody tr')].map((tr) => tr.firstElementChild!.textContent);
const click = (el: Element) => act(() => (el as HTMLElement).click());

describe('DataTable', () => {
  it('sorts by a header: ascending, then descending, and says so with aria-sort', () => {
    draw();
    expect(firstColumn()).toEqual(['B-10', 'B-2', 'B-7']);
    expect(header('Amount').getAttribute('aria-sort')).toBe('none');
    expect(header('Meter').hasAttribute('aria-sort')).toBe(false);
    click(header('Amount').querySelector('button')!);
    expect(firstColumn()).toEqual(['B-2', 'B-7', 'B-10']);
    expect(header('Amount').getAttribute('aria-sort')).toBe('ascending');
    click(header('Amount').querySelector('button')!);
    expect(firstColumn()).toEqual(['B-10', 'B-7', 'B-2']);
    expect(header('Amount').getAttribute('aria-sort')).toBe('descending');
    // Texts with numbers sort as a person reads them: B-2 before B-7 before B-10.
    click(header('Bill').querySelector('button')!);
    expect(firstColumn()).toEqual(['B-2', 'B-7', 'B-10']);
    expect(header('Amount').getAttribute('aria-sort')).toBe('none');
  });

  it('leaves a server-side sort to the caller: reports the header asked for and keeps the rows as given', () => {
    const asked: TableSort[] = [];
    draw({ sort: { column: 'amount', direction: 'ascending' }, onSort: (s) => asked.push(s) });
    expect(header('Amount').getAttribute('aria-sort')).toBe('ascending');
    click(header('Amount').querySelector('button')!);
    click(header('Bill').querySelector('button')!);
    expect(asked).toEqual([
      { column: 'amount', direction: 'descending' },
      { column: 'number', direction: 'ascending' },
    ]);
    expect(firstColumn()).toEqual(['B-10', 'B-2', 'B-7']);
  });

  it('hides a column from the chooser and remembers it after the table is drawn again', async () => {
    draw({ tableId: 'bills' });
    // The chooser's popover loads with the first table that offers it.
    await act(async () => {
      await import('./column-chooser.tsx');
      await new Promise((r) => setTimeout(r, 0));
    });
    expect(headers().map((h) => h.textContent)).toEqual(['Bill', 'Amount', 'Meter']);
    click(container.querySelector('[data-testid="column-chooser"]')!);
    const boxes = [...container.querySelectorAll<HTMLInputElement>('fieldset input[type="checkbox"]')];
    // Only the hideable column is offered.
    expect(boxes.map((b) => b.parentElement!.textContent)).toEqual(['Meter']);
    click(boxes[0]!);
    expect(headers().map((h) => h.textContent)).toEqual(['Bill', 'Amount']);
    act(() => root.unmount());
    root = createRoot(container);
    draw({ tableId: 'bills' });
    expect(headers().map((h) => h.textContent)).toEqual(['Bill', 'Amount']);
    // Another table keeps its own choice.
    draw({ tableId: 'other' });
    expect(headers().map((h) => h.textContent)).toEqual(['Bill', 'Amount', 'Meter']);
  });

  it('shows the empty message instead of the table, and skeleton rows while loading', () => {
    draw({ rows: [], empty: 'No bills yet.' });
    expect(container.querySelector('table')).toBeNull();
    expect(container.textContent).toBe('No bills yet.');
    draw({ loading: true, pager: { page: 1, pages: 3, label: 'Bill pages', onPage: () => {} } });
    expect(container.querySelector('table')).toBeNull();
    expect(container.querySelector('[role="status"]')!.getAttribute('aria-label')).toBe('Loading');
    expect(container.querySelector('nav')).toBeNull();
  });

  it('draws each row as a card of label/value pairs for phones, and the pager under it', () => {
    draw({ pager: { page: 2, pages: 3, label: 'Bill pages', onPage: () => {} } });
    const cards = [...container.querySelectorAll('ul > li')];
    expect(cards).toHaveLength(3);
    const pairs = [...cards[0]!.querySelectorAll('dl > div')].map((d) => [
      d.querySelector('dt')!.textContent,
      d.querySelector('dd')!.textContent,
    ]);
    expect(pairs).toEqual([
      ['Bill', 'B-10'],
      ['Amount', '300'],
      ['Meter', 'M1'],
    ]);
    expect(container.querySelector('ul')!.className).toContain('md:hidden');
    expect(container.querySelector('nav')!.getAttribute('aria-label')).toBe('Bill pages');
  });

  it("gives a phone's card an actions column's label to read only, and the summary lines a card of their own", () => {
    const actions: Column<Bill> = { id: 'open', header: 'Actions', headerHidden: true, cell: (b) => `Open ${b.number}` };
    draw({
      columns: [...COLUMNS, actions],
      summary: [{ key: 'total', label: 'Total', value: '600', strong: true, testId: 'total' }],
    });
    const cards = [...container.querySelectorAll('ul > li')];
    expect(cards).toHaveLength(4);
    const open = [...cards[0]!.querySelectorAll('dt')].find((dt) => dt.textContent === 'Actions')!;
    expect(open.className).toBe('sr-only');
    expect(open.nextElementSibling!.textContent).toBe('Open B-10');
    const total = cards[3]!.querySelector('dd[data-testid="total"]')!;
    expect(total.textContent).toBe('600');
    expect(total.className).toContain('font-semibold');
    expect(cards[3]!.querySelector('dt')!.textContent).toBe('Total');
  });

  it('puts summary lines under the rows, the label across the columns', () => {
    draw({ cards: false, summary: [{ key: 'total', label: 'Total', value: '600', strong: true, testId: 'total' }] });
    const foot = table().querySelector('tfoot tr')!;
    expect(foot.querySelector('th')!.getAttribute('colspan')).toBe('2');
    expect(foot.querySelector('[data-testid="total"]')!.textContent).toBe('600');
    expect(container.querySelector('ul')).toBeNull();
  });
});
