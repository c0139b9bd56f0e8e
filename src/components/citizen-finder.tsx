import { Field } from './ui/field.tsx';
import { LabelValue, LabelValueList } from './ui/label-value-list.tsx';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import type { z } from 'zod/mini';
import { LANDLINE_RE, latinDigits, MOBILE_RE, isValidNationalId, type ZCitizenSearchBody } from '../../contract/identity.ts';
import { authErrorMessages } from '../lib/auth-errors.ts';
import { ErrorSummary } from './ui/error-summary.tsx';

export type CitizenSearch = z.input<typeof ZCitizenSearchBody>;
type SearchBy = 'nationalId' | 'passportNumber' | 'mobile' | 'landline';

/**
 * Finding a citizen to act for (spec sections 1 and 5: by national id, passport number, mobile or landline): the agent's
 * workspace and an employee applying on a citizen's behalf. Checks the value on the device first, then calls
 * `onFind`; a refusal is shown translated in the error summary, focused.
 */
export function CitizenFinder({
  submitLabel,
  onFind,
}: {
  submitLabel: ReactNode;
  onFind: (body: CitizenSearch) => Promise<void>;
}) {
  const { t, i18n } = useLingui();
  const id = useId();
  const [by, setBy] = useState<SearchBy>('nationalId');
  const [value, setValue] = useState('');
  const [reason, setReason] = useState('');
  const [invalid, setInvalid] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const summaryRef = useRef<HTMLDivElement>(null);

  const showErrors = (messages: string[]) => {
    setErrors(messages);
    requestAnimationFrame(() => summaryRef.current?.focus());
  };

  const find = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const v = by === 'passportNumber' ? value.trim().toUpperCase() : latinDigits(value).replace(/[\s-]/g, '');
    const ok =
      by === 'nationalId'
        ? isValidNationalId(v)
        : by === 'mobile'
          ? MOBILE_RE.test(v)
          : by === 'landline'
            ? LANDLINE_RE.test(v)
            : /^[A-Z0-9]{5,20}$/.test(v);
    if (!ok) {
      setInvalid(true);
      showErrors([
        by === 'nationalId'
          ? t`Enter a valid 14-digit national ID.`
          : by === 'mobile'
            ? t`Enter a valid mobile number (11 digits starting with 01).`
            : by === 'landline'
              ? t`Enter a landline with its area code, for example 0223456789.`
              : t`Enter a valid passport number (5 to 20 letters and digits).`,
      ]);
      return;
    }
    setBusy(true);
    setErrors([]);
    try {
      // Why (decision 071): kept with the record of this look, which the citizen reads in their profile.
      const why = reason.trim();
      await onFind({ [by]: v, ...(why.length >= 3 ? { reason: why } : {}) });
      setValue('');
      setReason('');
    } catch (err) {
      showErrors(authErrorMessages(i18n, err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby={`${id}-title`} className="rounded-xl border border-line bg-card p-4 sm:p-6">
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        <Trans>Choose a citizen</Trans>
      </h2>
      <div className="mt-3">
        <ErrorSummary ref={summaryRef} messages={errors} />
      </div>
      <form noValidate onSubmit={find} className="mt-3 grid gap-4">
        <fieldset>
          <legend className="font-medium">
            <Trans>Find by</Trans>
          </legend>
          <div className="flex flex-wrap gap-x-6">
            {(
              [
                ['nationalId', t`National ID`],
                ['passportNumber', t`Passport number`],
                ['mobile', t`Mobile number`],
                ['landline', t`Landline`],
              ] as const
            ).map(([k, label]) => (
              <label key={k} className="flex min-h-11 items-center gap-2">
                <input
                  type="radio"
                  name={`${id}-by`}
                  checked={by === k}
                  onChange={() => {
                    setBy(k);
                    setInvalid(false);
                  }}
                />
                {label}
              </label>
            ))}
          </div>
        </fieldset>
        <Field
          id={`${id}-value`}
          invalid={invalid}
          label={
            by === 'nationalId' ? (
              <Trans>Citizen's national ID</Trans>
            ) : by === 'mobile' ? (
              <Trans>Citizen's mobile number</Trans>
            ) : by === 'landline' ? (
              <Trans>Citizen's landline</Trans>
            ) : (
              <Trans>Citizen's passport number</Trans>
            )
          }
        >
          <input
            className="input"
            dir="ltr"
            inputMode={by === 'passportNumber' ? 'text' : 'numeric'}
            autoComplete="off"
            value={value}
            onChange={(e) => {
              setValue(e.target.value);
              setInvalid(false);
            }}
          />
        </Field>
        <Field
          id={`${id}-reason`}
          label={<Trans>Why are you looking this citizen up? (optional)</Trans>}
          hint={<Trans>Recorded with this search; the citizen sees it in their profile.</Trans>}
        >
          <input
            className="input"
            dir="auto"
            autoComplete="off"
            maxLength={300}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
          />
        </Field>
        <div>
          <button type="submit" className="btn-primary" disabled={busy}>
            {submitLabel}
          </button>
        </div>
      </form>
    </section>
  );
}

/** The citizen acted or filed for: name and national id, and any further facts (`children`: `LabelValue` entries). */
export function CitizenFacts({ name, nationalId, children }: { name: string; nationalId: string | null; children?: ReactNode }) {
  return (
    <LabelValueList layout="pairs" className="mt-2" live="polite">
      <LabelValue label={<Trans>Citizen</Trans>} dir="auto" testId="citizen-name">
        {name}
      </LabelValue>
      <LabelValue label={<Trans>National ID</Trans>}>
        <bdi dir="ltr">{nationalId ?? '—'}</bdi>
      </LabelValue>
      {children}
    </LabelValueList>
  );
}
