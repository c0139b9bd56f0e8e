import { setupI18n, type I18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { customizeValidator } from '@rjsf/validator-ajv8';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { messages as enShell } from '../../locales/en/messages.po';
import { messages as enAccount } from '../../locales/en/account.po';
import { messages as arShell } from '../../locales/ar/messages.po';
import { messages as arAccount } from '../../locales/ar/account.po';
import { ApiError } from '../../lib/api-client.ts';
import { EMAIL_PATTERN } from '../../../contract/form-schema.ts';
import { FOCUS_DELAY_MS, SchemaForm, type FormValues, type SchemaFormProps } from './schema-form.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

// Unit tests only: the app validates with precompiled validators (the CSP forbids ajv's runtime compiler).
const validator = customizeValidator();

const i18nFor = (locale: 'ar' | 'en'): I18n => {
  const i18n = setupI18n();
  i18n.loadAndActivate({ locale, messages: locale === 'ar' ? { ...arShell, ...arAccount } : { ...enShell, ...enAccount } });
  return i18n;
};

let container: HTMLDivElement;
let root: Root;
const submitted: FormValues[] = [];
const changes: FormValues[] = [];

function render(props: Partial<SchemaFormProps> & { schema: RJSFSchema; uiSchema?: UiSchema }, locale: 'ar' | 'en' = 'en') {
  const i18n = i18nFor(locale);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const ui = (p: typeof props): ReactNode => (
    <QueryClientProvider client={client}>
      <I18nProvider i18n={i18n}>
        <SchemaForm
          validator={validator}
          onSubmit={(d) => submitted.push(d)}
          onChange={(d) => changes.push(d)}
          submitLabel="Send"
          {...p}
        />
      </I18nProvider>
    </QueryClientProvider>
  );
  act(() => root.render(ui(props)));
  return { rerender: (next: typeof props) => act(() => root.render(ui(next))) };
}

const $ = <T extends Element = HTMLElement>(sel: string) => container.querySelector<T>(sel);
const byLabel = (text: string): HTMLInputElement => {
  const label = [...container.querySelectorAll('label')].find((l) => l.textContent?.startsWith(text));
  if (!label) throw new Error(`no label ${text}`);
  const input = label.htmlFor ? document.getElementById(label.htmlFor) : label.querySelector('input');
  return input as HTMLInputElement;
};
function type(el: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement, value: string) {
  const proto = Object.getPrototypeOf(el) as object;
  const setter = Object.getOwnPropertyDescriptor(proto, 'value')!.set!;
  act(() => {
    setter.call(el, value);
    el.dispatchEvent(new Event(el instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
  });
}
function click(el: Element | null) {
  act(() => (el as HTMLElement).click());
}
function submit() {
  act(() => {
    $('button[type=submit]')!.click();
  });
  act(() => vi.advanceTimersByTime(FOCUS_DELAY_MS + 1));
}
const errorOf = (input: Element) => {
  const ids = input.getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids.filter((id) => id.endsWith('-error')).map((id) => document.getElementById(id)?.textContent ?? '')[0] ?? '';
};

beforeEach(() => {
  vi.useFakeTimers();
  submitted.length = 0;
  changes.length = 0;
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});
afterEach(() => {
  act(() => root.unmount());
  container.remove();
  vi.useRealTimers();
});

/** The field type the form dialect writes on each field (contract/form-schema.ts). */
const fieldType = (type: string): Record<string, unknown> => ({ 'x-field': type });

const basic: RJSFSchema = {
  type: 'object',
  required: ['name', 'kind'],
  properties: {
    name: { type: 'string', title: 'Name', minLength: 2 },
    kind: { type: 'string', title: 'Kind', enum: ['home', 'shop'] },
    email: { type: 'string', title: 'E-mail', pattern: EMAIL_PATTERN, ...fieldType('email') },
  },
};
const basicUi: UiSchema = {
  name: { 'ui:widget': 'text', 'ui:help': 'As on your card' },
  kind: {
    'ui:widget': 'select',
    'ui:options': {
      options: [
        { value: 'home', label: 'Home' },
        { value: 'shop', label: 'Shop' },
      ],
    },
  },
  email: { 'ui:widget': 'email' },
};

describe('SchemaForm', () => {
  it('draws visible labels, hints and marks optional fields', () => {
    render({ schema: basic, uiSchema: basicUi });
    const name = byLabel('Name');
    expect(name.getAttribute('aria-describedby')).toContain('-hint');
    expect(container.textContent).toContain('As on your card');
    expect(container.textContent).toContain('E-mail(optional)');
    expect(container.querySelector('[class*="btn-default"], [class*="form-group"]')).toBeNull();
  });

  it('refuses an empty submit with the spec wording, a summary, and focuses the first failing field', () => {
    render({ schema: basic, uiSchema: basicUi });
    type(byLabel('E-mail'), 'not-an-address');
    submit();
    expect(submitted).toHaveLength(0);
    const name = byLabel('Name');
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(errorOf(name)).toBe('This field is required.');
    expect(errorOf(byLabel('E-mail'))).toBe('The e-mail address is not valid.');
    const summary = $('[role=alert]')!;
    expect(summary.textContent).toContain('Name: This field is required.');
    expect(document.activeElement).toBe(name);
    // Nothing typed is cleared by an error.
    expect(byLabel('E-mail').value).toBe('not-an-address');
  });

  it('leaves the focus where the person put it when they moved on before the failing field was focused', () => {
    render({ schema: basic, uiSchema: basicUi });
    act(() => {
      $('button[type=submit]')!.click();
    });
    // Into another field within the focus delay (a fast hand, a slow device): what they type stays there.
    const email = byLabel('E-mail');
    act(() => email.focus());
    act(() => vi.advanceTimersByTime(FOCUS_DELAY_MS + 1));
    expect(document.activeElement).toBe(email);
    expect(byLabel('Name').getAttribute('aria-invalid')).toBe('true');
  });

  it('submits valid values and words a too-short text with its bound', () => {
    render({ schema: basic, uiSchema: basicUi });
    type(byLabel('Name'), 'A');
    type(byLabel('Kind') as unknown as HTMLInputElement, 'home');
    submit();
    expect(errorOf(byLabel('Name'))).toBe('Enter at least 2 characters.');
    type(byLabel('Name'), 'Amal');
    submit();
    expect(submitted).toEqual([{ name: 'Amal', kind: 'home' }]);
  });

  it('puts the server fieldErrors on their fields, and a translated server code after the label', () => {
    const { rerender } = render({ schema: basic, uiSchema: basicUi, formData: { name: 'Amal', kind: 'home' } });
    rerender({
      schema: basic,
      uiSchema: basicUi,
      formData: { name: 'Amal', kind: 'home' },
      serverError: new ApiError('INVALID_INPUT', 400, 'bad', undefined, { name: ['name-invalid'], email: ['Duplicate_Data'] }),
    });
    act(() => vi.advanceTimersByTime(FOCUS_DELAY_MS + 1));
    expect(errorOf(byLabel('Name'))).toBe('Enter 2 to 50 letters.');
    expect(errorOf(byLabel('E-mail'))).toBe('E-mail: This national ID already exists.');
    expect(document.activeElement).toBe(byLabel('Name'));
    expect(byLabel('Name').value).toBe('Amal');
  });

  it('words errors in Arabic', () => {
    render({ schema: basic, uiSchema: basicUi }, 'ar');
    submit();
    expect($('[aria-invalid=true]') && errorOf($('[aria-invalid=true]')!)).toBe('هذا الحقل مطلوب.');
  });

  it('runs cross-field rules with their codes (password confirmation)', () => {
    const schema: RJSFSchema = {
      type: 'object',
      required: ['password', 'confirmPassword'],
      properties: { password: { type: 'string', title: 'Password' }, confirmPassword: { type: 'string', title: 'Confirm' } },
    };
    render({
      schema,
      uiSchema: { password: { 'ui:widget': 'password' }, confirmPassword: { 'ui:widget': 'password' } },
      check: (v): Record<string, { code: string }> =>
        v.password !== v.confirmPassword ? { confirmPassword: { code: 'password-mismatch' } } : {},
    });
    type(byLabel('Password'), 'Aa1!aaaa');
    type(byLabel('Confirm'), 'Aa1!aaab');
    submit();
    expect(errorOf(byLabel('Confirm'))).toBe('The passwords do not match.');
    expect(document.activeElement).toBe(byLabel('Confirm'));
    type(byLabel('Confirm'), 'Aa1!aaaa');
    submit();
    expect(submitted).toHaveLength(1);
  });
});

describe('number field', () => {
  const schema: RJSFSchema = {
    type: 'object',
    properties: { load: { type: 'number', title: 'Load', minimum: 50, maximum: 500 } },
  };
  const ui: UiSchema = { load: { 'ui:widget': 'number', 'ui:options': { postfix: 'kW' } } };

  it('accepts Arabic-Indic and Latin digits and keeps a number', () => {
    render({ schema, uiSchema: ui });
    type(byLabel('Load'), '١٢٠');
    expect(changes.at(-1)).toEqual({ load: 120 });
    type(byLabel('Load'), '75.5');
    expect(changes.at(-1)).toEqual({ load: 75.5 });
    expect(container.textContent).toContain('kW');
  });

  it('words each kind of number bound', () => {
    render({ schema, uiSchema: ui });
    type(byLabel('Load'), '7');
    submit();
    expect(errorOf(byLabel('Load'))).toBe('Enter a number from 50 to 500.');
    type(byLabel('Load'), 'abc');
    submit();
    expect(errorOf(byLabel('Load'))).toBe('Enter a number.');
    expect(byLabel('Load').value).toBe('abc');
  });
});

describe('conditional fields', () => {
  const schema: RJSFSchema = {
    type: 'object',
    required: ['propertyType'],
    properties: { propertyType: { type: 'string', title: 'Type', enum: ['flat', 'other'] } },
    allOf: [
      {
        if: { properties: { propertyType: { const: 'other' } }, required: ['propertyType'] },
        then: { properties: { otherDetails: { type: 'string', title: 'Other', minLength: 3 } }, required: ['otherDetails'] },
      },
    ],
  };
  const ui: UiSchema = { propertyType: { 'ui:widget': 'radio' }, otherDetails: { 'ui:widget': 'text' } };

  it('a hidden field does not block the submit, and what was typed in it comes back', () => {
    render({ schema, uiSchema: ui });
    click(container.querySelector('input[value=other]'));
    type(byLabel('Other'), 'x');
    click(container.querySelector('input[value=flat]'));
    expect(container.textContent).not.toContain('Other');
    submit();
    expect(submitted).toEqual([{ propertyType: 'flat' }]);
    click(container.querySelector('input[value=other]'));
    expect(byLabel('Other').value).toBe('x');
  });
});

describe('lists', () => {
  const schema: RJSFSchema = {
    type: 'object',
    required: ['loads'],
    properties: {
      loads: {
        type: 'array',
        title: 'Loads',
        ...fieldType('list'),
        minItems: 1,
        maxItems: 2,
        items: { type: 'object', required: ['device'], properties: { device: { type: 'string', title: 'Device' } } },
      },
    },
  };
  const ui: UiSchema = { loads: { 'ui:widget': 'list', items: { device: { 'ui:widget': 'text' } } } };

  it('adds and removes entries within the bounds and words minEntries', () => {
    render({ schema, uiSchema: ui });
    submit();
    expect(container.textContent).toContain('Add at least 1 entries.');
    const add = () => [...container.querySelectorAll('button')].find((b) => b.textContent?.startsWith('Add an entry'));
    click(add()!);
    type(byLabel('Device'), 'Heater');
    click(add()!);
    expect(container.querySelectorAll('ol > li')).toHaveLength(2);
    expect(add()).toBeUndefined();
    const remove = [...container.querySelectorAll('ol > li button')].find((b) => b.textContent?.startsWith('Remove'));
    click(remove!);
    expect(container.querySelectorAll('ol > li')).toHaveLength(1);
  });
});

describe('files', () => {
  const schema: RJSFSchema = {
    type: 'object',
    properties: {
      papers: {
        type: 'array',
        title: 'Papers',
        minItems: 2,
        items: { type: 'object', properties: { id: { type: 'string' }, name: { type: 'string' }, size: { type: 'number' } } },
      },
    },
  };
  const ui: UiSchema = { papers: { 'ui:widget': 'file', 'ui:options': { accept: ['application/pdf'] } } };

  it('shows each chosen file with its size and upload progress, then keeps what the server answered', async () => {
    let progress: (f: number) => void = () => {};
    let finish: (v: { id: string; name: string; size: number }) => void = () => {};
    const uploadFile = vi.fn(
      (_file: File, ctx: { onProgress: (f: number) => void }) =>
        new Promise<{ id: string; name: string; size: number }>((resolve) => {
          progress = ctx.onProgress;
          finish = resolve;
        }),
    );
    render({ schema, uiSchema: ui, uploadFile });
    const input = container.querySelector<HTMLInputElement>('input[type=file]')!;
    expect(input.accept).toBe('application/pdf');
    const file = new File([new Uint8Array(2048)], 'deed.pdf', { type: 'application/pdf' });
    Object.defineProperty(input, 'files', { value: [file], configurable: true });
    act(() => input.dispatchEvent(new Event('change', { bubbles: true })));
    expect(container.textContent).toContain('deed.pdf');
    expect(container.textContent).toContain('2 KB');
    act(() => progress(0.5));
    expect(container.querySelector('progress')!.getAttribute('value')).toBe('50');
    await act(async () => finish({ id: 'a1', name: 'deed.pdf', size: 2048 }));
    expect(changes.at(-1)).toEqual({ papers: [{ id: 'a1', name: 'deed.pdf', size: 2048 }] });
    submit();
    expect(container.textContent).toContain('2 files minimum: add more.');
  });
});

describe('rating', () => {
  it('picks a star between the lowest and highest texts', () => {
    render({
      schema: { type: 'object', properties: { score: { type: 'integer', title: 'Score', minimum: 1, maximum: 5 } } },
      uiSchema: { score: { 'ui:widget': 'rating', 'ui:options': { lowestRatingText: 'Poor', highestRatingText: 'Great' } } },
    });
    expect(container.textContent).toContain('Poor');
    expect(container.textContent).toContain('Great');
    click(container.querySelectorAll('input[type=radio]')[3]!);
    expect(changes.at(-1)).toEqual({ score: 4 });
  });
});

describe('lazy select', () => {
  it('loads options from its dependencies and clears its value when one changes', async () => {
    const loadOptions = vi.fn(async (_id: string, deps: Record<string, unknown>) =>
      deps.governorate === 'cairo' ? [{ value: 'c1', label: 'Center 1' }] : [{ value: 'g1', label: 'Giza 1' }],
    );
    const schema: RJSFSchema = {
      type: 'object',
      properties: {
        governorate: { type: 'string', title: 'Governorate', enum: ['cairo', 'giza'] },
        center: { type: 'string', title: 'Center' },
      },
    };
    const ui: UiSchema = {
      governorate: { 'ui:widget': 'select' },
      center: { 'ui:widget': 'select', 'ui:options': { lazyLoad: { apiDependencies: ['governorate'] } } },
    };
    render({ schema, uiSchema: ui, loadOptions });
    expect((byLabel('Center') as unknown as HTMLSelectElement).disabled).toBe(true);
    type(byLabel('Governorate') as unknown as HTMLSelectElement, 'cairo');
    await act(async () => {
      await vi.runAllTimersAsync();
    });
    expect(loadOptions).toHaveBeenCalledWith('center', { governorate: 'cairo' });
    type(byLabel('Center') as unknown as HTMLSelectElement, 'c1');
    expect(changes.at(-1)).toEqual({ governorate: 'cairo', center: 'c1' });
    type(byLabel('Governorate') as unknown as HTMLSelectElement, 'giza');
    expect(changes.at(-1)).toEqual({ governorate: 'giza', center: undefined });
  });
});

/** The location field is a chunk of its own (decision 052): its module loaded, the form draws it. */
async function locationLoaded(): Promise<void> {
  await act(async () => {
    await import('./location-field.tsx');
  });
  await act(async () => {});
}

const LOCATION_FORM = {
  schema: {
    type: 'object',
    properties: { place: { type: 'object', properties: { lat: { type: 'number' }, lng: { type: 'number' } } } },
  } as RJSFSchema,
  uiSchema: { place: { 'ui:widget': 'location', 'ui:title': 'Location' } },
};

describe('location and read-only values', () => {
  it('"Use my location" fills the point from the device, and says so when the device does not share it', async () => {
    let answer: (ok: PositionCallback, fail: PositionErrorCallback) => void = () => {};
    vi.stubGlobal('navigator', {
      ...navigator,
      geolocation: { getCurrentPosition: (ok: PositionCallback, fail: PositionErrorCallback) => answer(ok, fail) },
    });
    render(LOCATION_FORM);
    await locationLoaded();
    const use = [...container.querySelectorAll('button')].find((b) => b.textContent === 'Use my location')!;
    answer = (ok) => ok({ coords: { latitude: 30.04441234567, longitude: 31.2357 } } as GeolocationPosition);
    click(use);
    expect(changes.at(-1)).toEqual({ place: { lat: 30.044412, lng: 31.2357 } });
    expect(byLabel('Latitude').value).toBe('30.044412');
    answer = (_ok, fail) => fail({ code: 1, PERMISSION_DENIED: 1 } as GeolocationPositionError);
    click(use);
    expect(container.querySelector('[role=status]')!.textContent).toContain('did not share its location');
    vi.unstubAllGlobals();
  });

  it('draws governorate, district, address and the map point, and clears the district with a new governorate', async () => {
    render({
      schema: {
        type: 'object',
        properties: {
          place: {
            type: 'object',
            properties: {
              governorate: { type: 'string' },
              district: { type: 'string' },
              address: { type: 'string' },
              lat: { type: 'number' },
              lng: { type: 'number' },
            },
          },
          username: { readOnly: true },
        },
      },
      uiSchema: {
        place: {
          'ui:widget': 'location',
          'ui:title': 'Location',
          'ui:options': {
            options: [
              { value: 'cairo', label: 'Cairo' },
              { value: 'giza', label: 'Giza' },
            ],
          },
        },
        username: { 'ui:title': 'Username' },
      },
      formData: { username: 'amal1' },
    });
    await locationLoaded();
    expect(container.querySelector('legend')!.textContent).toContain('Location');
    expect(byLabel('Username').readOnly).toBe(true);
    expect(byLabel('Username').value).toBe('amal1');
    expect(byLabel('Username').name).toBe('username');
    type(byLabel('Governorate') as unknown as HTMLSelectElement, 'cairo');
    type(byLabel('District'), 'Nasr City');
    type(byLabel('Latitude'), '٣٠٫٠٤');
    expect(changes.at(-1)).toEqual({ username: 'amal1', place: { governorate: 'cairo', district: 'Nasr City', lat: 30.04 } });
    type(byLabel('Governorate') as unknown as HTMLSelectElement, 'giza');
    expect(changes.at(-1)).toEqual({ username: 'amal1', place: { governorate: 'giza', lat: 30.04 } });
  });
});

describe('text-like widgets', () => {
  it('phone, national id and meter keep Latin digits; date, textarea and check box give their values', () => {
    render({
      schema: {
        type: 'object',
        properties: {
          mobile: { type: 'string', title: 'Mobile' },
          nid: { type: 'string', title: 'National ID' },
          meter: { type: 'string', title: 'Meter' },
          day: { type: 'string', title: 'Day' },
          notes: { type: 'string', title: 'Notes' },
          agree: { type: 'boolean', title: 'I agree' },
        },
      },
      uiSchema: {
        mobile: { 'ui:widget': 'phone' },
        nid: { 'ui:widget': 'nationalId' },
        meter: { 'ui:widget': 'meter' },
        day: { 'ui:widget': 'date', 'ui:options': { minDate: '2026-01-01' } },
        notes: { 'ui:widget': 'textarea', 'ui:placeholder': 'Anything else' },
        agree: { 'ui:widget': 'checkbox' },
      },
    });
    type(byLabel('Mobile'), '٠١٠١٢٣٤٥٦٧٨');
    type(byLabel('National ID'), '٢٩٠٠١٠١٠١٠١٢٣٤');
    type(byLabel('Meter'), '١٢٣٤٥٦');
    expect(byLabel('Mobile').dir).toBe('ltr');
    expect(byLabel('Mobile').type).toBe('tel');
    expect(byLabel('Day').type).toBe('date');
    expect(byLabel('Day').min).toBe('2026-01-01');
    type(byLabel('Day'), '2026-02-03');
    type(byLabel('Notes') as unknown as HTMLTextAreaElement, 'Call first');
    expect((byLabel('Notes') as unknown as HTMLTextAreaElement).placeholder).toBe('Anything else');
    click(byLabel('I agree'));
    expect(changes.at(-1)).toEqual({
      mobile: '01012345678',
      nid: '29001010101234',
      meter: '123456',
      day: '2026-02-03',
      notes: 'Call first',
      agree: true,
    });
  });
});

describe('file wording', () => {
  it('words file counts with minimum and maximum, other counts with the bound first', async () => {
    const { fieldErrorMessage } = await import('../../lib/field-messages.ts');
    const i18n = i18nFor('en');
    const m = (code: string, b: { min?: number; max?: number }, files: boolean) =>
      fieldErrorMessage(i18n, { code, ...b }, { label: 'X', lang: 'en', files });
    expect(m('min-count', { min: 2 }, true)).toBe('2 files minimum: add more.');
    expect(m('max-count', { max: 3 }, true)).toBe('3 files maximum: remove some.');
    expect(m('min-count', { min: 2 }, false)).toBe('2 at least: choose more.');
    const ar = i18nFor('ar');
    expect(fieldErrorMessage(ar, { code: 'min-count', min: 2 }, { label: 'X', lang: 'ar', files: true })).toMatch(
      /ملفات على الأقل: أضف المزيد\.$/,
    );
  });
});
