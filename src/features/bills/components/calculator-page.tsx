import { Field } from '../../../components/ui/field.tsx';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useRef, useState, type FormEvent } from 'react';
import type { TLang } from '../../../../contract/common.ts';
import { latinDigits } from '../../../../contract/identity.ts';
import { MAX_MONTHLY_KWH, computeBill, type TBillBreakdown, type TTariff } from '../../../../contract/tariff.ts';
import { ErrorPanel } from '../../../components/error-panel.tsx';
import { CardsSkeleton } from '../../../components/skeleton.tsx';
import { formatNumber, formatPiastres } from '../../../lib/text/format.ts';
import { useTariffs } from '../api.ts';
import { BillBreakdown } from '../../../components/bill-breakdown.tsx';

type Result = { tariff: TTariff; breakdown: TBillBreakdown };

/**
 * The bill calculator (service BILL_CALCULATOR, open to visitors): the type of use and a month's kWh give the
 * estimated bill, computed on the device by the same function the server bills with (contract/tariff.ts), over
 * the tariffs read from the API (kept in the query cache: it works offline once they were read).
 */
export function CalculatorPage() {
  const { i18n, t } = useLingui();
  const lang = i18n.locale as TLang;
  const tariffs = useTariffs();
  const id = useId();
  const [type, setType] = useState<string>('residential');
  const [kWh, setKWh] = useState('');
  const [error, setError] = useState<string>();
  const [result, setResult] = useState<Result>();
  const inputRef = useRef<HTMLInputElement>(null);
  const resultRef = useRef<HTMLElement>(null);

  if (tariffs.isPending) return <CardsSkeleton count={2} />;
  if (tariffs.isError) return <ErrorPanel error={tariffs.error} onRetry={() => void tariffs.refetch()} />;
  const items = tariffs.data.items;
  const tariff = items.find((x) => x.connectionType === type) ?? items[0];
  const use = result?.tariff.name[lang];
  const monthly = result ? formatNumber(lang, result.breakdown.kWh) : undefined;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const raw = latinDigits(kWh.trim()).replace(/[,\u066C]/g, '');
    let message: string | undefined;
    if (raw === '') message = t`Enter the monthly consumption in kWh.`;
    else if (!/^\d+$/.test(raw)) message = t`Enter the consumption as a whole number of kWh (digits only).`;
    else if (Number(raw) > MAX_MONTHLY_KWH) {
      const max = formatNumber(lang, MAX_MONTHLY_KWH);
      message = t`The consumption can be at most ${max} kWh a month.`;
    }
    if (message || !tariff) {
      setError(message);
      setResult(undefined);
      inputRef.current?.focus();
      return;
    }
    setError(undefined);
    setResult({ tariff, breakdown: computeBill(tariff, Number(raw)) });
    queueMicrotask(() => resultRef.current?.focus());
  };

  return (
    <section aria-labelledby="calculator-title" className="mx-auto flex max-w-3xl flex-col gap-6">
      <header>
        <h1 id="calculator-title" className="text-2xl font-bold">
          <Trans>Electricity bill calculator</Trans>
        </h1>
        <p className="mt-2 text-ink-muted">
          <Trans>Choose the type of use and enter a month's consumption to estimate the bill with the tariffs in force.</Trans>
        </p>
      </header>

      <form noValidate onSubmit={submit} className="flex flex-col gap-4 rounded-xl border border-line bg-card p-4">
        <fieldset className="flex flex-col gap-2">
          <legend className="font-medium">
            <Trans>Type of use</Trans>
          </legend>
          <div className="flex flex-wrap gap-4">
            {items.map((x) => (
              <label key={x.id} className="flex min-h-6 items-center gap-2">
                <input
                  type="radio"
                  name="connectionType"
                  value={x.connectionType}
                  checked={type === x.connectionType}
                  onChange={() => {
                    setType(x.connectionType);
                    setResult(undefined);
                  }}
                  className="size-5"
                />
                {x.name[lang]}
              </label>
            ))}
          </div>
        </fieldset>
        <Field id={id} label={<Trans>Monthly consumption (kWh)</Trans>} error={error}>
          <input
            ref={inputRef}
            name="kWh"
            className="input max-w-48"
            inputMode="numeric"
            autoComplete="off"
            value={kWh}
            onChange={(e) => {
              setKWh(e.target.value);
              setError(undefined);
            }}
          />
        </Field>
        <div>
          <button type="submit" className="btn-primary">
            <Trans>Calculate</Trans>
          </button>
        </div>
      </form>

      {result && use && monthly && (
        <section
          ref={resultRef}
          tabIndex={-1}
          aria-labelledby="estimate-title"
          className="flex flex-col gap-3 rounded-xl border border-line bg-card p-4 focus:outline-none"
        >
          <h2 id="estimate-title" className="text-xl font-semibold">
            <Trans>Estimated bill</Trans>
          </h2>
          <p className="text-3xl font-bold" data-testid="estimate-total">
            <bdi>{formatPiastres(lang, result.breakdown.totalPiastres)}</bdi>
          </p>
          <p className="text-sm text-ink-muted">
            {t`${use}, ${monthly} kWh a month.`}{' '}
            <Trans>This is an estimate: the actual bill follows the meter reading and may include other charges or taxes.</Trans>
          </p>
          <BillBreakdown breakdown={result.breakdown} caption={t`How the estimate is made up`} />
        </section>
      )}
    </section>
  );
}
