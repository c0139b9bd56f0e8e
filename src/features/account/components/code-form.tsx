import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { ZOtpCode } from '../../../../contract/identity.ts';
import { fieldErrorMessage } from '../../../lib/field-messages.ts';
import type { TLang } from '../../../../contract/common.ts';
import { Field } from '../../../components/ui/field.tsx';
import { focusFieldLater } from '../../../components/ui/focus.ts';
import { authErrorMessages, resendErrorText } from '../../../lib/auth-errors.ts';

type Props = {
  /** Submits a valid code (Latin digits, 6 of them). */
  onSubmit: (code: string) => void;
  pending: boolean;
  /** The last failure of the check (INVALID_CODE, EXPIRED_CODE, MAX_OTP_ATTEMPTS, ...), shown next to the field. */
  error: unknown;
  submitLabel: ReactNode;
  /** Resend: absent when the flow cannot send again. */
  onResend?: () => void;
  resendPending?: boolean;
  /** Seconds before another code may be asked for (the button waits and says so). */
  resendLeft?: number;
  /** What happened to the last resend: "sent" or its error. */
  resendResult?: { sent: true } | { error: unknown } | undefined;
};

/**
 * A one-time code form (quality.md: 6 digits, paste and autofill allowed): numeric keyboard, `one-time-code`
 * autocomplete, Arabic-Indic digits accepted. The code stays in the field after an error.
 */
export function CodeForm(p: Props) {
  const { t, i18n } = useLingui();
  const lang = i18n.locale as TLang;
  const id = `${useId().replace(/[^A-Za-z0-9_-]/g, '')}-code`;
  const [code, setCode] = useState('');
  const [localError, setLocalError] = useState<string | undefined>();
  const [dirty, setDirty] = useState(false);
  const serverError = p.error && !dirty ? authErrorMessages(i18n, p.error)[0] : undefined;
  const error = localError ?? serverError;
  const left = p.resendLeft ?? 0;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = ZOtpCode.safeParse(code);
    if (!parsed.success) {
      setLocalError(fieldErrorMessage(i18n, { code: 'code-invalid' }, { label: t`Verification code`, lang }));
      focusFieldLater(id);
      return;
    }
    setLocalError(undefined);
    setDirty(false);
    p.onSubmit(parsed.data);
  };

  return (
    <div className="flex flex-col gap-4">
      <form noValidate onSubmit={submit} className="flex flex-col gap-3">
        <Field id={id} label={<Trans>Verification code</Trans>} hint={<Trans>6 digits</Trans>} error={error}>
          <input
            name="code"
            className="input max-w-48 text-center text-lg tracking-widest"
            dir="ltr"
            inputMode="numeric"
            autoComplete="one-time-code"
            value={code}
            onChange={(e) => {
              setCode(e.target.value);
              setLocalError(undefined);
              setDirty(true);
            }}
          />
        </Field>
        <div>
          <button type="submit" className="btn-primary" disabled={p.pending}>
            {p.pending ? <Trans>Checking…</Trans> : p.submitLabel}
          </button>
        </div>
      </form>
      {p.onResend && (
        <div className="flex flex-col gap-2 border-t border-line pt-4">
          <p className="text-sm text-ink-muted">
            <Trans>Did not receive the code?</Trans>
          </p>
          <div>
            <button
              type="button"
              className="btn-outline"
              disabled={left > 0 || p.resendPending}
              onClick={() => {
                setDirty(true);
                p.onResend?.();
              }}
            >
              {left > 0 ? <Trans>Send a new code in {left} s</Trans> : <Trans>Send a new code</Trans>}
            </button>
          </div>
          <div role="status" className="text-sm">
            {p.resendResult && 'sent' in p.resendResult && (
              <span className="text-success">
                <Trans>A new code has been sent.</Trans>
              </span>
            )}
            {p.resendResult && 'error' in p.resendResult && (
              <span className="text-danger">{resendErrorText(i18n, p.resendResult.error, left)}</span>
            )}
          </div>
        </div>
      )}
    </div>
  );
}
