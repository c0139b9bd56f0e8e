import { setupI18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { customizeValidator } from '@rjsf/validator-ajv8';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { messages as enShell } from '../../locales/en/messages.po';
import { messages as enAccount } from '../../locales/en/account.po';
import { ApiError } from '../../lib/api-client.ts';
import { ActivityStepper, type ActivityStep, type StepValues } from './activity-stepper.tsx';
import { FOCUS_DELAY_MS } from './schema-form.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const validator = customizeValidator();
const steps: ActivityStep[] = [
  {
    stepId: 'applicant',
    label: 'Applicant',
    schema: { type: 'object', required: ['name'], properties: { name: { type: 'string', title: 'Name', minLength: 2 } } },
    uiSchema: { name: { 'ui:widget': 'text' } },
  },
  {
    stepId: 'place',
    label: 'Place',
    schema: { type: 'object', required: ['address'], properties: { address: { type: 'string', title: 'Address' } } },
    uiSchema: { address: { 'ui:widget': 'textarea' } },
  },
];
const validators = { applicant: validator, place: validator };

let container: HTMLDivElement;
let root: Root;
const submitted: StepValues[] = [];

function render(serverError?: unknown) {
  const i18n = setupI18n();
  i18n.loadAndActivate({ locale: 'en', messages: { ...enShell, ...enAccount } });
  act(() =>
    root.render(
      <I18nProvider i18n={i18n}>
        <ActivityStepper
          steps={steps}
          validators={validators}
          onSubmit={(v) => submitted.push(v)}
          submitLabel="Submit the request"
          serverError={serverError}
        />
      </I18nProvider>,
    ),
  );
}
const input = (sel: string) => container.querySelector<HTMLInputElement & HTMLTextAreaElement>(sel)!;
function type(el: HTMLInputElement | HTMLTextAreaElement, value: string) {
  const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(el) as object, 'value')!.set!;
  act(() => {
    setter.call(el, value);
    el.dispatchEvent(new Event('input', { bubbles: true }));
  });
}
const button = (text: string) => [...container.querySelectorAll('button')].find((b) => b.textContent === text)!;
function press(text: string) {
  act(() => button(text).click());
  act(() => vi.advanceTimersByTime(FOCUS_DELAY_MS + 1));
}

beforeEach(() => {
  vi.useFakeTimers();
  submitted.length = 0;
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});
afterEach(() => {
  act(() => root.unmount());
  container.remove();
  vi.useRealTimers();
});

describe('ActivityStepper', () => {
  it('validates a step before the next, keeps every step’s values, and submits them all', () => {
    render();
    expect(container.querySelector('[aria-current=step]')!.textContent).toContain('Applicant');
    expect(container.querySelector('h2')!.textContent).toBe('Step 1 of 2: Applicant');
    press('Next');
    expect(container.querySelector('h2')!.textContent).toBe('Step 1 of 2: Applicant');
    expect(input('input').getAttribute('aria-invalid')).toBe('true');
    type(input('input'), 'Amal Hassan');
    press('Next');
    expect(container.querySelector('h2')!.textContent).toBe('Step 2 of 2: Place');
    expect(document.activeElement).toBe(container.querySelector('h2'));
    type(input('textarea'), '12 Nile Street');
    press('Back');
    expect(input('input').value).toBe('Amal Hassan');
    press('Next');
    expect(input('textarea').value).toBe('12 Nile Street');
    press('Submit the request');
    expect(submitted).toEqual([{ applicant: { name: 'Amal Hassan' }, place: { address: '12 Nile Street' } }]);
  });

  it('opens the step of a server field error and shows it there', () => {
    render();
    render(new ApiError('INVALID_INPUT', 400, 'bad', undefined, { 'applicant.name': ['name-invalid'] }));
    act(() => vi.advanceTimersByTime(FOCUS_DELAY_MS + 1));
    expect(container.querySelector('h2')!.textContent).toBe('Step 1 of 2: Applicant');
    expect(container.textContent).toContain('Enter 2 to 50 letters.');
  });
});
