import { I18nProvider } from '@lingui/react';
import { act, useState, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../lib/i18n.ts';
import { messages as enShell } from '../../locales/en/messages.po';
import { ErrorSummary } from './error-summary.tsx';
import { Field } from './field.tsx';
import { LabelValue, LabelValueList } from './label-value-list.tsx';
import { PasswordInput } from './password-input.tsx';
import { SearchInput } from './search-input.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLDivElement;
let root: Root;
beforeEach(() => {
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  act(() => i18n.loadAndActivate({ locale: 'en', locales: ['en-US'], messages: enShell }));
});
afterEach(() => {
  act(() => root.unmount());
  container.remove();
  vi.useRealTimers();
});

function draw(node: ReactNode) {
  act(() => root.render(<I18nProvider i18n={i18n}>{node}</I18nProvider>));
}
const $ = <T extends Element = HTMLElement>(sel: string) => container.querySelector<T>(sel)!;
/** What a screen reader says a control is described by: the texts of the ids it names. */
const description = (el: Element) =>
  (el.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent)
    .join(' | ');

function type(input: HTMLInputElement, value: string) {
  const set = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
  act(() => {
    set.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

describe('Field', () => {
  it('labels its control and describes it by its hint; no error, not invalid', () => {
    draw(
      <Field id="mobile" label="Mobile" hint="11 digits">
        <input className="input" />
      </Field>,
    );
    const input = $<HTMLInputElement>('input');
    expect(input.id).toBe('mobile');
    expect($<HTMLLabelElement>('label').htmlFor).toBe('mobile');
    expect(input.labels?.[0]?.textContent).toBe('Mobile');
    expect(description(input)).toBe('11 digits');
    expect(input.hasAttribute('aria-invalid')).toBe(false);
    expect(container.querySelector('[role="alert"]')).toBeNull();
  });

  it('shows an error as an alert tied to the control, which becomes invalid; extra ids follow', () => {
    draw(
      <>
        <Field id="code" label="Code" hint="6 digits" error="The code is wrong" required describedBy="extra">
          {(control) => <input {...control} />}
        </Field>
        <p id="extra">Ask again in a minute</p>
      </>,
    );
    const input = $<HTMLInputElement>('input');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-required')).toBe('true');
    expect(description(input)).toBe('6 digits | The code is wrong | Ask again in a minute');
    expect($('[role="alert"]').textContent).toBe('The code is wrong');
  });

  it('marks an optional field, and leaves the error silent where a summary announces', () => {
    draw(
      <Field id="note" label="Note" optional error="Too long" announce={false}>
        <textarea />
      </Field>,
    );
    expect($('label').textContent).toBe('Note(optional)');
    expect(container.querySelector('[role="alert"]')).toBeNull();
    expect(description($('textarea'))).toBe('Too long');
  });
});

describe('PasswordInput', () => {
  function Form() {
    const [v, setV] = useState('');
    return (
      <PasswordInput
        id="pw"
        label="Password"
        autoComplete="new-password"
        value={v}
        onChange={(e) => setV(e.target.value)}
        error={v === 'x' ? 'Too short' : undefined}
      />
    );
  }

  it('hides what is typed until "Show" is pressed, and hides it again', () => {
    draw(<Form />);
    const input = $<HTMLInputElement>('input');
    const show = $<HTMLButtonElement>('button');
    expect(input.type).toBe('password');
    expect(input.autocomplete).toBe('new-password');
    expect(input.labels?.[0]?.textContent).toBe('Password');
    expect(show.getAttribute('aria-pressed')).toBe('false');
    expect(show.getAttribute('aria-controls')).toBe('pw');
    act(() => show.click());
    expect(input.type).toBe('text');
    expect(show.getAttribute('aria-pressed')).toBe('true');
    act(() => show.click());
    expect(input.type).toBe('password');
  });

  it('keeps what was typed and shows its error through the field', () => {
    draw(<Form />);
    const input = $<HTMLInputElement>('input');
    type(input, 'x');
    expect(input.value).toBe('x');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(description(input)).toBe('Too short');
  });
});

describe('SearchInput', () => {
  it('is a labelled search box whose clear button empties it and gives the focus back', () => {
    const onChange = vi.fn();
    draw(<SearchInput id="q" label="Search services" value="meter" onChange={onChange} />);
    const input = $<HTMLInputElement>('input');
    expect(input.type).toBe('search');
    expect(input.labels?.[0]?.textContent).toBe('Search services');
    const clear = $<HTMLButtonElement>('button');
    expect(clear.textContent).toContain('Clear the search');
    act(() => clear.click());
    expect(input.value).toBe('');
    expect(onChange).toHaveBeenLastCalledWith('');
    expect(document.activeElement).toBe(input);
    expect(container.querySelector('button')).toBeNull();
  });

  it('reports the text once typing pauses when debounced', () => {
    vi.useFakeTimers();
    const onChange = vi.fn();
    draw(<SearchInput id="q" label="Search" value="" onChange={onChange} debounceMs={300} />);
    const input = $<HTMLInputElement>('input');
    type(input, 'b');
    type(input, 'bi');
    type(input, 'bil');
    expect(onChange).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(300));
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange).toHaveBeenCalledWith('bil');
  });

  it('reports each keystroke without a delay', () => {
    const onChange = vi.fn();
    draw(<SearchInput id="q" label="Search" value="" onChange={onChange} />);
    type($<HTMLInputElement>('input'), 'a');
    expect(onChange).toHaveBeenCalledWith('a');
  });

  it('keeps out what the field does not accept, as it is typed', () => {
    const onChange = vi.fn();
    draw(<SearchInput id="q" label="Request number" value="" onChange={onChange} clean={(v) => v.replace(/[^A-Z0-9-]/g, '')} />);
    const input = $<HTMLInputElement>('input');
    type(input, '!');
    expect(input.value).toBe('');
    type(input, 'REQ-1 ?');
    expect(input.value).toBe('REQ-1');
    expect(onChange).toHaveBeenLastCalledWith('REQ-1');
  });
});

describe('LabelValueList', () => {
  it('draws a definition list of labels and values, each pair grouped', () => {
    draw(
      <LabelValueList layout="pairs">
        <LabelValue label="Name">Mona</LabelValue>
        <LabelValue label="National ID" testId="nid">
          29001010100015
        </LabelValue>
      </LabelValueList>,
    );
    const pairs = [...container.querySelectorAll('dl > div')];
    expect(pairs.map((d) => [d.querySelector('dt')?.textContent, d.querySelector('dd')?.textContent])).toEqual([
      ['Name', 'Mona'],
      ['National ID', '29001010100015'],
    ]);
    expect($('[data-testid="nid"]').tagName).toBe('DD');
  });
});

describe('ErrorSummary', () => {
  it('lists the errors in one alert; a field error is a link that moves the focus to its field', () => {
    draw(
      <>
        <ErrorSummary
          messages={['The service is closed']}
          entries={[
            { id: 'f-name', label: 'Name', message: 'Required' },
            { id: 'f-mail', label: 'E-mail', message: 'Not an e-mail address' },
          ]}
        />
        <input id="f-name" />
        <input id="f-mail" />
      </>,
    );
    const alert = $('[role="alert"]');
    expect(alert.textContent).toContain('Please correct the following:');
    const links = [...alert.querySelectorAll('a')];
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Name: Required', '#f-name'],
      ['E-mail: Not an e-mail address', '#f-mail'],
    ]);
    expect(alert.textContent).toContain('The service is closed');
    act(() => links[1]!.click());
    expect(document.activeElement?.id).toBe('f-mail');
  });

  it('lists an error once, and names its field once when the message already does', () => {
    draw(
      <ErrorSummary
        entries={[
          { id: 'f-reading', label: 'Current reading', message: 'Current reading: lower than the last reading.' },
          { id: 'f-reading', label: 'Current reading', message: 'Current reading: lower than the last reading.' },
          { id: 'f-code', label: 'Code', message: 'Code is not valid.' },
          { id: 'f-name', label: 'Name', message: 'This field is required.' },
        ]}
      />,
    );
    expect([...$('[role="alert"]').querySelectorAll('a')].map((a) => a.textContent)).toEqual([
      'Current reading: lower than the last reading.',
      'Code is not valid.',
      'Name: This field is required.',
    ]);
  });

  it('can be focused by the screen after a failed submit, and draws nothing without errors', () => {
    const ref = { current: null as HTMLDivElement | null };
    draw(<ErrorSummary ref={ref} id="sum" messages={[]} />);
    expect(container.querySelector('[role="alert"]')).toBeNull();
    draw(<ErrorSummary ref={ref} id="sum" messages={['Wrong username or password']} />);
    act(() => ref.current?.focus());
    expect(document.activeElement?.id).toBe('sum');
    expect($('[role="alert"]').textContent).toBe('Wrong username or password');
  });
});
