import { createFileRoute } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useMemo } from 'react';
import type { TFieldsSchema } from '../../contract/catalog.ts';
import { CONTACT_MESSAGE_TYPES, ZContactMessageBody } from '../../contract/public-forms.ts';
import { categoriesQueryOptions } from '../features/catalog/api/get-categories.ts';
import { useAllServices } from '../features/catalog/use-all-services.ts';
import { useContactMessage, type ContactInput } from '../features/public-forms/api/public-forms.ts';
import { issuesToFieldErrors, type FormValues } from '../features/forms/rules.ts';
import { ErrorSummary, SchemaFields } from '../features/forms/schema-fields.tsx';
import { textOf, useSchemaForm } from '../features/forms/use-schema-form.ts';
import { errorMessages } from '../lib/error-display.ts';

export const Route = createFileRoute('/contact')({
  loader: ({ context }) => void context.queryClient.prefetchQuery(categoriesQueryOptions()),
  component: ContactPage,
});

const DRAFT_KEY = 'draft:contact';
const FIELDS = ['fullName', 'email', 'messageType', 'serviceSlug', 'requestId', 'message'] as const;
const L = (s: string) => ({ ar: s, en: s });

function loadDraft(): Partial<FormValues> {
  try {
    const saved = JSON.parse(localStorage.getItem(DRAFT_KEY) ?? '{}') as Record<string, unknown>;
    return Object.fromEntries(FIELDS.filter((k) => typeof saved[k] === 'string').map((k) => [k, saved[k] as string]));
  } catch {
    return {};
  }
}

/** The values as the contract takes them: texts trimmed, optional fields left out when empty. */
function toBody(v: FormValues): ContactInput {
  const messageType = textOf(v, 'messageType');
  return {
    fullName: textOf(v, 'fullName'),
    email: textOf(v, 'email'),
    messageType: (CONTACT_MESSAGE_TYPES as readonly string[]).includes(messageType)
      ? (messageType as ContactInput['messageType'])
      : 'inquiry',
    message: textOf(v, 'message'),
    ...(textOf(v, 'serviceSlug') ? { serviceSlug: textOf(v, 'serviceSlug') } : {}),
    ...(textOf(v, 'requestId') ? { requestId: textOf(v, 'requestId') } : {}),
  };
}

/**
 * Contact us (spec section 3 "Contact message"): the form engine of every other form (src/features/forms), with
 * the contract's own schema (contract/public-forms.ts) as its rules; the server checks the same. The error
 * summary names each field. Nothing typed is lost: the draft is kept on the device until it is sent.
 */
function ContactPage() {
  const { t, i18n } = useLingui();
  const { services } = useAllServices();
  const send = useContactMessage();
  const serviceOptions = useMemo(
    () =>
      services.flatMap((s) => {
        const slug = s.serviceSlug ?? '';
        if (!slug) return [];
        return [
          { value: slug, label: { ar: s.translations?.ar.serviceLabel ?? slug, en: s.translations?.en.serviceLabel ?? slug } },
        ];
      }),
    [services],
  );
  const schema = useMemo<TFieldsSchema>(
    () => ({
      fullName: { type: 'text', label: L(t`Full name`), min: 3, max: 100 },
      email: { type: 'email', label: L(t`E-mail address`) },
      messageType: {
        type: 'radio',
        label: L(t`Message type`),
        uniforms: {
          options: [
            { value: 'complaint', label: L(t`Complaint`) },
            { value: 'inquiry', label: L(t`Inquiry`) },
          ],
        },
      },
      serviceSlug: { type: 'select', label: L(t`Service (optional)`), optional: true, uniforms: { options: serviceOptions } },
      requestId: {
        type: 'text',
        label: L(t`Request number (optional)`),
        optional: true,
        max: 30,
        regExp: /^[A-Za-z0-9-]*$/.source,
        customRegexError: L(t`Use English letters, digits and dashes only.`),
      },
      message: { type: 'textarea', label: L(t`Message`), min: 10, max: 2000 },
    }),
    [t, serviceOptions],
  );
  const form = useSchemaForm(schema, {
    initial: { messageType: 'inquiry', ...loadDraft() },
    check: (v) => {
      const r = ZContactMessageBody.safeParse(toBody(v));
      return r.success ? {} : issuesToFieldErrors(r.error.issues);
    },
  });
  const { values } = form;

  useEffect(() => {
    try {
      localStorage.setItem(DRAFT_KEY, JSON.stringify(values));
    } catch {
      /* storage full: the form still works */
    }
  }, [values]);

  const onValid = (v: FormValues) =>
    send.mutate(toBody(v), {
      onSuccess: () => {
        localStorage.removeItem(DRAFT_KEY);
        form.reset({ messageType: 'inquiry' });
      },
      onError: (err) => form.showServerError(err),
    });
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
      <form noValidate onSubmit={form.handleSubmit(onValid)} className="mt-4 grid max-w-2xl gap-4">
        <ErrorSummary form={form} describe={(e) => errorMessages(i18n, e as Parameters<typeof errorMessages>[1])} />
        <SchemaFields form={form} extras={{ requestId: { dir: 'ltr', autoComplete: 'off' }, message: { dir: 'auto' } }} />
        <div>
          <button type="submit" className="btn-primary" disabled={send.isPending}>
            {send.isPending ? <Trans>Sending…</Trans> : <Trans>Send</Trans>}
          </button>
        </div>
      </form>
    </>
  );
}
