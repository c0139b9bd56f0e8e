import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { checkBillSelection, isOverdue, toggleBillSelection, type TBill } from '../../../../contract/bills.ts';
import type { TLang } from '../../../../contract/common.ts';
import { ErrorPanel } from '../../../components/error-panel.tsx';
import { DataAge } from '../../../components/data-age.tsx';
import { CardsSkeleton } from '../../../components/skeleton.tsx';
import { Notice } from '../../../components/ui/notice.tsx';
import { Pager, pageCount } from '../../../components/ui/pager.tsx';
import { ACCOUNT_ERROR_MESSAGES } from '../../../lib/account-error-messages.ts';
import { formatDate, formatMonth, formatNumber, formatPiastres } from '../../../lib/text/format.ts';
import { useBills } from '../api.ts';
import { BillCard, MeterLabel, OverdueBadge, useNow } from '../../../components/bill-card.tsx';

const HISTORY_PAGE = 12;

/**
 * The signed-in citizen's bills (spec section 3 "Bill"): per meter, the unpaid bills first with what is due, to
 * choose for payment oldest first (contract/bills.ts `checkBillSelection`); then the history of every bill with
 * its breakdown. Paying (the gateway) is the payment address `/pay/PAYBILLS/bills?ids=…`.
 */
export function BillsPage() {
  const { t } = useLingui();
  const [page, onPage] = useState(1);
  const unpaid = useBills({ status: 'unpaid', limit: 100, skip: 0 });
  const history = useBills({ limit: HISTORY_PAGE, skip: (page - 1) * HISTORY_PAGE });

  return (
    <section aria-labelledby="bills-title" className="mx-auto flex max-w-4xl flex-col gap-6">
      <header className="flex flex-wrap items-center gap-3">
        <h1 id="bills-title" className="flex-1 text-2xl font-bold">
          <Trans>My bills</Trans>
        </h1>
        <Link to="/services/$serviceSlug/add" params={{ serviceSlug: 'BILL_CALCULATOR' }} className="btn-outline">
          <Trans>Bill calculator</Trans>
        </Link>
      </header>
      <DataAge updatedAt={unpaid.data ? unpaid.dataUpdatedAt : undefined} failed={unpaid.isError} />

      <section aria-labelledby="unpaid-title" className="flex flex-col gap-4">
        <h2 id="unpaid-title" className="text-xl font-semibold">
          <Trans>Bills due</Trans>
        </h2>
        {unpaid.isPending ? (
          <CardsSkeleton count={2} />
        ) : !unpaid.data ? (
          <ErrorPanel error={unpaid.error} onRetry={() => void unpaid.refetch()} />
        ) : unpaid.data.items.length === 0 ? (
          <p className="rounded-xl border border-line bg-card p-4">
            <Trans>You have no bills due.</Trans>
          </p>
        ) : (
          byMeter(unpaid.data.items).map((bills) => <MeterDue key={bills[0]!.meterId} bills={bills} />)
        )}
      </section>

      {/* Drawn once the bills due are: their cards are taller than their skeleton, and would push it down in view
          (a layout shift of 0.22 on a phone). */}
      {!unpaid.isPending && (
        <section aria-labelledby="history-title" className="flex flex-col gap-3">
          <h2 id="history-title" className="text-xl font-semibold">
            <Trans>Bill history</Trans>
          </h2>
          {history.isPending ? (
            <CardsSkeleton count={4} />
          ) : !history.data ? (
            <ErrorPanel error={history.error} onRetry={() => void history.refetch()} />
          ) : history.data.items.length === 0 ? (
            <p className="rounded-xl border border-line bg-card p-4">
              <Trans>No bills yet. Bills appear here once your approved meters are read.</Trans>
            </p>
          ) : (
            <>
              <ul className="flex flex-col gap-3" data-testid="bill-history">
                {history.data.items.map((b) => (
                  <li key={b.id}>
                    <BillCard bill={b} />
                  </li>
                ))}
              </ul>
              <Pager
                page={page}
                pages={pageCount(history.data.total, HISTORY_PAGE)}
                label={t`Bill history pages`}
                onPage={onPage}
              />
            </>
          )}
        </section>
      )}
    </section>
  );
}

/** Unpaid bills grouped by meter, each group oldest month first (the order they must be paid in). */
function byMeter(bills: readonly TBill[]): TBill[][] {
  const groups = new Map<string, TBill[]>();
  for (const b of bills) groups.set(b.meterId, [...(groups.get(b.meterId) ?? []), b]);
  return [...groups.values()].map((g) => [...g].sort((a, b) => a.period.localeCompare(b.period)));
}

/** One meter's unpaid bills: choose oldest first, see the chosen total, go on to pay. */
function MeterDue({ bills }: { bills: TBill[] }) {
  const { i18n, t } = useLingui();
  const lang = i18n.locale as TLang;
  const navigate = useNavigate();
  const [selected, setSelected] = useState<string[]>([]);
  const [refusal, setRefusal] = useState<string>();
  const meterId = bills[0]!.meterId;
  const due = bills.reduce((s, b) => s + b.amountPiastres, 0);
  const check = checkBillSelection(bills, selected);
  const selectedTotal = check.ok ? check.totalPiastres : 0;
  const chosen = formatNumber(lang, selected.length);
  const now = useNow();
  const count = formatNumber(lang, bills.length);

  const toggle = (id: string) => {
    if (selected.includes(id)) {
      // Leaving a bill out leaves out the newer ones too: they cannot be paid before it.
      setSelected(toggleBillSelection(bills, selected, id));
      setRefusal(undefined);
      return;
    }
    const next = [...selected, id];
    const verdict = checkBillSelection(bills, next);
    if (!verdict.ok && verdict.code === 'OLDER_BILLS_FIRST') {
      setRefusal(i18n._(ACCOUNT_ERROR_MESSAGES.OLDER_BILLS_FIRST!));
      return;
    }
    setSelected(next);
    setRefusal(undefined);
  };

  return (
    <section
      aria-labelledby={`due-${meterId}`}
      className="flex flex-col gap-3 rounded-xl border border-line bg-card p-4"
      data-testid="meter-due"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={`due-${meterId}`} className="text-lg font-semibold">
          <MeterLabel bill={bills[0]!} />
        </h3>
        <p>
          <Trans>Total due:</Trans> <bdi className="font-semibold">{formatPiastres(lang, due)}</bdi>
        </p>
      </div>
      <fieldset>
        <legend className="text-sm text-ink-muted">
          <Trans>Choose the bills to pay, the oldest first.</Trans>
        </legend>
        <ul className="mt-2 flex flex-col gap-2">
          {bills.map((b) => {
            const dueDate = formatDate(lang, b.dueAt);
            return (
              <li key={b.id} className="flex flex-wrap items-center gap-x-4 gap-y-1">
                <label className="flex min-h-6 flex-1 items-center gap-3">
                  <input
                    type="checkbox"
                    className="size-5 shrink-0"
                    checked={selected.includes(b.id)}
                    onChange={() => toggle(b.id)}
                    aria-describedby={refusal ? `refusal-${meterId}` : undefined}
                  />
                  <span>
                    {formatMonth(lang, b.period)} · <bdi>{formatPiastres(lang, b.amountPiastres)}</bdi>
                  </span>
                </label>
                {isOverdue(b, now) ? (
                  <span className="flex items-center gap-2 text-sm" data-testid="bill-overdue">
                    <OverdueBadge />
                    <span className="text-danger">
                      <Trans>Was due {dueDate}</Trans>
                    </span>
                  </span>
                ) : (
                  <span className="text-sm text-ink-muted">
                    <Trans>Due {dueDate}</Trans>
                  </span>
                )}
              </li>
            );
          })}
        </ul>
      </fieldset>
      <div aria-live="polite">
        {refusal && (
          <Notice tone="error" inline id={`refusal-${meterId}`} className="text-sm font-medium">
            {refusal}
          </Notice>
        )}
      </div>
      <div className="flex flex-wrap items-center gap-3 border-t border-line pt-3">
        <p className="flex-1" data-testid="selected-total">
          {t`Selected: ${chosen} of ${count}`} · <bdi className="font-semibold">{formatPiastres(lang, selectedTotal)}</bdi>
        </p>
        <button
          type="button"
          className="btn-primary"
          disabled={!check.ok}
          onClick={() =>
            void navigate({
              to: '/pay/$serviceSlug/$entryId',
              params: { serviceSlug: 'PAYBILLS', entryId: 'bills' },
              search: { ids: selected.join(',') },
            })
          }
        >
          <Trans>Pay selected bills</Trans>
        </button>
      </div>
    </section>
  );
}
