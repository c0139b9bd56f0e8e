import { Trans, useLingui } from '@lingui/react/macro';
import { useCallback, useMemo, useState } from 'react';
import type { TLang } from '../../../../contract/common.ts';
import { compileContactForm } from '../../../../contract/form-schema.ts';
import { CONTACT_MESSAGE_TYPES, ZContactMessageBody } from '../../../../contract/public-forms.ts';
import { useContactMessage, type ContactInput } from '../api/public-forms.ts';
import { SchemaForm, type FormValues } from '../../forms/schema-form.tsx';
import { useFormValidator } from '../../forms/use-form-validator.ts';
import { ErrorPanel } from '../../../components/error-panel.tsx';
import { RowsSkeleton } from '../../../components/skeleton.tsx';
import { contractIssues, textOf } from '../../forms/values.ts';
import { errorMessages } from '../../../lib/error-display.ts';

const DRAFT_KEY = 'draft:contact';
const FIELDS = ['fullName', 'email', 'messageType', 'serviceSlug', 'requestId', 'mobile', 'message'] as const;

function loadDraft(): FormValues {
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
    ...(textOf(v, 'mobile') ? { mobile: textOf(v, 'mobile') } : {}),
  };
}

/**
 * Contact us (spec section 3 "Contact message"): the form engine of every other form (src/features/forms), with
 * the contract's own schema (contract/public-forms.ts) as its rules; the server checks the same. The error
 * summary names each field. Nothing typed is lost: the draft is kept on the device until it is sent.
 */
export function ContactPage({ services }: { services: readonly { serviceSlug: string; serviceLabel: string }[] }) {
  const { t, i18n } = useLingui();
  const lang = i18n.locale as TLang;
  const send = useContactMessage();
  const [formKey, setFormKey] = useState(0);
  const [initial, setInitial] = useState<FormValues>(() => ({ messageType: 'inquiry', ...loadDraft() }));
  const form = useMemo(() => {
    const compiled = compileContactForm(lang);
    const ui = compiled.uiSchema as Record<string, Record<string, unknown>>;
    ui.email = { ...ui.email, 'ui:title': t`E-mail address` };
    ui.requestId = {
      ...ui.requestId,
      'ui:options': { ...(ui.requestId?.['ui:options'] as object), dir: 'ltr', autoComplete: 'off' },
    };
    return compiled;
  }, [lang, t]);
  // The browser checks with the server's own precompiled rules (no eval: the CSP holds).
  const validator = useFormValidator('contact', form.schema);
  // The service list is the catalogue's (already on the device): the lazy select's options.
  const loadOptions = useCallback(
    () => Promise.resolve(services.map((s) => ({ value: s.serviceSlug, label: s.serviceLabel }))),
    [services],
  );

  const save = (values: FormValues) => {
    try {
      localStorage.setItem(DRAFT_KEY, JSON.stringify(values));
    } catch {
      /* storage full: the form still works */
    }
  };

  const onValid = (v: FormValues) =>
    send.mutate(toBody(v), {
      onSuccess: () => {
        localStorage.removeItem(DRAFT_KEY);
        setInitial({ messageType: 'inquiry' });
        setFormKey((k) => k + 1);
      },
    });
  const referenceNumber = send.data?.referenceNumber ?? '';

  return (
    <>
      <h1 className="text-2xl font-bold">
        <Trans>Contact us</Trans>
      </h1>
      <p className="mt-2 text-ink-muted">
        <Trans>
          Send us a complaint, an inquiry or a suggestion. We answer by e-mail, or by SMS when you give your mobile, and give you
          a reference number.
        </Trans>
      </p>
      {send.isSuccess && (
        <div role="status" className="mt-4 rounded-xl bg-success-bg p-4 text-success-ink">
          <Trans>
            Your message was received. Reference number: <bdi dir="ltr">{referenceNumber}</bdi>
          </Trans>
        </div>
      )}
      <div className="mt-4 max-w-2xl">
        {validator.isPending ? (
          <RowsSkeleton count={6} />
        ) : validator.isError ? (
          <ErrorPanel error={validator.error} onRetry={() => void validator.refetch()} />
        ) : (
          <SchemaForm
            key={formKey}
            schema={form.schema}
            uiSchema={form.uiSchema}
            validator={validator.data}
            formData={initial}
            onChange={save}
            loadOptions={loadOptions}
            check={(v) => contractIssues(ZContactMessageBody.safeParse(toBody(v)))}
            onSubmit={onValid}
            serverError={send.error ?? undefined}
            describeError={(e) => errorMessages(i18n, e as Parameters<typeof errorMessages>[1])}
            submitLabel={<Trans>Send</Trans>}
            pendingLabel={<Trans>Sending…</Trans>}
            pending={send.isPending}
          />
        )}
      </div>
    </>
  );
}
