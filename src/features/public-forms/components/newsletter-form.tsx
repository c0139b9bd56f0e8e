import { Field } from '../../../components/ui/field.tsx';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import { errorMessages } from '../../../lib/error-display.ts';
import { isEmail } from '../../../../contract/basics.ts';
import { useNewsletterSubscribe } from '../api/public-forms.ts';
import { ReadyFieldset } from '../../../components/ready-fieldset.tsx';

/** Newsletter subscription (footer). VALIDATION_ERROR = already subscribed, ValidationError = invalid e-mail. */
export function NewsletterForm() {
  const { t, i18n } = useLingui();
  const id = useId();
  const [email, setEmail] = useState('');
  const [localError, setLocalError] = useState<string | undefined>();
  const subscribe = useNewsletterSubscribe();
  const serverError =
    subscribe.error instanceof ApiError
      ? errorMessages(i18n, subscribe.error)[0]
      : subscribe.error
        ? errorMessages(i18n, undefined)[0]
        : undefined;
  const error = localError ?? serverError;

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (!isEmail(email)) {
          setLocalError(errorMessages(i18n, 'ValidationError')[0]);
          return;
        }
        setLocalError(undefined);
        subscribe.mutate(email.trim());
      }}
    >
      <ReadyFieldset className="flex flex-col gap-2">
        <Field
          id={`${id}-email`}
          label={<Trans>Subscribe to our newsletter</Trans>}
          labelClassName="font-semibold"
          error={error}
          className="flex flex-col gap-2"
        >
          {(control) => (
            <div className="flex gap-2">
              <input
                {...control}
                type="email"
                inputMode="email"
                autoComplete="email"
                dir="ltr"
                value={email}
                onChange={(e) => {
                  setEmail(e.target.value);
                  setLocalError(undefined);
                  if (subscribe.isError || subscribe.isSuccess) subscribe.reset();
                }}
                placeholder={t`Your e-mail address`}
                className="input flex-1"
              />
              <button type="submit" className="btn-primary" disabled={subscribe.isPending}>
                <Trans>Subscribe</Trans>
              </button>
            </div>
          )}
        </Field>
        {subscribe.isSuccess && (
          <p role="status" className="text-sm text-success">
            <Trans>Thank you: you are subscribed.</Trans>
          </p>
        )}
      </ReadyFieldset>
    </form>
  );
}
