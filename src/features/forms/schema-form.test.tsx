import { setupI18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TFieldsSchema } from '../../../contract/catalog.ts';
import { messages as enShell } from '../../locales/en/messages.po';
import { messages as enAccount } from '../../locales/en/account.po';
import { ApiError } from '../../lib/api-client.ts';
import { ErrorSummary, SchemaFields } from './schema-fields.tsx';
import { FOCUS_DELAY_MS, useSchemaForm, type SchemaForm } from './use-schema-form.ts';

const en = { ...enShell, ...enAccount };

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const L = (s: string) => ({ ar: s, en: s });
const schema: TFieldsSchema = {
  name: { type: 'text', label: L('Name'), min: 2 },
  kind: {
    type: 'select',
    label: L('Kind'),
    uniforms: { options: [{ value: 'home', label: { ar: 'منزلي', en: 'Home' } }] },
  },
  email: { type: 'email', label: L('E-mail'), optional: true },
};

let form: SchemaForm;
const submitted: unknown[] = [];
function Harness() {
  form = useSchemaForm(schema);
  return (
    <form noValidate onSubmit={form.handleSubmit((v) => submitted.push(v))}>
      <ErrorSummary form={form} describe={() => ['server said no']} />
      <SchemaFields form={form} />
      <button type="submit">Send</button>
    </form>
  );
}

describe('form engine view', () => {
  let container: HTMLDivElement;
  let root: ReturnType<typeof createRoot>;
  beforeEach(() => {
    vi.useFakeTimers();
    submitted.length = 0;
    const i18n = setupI18n();
    i18n.loadAndActivate({ locale: 'en', messages: en });
    container = document.createElement('div');
    document.body.append(container);
    root = createRoot(container);
    act(() =>
      root.render(
        <I18nProvider i18n={i18n}>
          <Harness />
        </I18nProvider>,
      ),
    );
  });
  afterEach(() => {
    act(() => root.unmount());
    container.remove();
    vi.useRealTimers();
  });

  const input = (id: string) => container.querySelector<HTMLInputElement>(`[name="${id}"]`)!;
  const type = (id: string, value: string) =>
    act(() => {
      const el = input(id);
      const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(el), 'value')!.set!;
      setter.call(el, value);
      el.dispatchEvent(new Event('input', { bubbles: true }));
    });
  const submit = () =>
    act(() => container.querySelector('button[type=submit]')!.dispatchEvent(new MouseEvent('click', { bubbles: true })));

  it('draws visible labels in the given order, with the option labels of the language', () => {
    const labels = [...container.querySelectorAll('label')].map((l) => l.textContent);
    expect(labels).toEqual(['Name', 'Kind', 'E-mail(optional)']);
    expect([...input('kind').querySelectorAll('option')].map((o) => o.textContent)).toEqual(['Choose…', 'Home']);
    expect(input('email').getAttribute('autocomplete')).toBe('email');
  });

  it('shows each error next to its field and moves to the first failing field after 100 ms, keeping values', () => {
    type('name', 'A');
    type('email', 'not-an-email');
    submit();
    expect(submitted).toEqual([]);
    const name = input('name');
    expect(name.getAttribute('aria-invalid')).toBe('true');
    const errorId = name.getAttribute('aria-describedby')!;
    expect(document.getElementById(errorId)?.textContent).toBe('Enter at least 2 characters.');
    expect(document.getElementById(input('kind').getAttribute('aria-describedby')!)?.textContent).toBe('This field is required.');
    expect(container.querySelector('[role=alert]')?.textContent).toContain('E-mail: The e-mail address is not valid.');
    expect(document.activeElement).not.toBe(name);
    act(() => vi.advanceTimersByTime(FOCUS_DELAY_MS));
    expect(document.activeElement).toBe(name);
    expect(name.value).toBe('A');
    expect(input('email').value).toBe('not-an-email');
  });

  it('submits valid values and maps server fieldErrors onto the fields', () => {
    type('name', 'Mona');
    act(() => {
      const el = input('kind') as unknown as HTMLSelectElement;
      el.value = 'home';
      el.dispatchEvent(new Event('change', { bubbles: true }));
    });
    submit();
    expect(submitted).toEqual([{ email: '', name: 'Mona', kind: 'home' }]);
    act(() => form.showServerError(new ApiError('Duplicate_Data', 409, 'dup', undefined, { name: ['already-exists'] })));
    expect(document.getElementById(input('name').getAttribute('aria-describedby')!)?.textContent).toBe(
      'This value is already registered to another account.',
    );
    expect(input('name').value).toBe('Mona');
    act(() => form.showServerError(new ApiError('TOO_MANY_REQUESTS', 429, 'slow down')));
    expect(container.querySelector('[role=alert]')?.textContent).toContain('server said no');
  });
});
