import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import { MAX_FEE_PIASTRES } from '../../../../contract/finance.ts';
import { Field } from '../../../components/ui/field.tsx';
import type { ActionPartProps } from './staff-request-run.ts';

/** "12.50" or "١٢٫٥٠" as piastres, or null when it is not an amount with at most two decimals. */
export function piastresOf(text: string): number | null {
  const latin = text
    .trim()
    .replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x0660))
    .replace(/[\u066b,]/g, '.');
  if (!/^\d{1,8}(\.\d{1,2})?$/.test(latin)) return null;
  const [whole, part = ''] = latin.split('.');
  return Number(whole) * 100 + Number(part.padEnd(2, '0'));
}

/**
 * The fee of a request whose service's fee is to be estimated (decision 060): shown while the request waits for
 * it; the citizen is told the amount and may pay it at once. An amount set earlier may be corrected until the
 * citizen starts paying.
 */
export function StaffFeeForm({ request, id, run, fail, pending }: ActionPartProps) {
  const { t } = useLingui();
  const [amount, setAmount] = useState(request.paymentTotal ? request.paymentTotal.toFixed(2) : '');
  if (!request.feeSettable) return null;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const feePiastres = piastresOf(amount);
    if (feePiastres === null || feePiastres < 100 || feePiastres > MAX_FEE_PIASTRES)
      return fail(t`Write the fee in pounds, at least 1, with at most two decimals.`);
    run({ kind: 'fee', feePiastres }, () => undefined, t`The fee was set. The citizen was told and can pay it now.`);
  };
  return (
    <form className="flex flex-col gap-2" onSubmit={submit} noValidate>
      <Field
        id={`${id}-fee`}
        label={<Trans>Fee to pay (EGP)</Trans>}
        hint={<Trans>The service's fee is estimated per request. The citizen is told the amount and can pay it.</Trans>}
      >
        <input
          className="input max-w-48"
          inputMode="decimal"
          dir="ltr"
          autoComplete="off"
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
        />
      </Field>
      <div>
        <button type="submit" className="btn-primary" disabled={pending}>
          {request.paymentTotal ? <Trans>Change the fee</Trans> : <Trans>Set the fee</Trans>}
        </button>
      </div>
    </form>
  );
}
