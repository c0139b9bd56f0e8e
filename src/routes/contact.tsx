import { createFileRoute } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { TLang } from '../../contract/common.ts';
import { categoriesQueryOptions } from '../features/catalog/api/get-categories.ts';
import { useAllServices } from '../features/catalog/use-all-services.ts';
import { useContactMessage, type ContactInput } from '../features/public-forms/api/public-forms.ts';
import { ApiError } from '../lib/api-client.ts';
import { errorMessages } from '../lib/error-display.ts';
import { isValidEmail } from '../lib/validation.ts';

export const Route = createFileRoute('/contact')({
  loader: ({ context }) => void context.queryClient.prefetchQuery(categoriesQueryOptions()),
  component: ContactPage,
});

type Form = {
  fullName: string;
  email: string;
  messageType: 'complaint' | 'inquiry';
  serviceSlug: string;
  requestId: string;
  message: string;
};
const EMPTY: Form = { fullName: '', email: '', messageType: 'inquiry', serviceSlug: '', requestId: '', message: '' };
const DRAFT_KEY = 'draft:contact';

/** Spec section 5 rules, checked before sending; the server checks the same and answers with field codes. */
function validate(f: Form): Partial<Record<keyof Form, MessageDescriptor>> {
  const e: Partial<Record<keyof Form, MessageDescriptor>> = {};
  const name = f.fullName.trim();
  if (!name) e.fullName = msg`This field is required.`;
  else if (name.length < 3) e.fullName = msg`Enter at least 3 characters.`;
  else if (name.length > 100) e.fullName = msg`Enter at most 100 characters.`;
  if (!f.email.trim()) e.email = msg`This field is required.`;
  else if (!isValidEmail(f.email)) e.email = msg`The e-mail address is not valid.`;
  if (f.requestId && !/^[A-Za-z0-9-]{1,30}$/.test(f.requestId.trim())) e.requestId = msg`The request number is not valid.`;
  const m = f.message.trim();
  if (!m) e.message = msg`This field is required.`;
  else if (m.length < 10) e.message = msg`Enter at least 10 characters.`;
  else if (m.length > 2000) e.message = msg`Enter at most 2000 characters.`;
  return e;
}

function loadDraft(): Form {
  try {
    return { ...EMPTY, ...(JSON.parse(localStorage.getItem(DRAFT_KEY) ?? '{}') as Partial<Form>) };
  } catch {
    return EMPTY;
  }
}

function ContactPage() {
  const { t, i18n } = useLingui();
  const lang = i18n.locale as TLang;
  const id = useId();
  const { services } = useAllServices();
  const send = useContactMessage();
  const [form, setForm] = useState<Form>(loadDraft);
  const [errors, setErrors] = useState<Partial<Record<keyof Form, string>>>({});
  const summaryRef = useRef<HTMLDivElement>(null);

  // Nothing typed is lost: the form is kept on the device until it is sent.
  useEffect(() => {
    try {
      localStorage.setItem(DRAFT_KEY, JSON.stringify(form));
    } catch {
      /* storage full: the form still works */
    }
  }, [form]);

  const set = <K extends keyof Form>(k: K, v: Form[K]) => {
    setForm((f) => ({ ...f, [k]: v }));
    setErrors((e) => ({ ...e, [k]: undefined }));
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = validate(form);
    const translated = Object.fromEntries(Object.entries(found).map(([k, d]) => [k, i18n._(d)]));
    setErrors(translated);
    if (Object.keys(found).length > 0) {
      requestAnimationFrame(() => summaryRef.current?.focus());
      return;
    }
    const body: ContactInput = {
      fullName: form.fullName.trim(),
      email: form.email.trim(),
      messageType: form.messageType,
      message: form.message.trim(),
      ...(form.serviceSlug ? { serviceSlug: form.serviceSlug } : {}),
      ...(form.requestId.trim() ? { requestId: form.requestId.trim() } : {}),
    };
    send.mutate(body, {
      onSuccess: () => {
        localStorage.removeItem(DRAFT_KEY);
        setForm(EMPTY);
      },
      onError: (err) => {
        if (err instanceof ApiError && err.fieldErrors) {
          const fe: Partial<Record<keyof Form, string>> = {};
          for (const k of Object.keys(err.fieldErrors)) if (k in EMPTY) fe[k as keyof Form] = t`This value is not accepted.`;
          setErrors(fe);
        }
        requestAnimationFrame(() => summaryRef.current?.focus());
      },
    });
  };

  const errorId = (k: keyof Form) => [id, k, 'error'].join('-');
  const field = (k: keyof Form) => ({
    id: `${id}-${k}`,
    'aria-invalid': errors[k] ? true : undefined,
    'aria-describedby': errors[k] ? errorId(k) : undefined,
  });
  const FieldError = ({ k }: { k: keyof Form }) =>
    errors[k] ? (
      <p id={errorId(k)} className="text-sm text-danger">
        {errors[k]}
      </p>
    ) : null;
  const errorList = Object.entries(errors).filter(([, v]) => v);
  const referenceNumber = send.data?.referenceNumber ?? '';

  return (
    <>
      <h1 className="text-2xl font-bold">
        <Trans>Contact us</Trans>
      </h1>
      <p className="mt-2 text-ink-muted">
        <Trans>Send us a complaint or an inquiry. We answer by e-mail and give you a reference number.</Trans>
      </p>
      {send.isSuccess && (
        <div role="status" className="mt-4 rounded-xl bg-success-bg p-4 text-success-ink">
          <Trans>
            Your message was received. Reference number: <bdi dir="ltr">{referenceNumber}</bdi>
          </Trans>
        </div>
      )}
      <div ref={summaryRef} tabIndex={-1} className="focus:outline-none">
        {(errorList.length > 0 || (send.isError && !(send.error instanceof ApiError && send.error.fieldErrors))) && (
          <div role="alert" className="mt-4 rounded-xl bg-error-bg p-4 text-error-ink">
            <p className="font-semibold">
              <Trans>Please correct the following:</Trans>
            </p>
            <ul className="list-disc ps-6">
              {errorList.map(([k, v]) => (
                <li key={k}>
                  <a href={`#${id}-${k}`} className="underline">
                    {v}
                  </a>
                </li>
              ))}
              {send.isError &&
                errorList.length === 0 &&
                errorMessages(i18n, send.error as ApiError).map((m) => <li key={m}>{m}</li>)}
            </ul>
          </div>
        )}
      </div>
      <form noValidate onSubmit={submit} className="mt-4 grid max-w-2xl gap-4">
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-fullName`} className="font-medium">
            <Trans>Full name</Trans>
          </label>
          <input
            {...field('fullName')}
            className="input"
            autoComplete="name"
            value={form.fullName}
            onChange={(e) => set('fullName', e.target.value)}
          />
          <FieldError k="fullName" />
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-email`} className="font-medium">
            <Trans>E-mail address</Trans>
          </label>
          <input
            {...field('email')}
            type="email"
            dir="ltr"
            className="input"
            autoComplete="email"
            inputMode="email"
            value={form.email}
            onChange={(e) => set('email', e.target.value)}
          />
          <FieldError k="email" />
        </div>
        <fieldset className="flex flex-col gap-1">
          <legend className="font-medium">
            <Trans>Message type</Trans>
          </legend>
          <div className="flex gap-6">
            <label className="flex min-h-11 items-center gap-2">
              <input
                type="radio"
                name="messageType"
                checked={form.messageType === 'complaint'}
                onChange={() => set('messageType', 'complaint')}
              />
              <Trans>Complaint</Trans>
            </label>
            <label className="flex min-h-11 items-center gap-2">
              <input
                type="radio"
                name="messageType"
                checked={form.messageType === 'inquiry'}
                onChange={() => set('messageType', 'inquiry')}
              />
              <Trans>Inquiry</Trans>
            </label>
          </div>
        </fieldset>
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-serviceSlug`} className="font-medium">
            <Trans>Service (optional)</Trans>
          </label>
          <select
            {...field('serviceSlug')}
            className="input"
            value={form.serviceSlug}
            onChange={(e) => set('serviceSlug', e.target.value)}
          >
            <option value="">{t`No specific service`}</option>
            {services.map((s) => (
              <option key={s.id} value={s.serviceSlug}>
                {s.translations?.[lang].serviceLabel}
              </option>
            ))}
          </select>
          <FieldError k="serviceSlug" />
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-requestId`} className="font-medium">
            <Trans>Request number (optional)</Trans>
          </label>
          <input
            {...field('requestId')}
            dir="ltr"
            className="input"
            value={form.requestId}
            onChange={(e) => set('requestId', e.target.value)}
          />
          <FieldError k="requestId" />
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-message`} className="font-medium">
            <Trans>Message</Trans>
          </label>
          <textarea
            {...field('message')}
            rows={6}
            dir="auto"
            className="input py-2"
            value={form.message}
            onChange={(e) => set('message', e.target.value)}
          />
          <FieldError k="message" />
        </div>
        <div>
          <button type="submit" className="btn-primary" disabled={send.isPending}>
            {send.isPending ? <Trans>Sending…</Trans> : <Trans>Send</Trans>}
          </button>
        </div>
      </form>
    </>
  );
}
