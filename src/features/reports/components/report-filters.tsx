import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState, type FormEvent } from 'react';
import type { TLang } from '../../../../contract/common.ts';
import type { TReportId, TReportQuery } from '../../../../contract/reports.ts';
import { ServiceStatusSelects, type FilterOption } from '../../../components/request-filter-selects.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { errorMessages } from '../../../lib/error-display.ts';
import { AGE_GROUP_NAMES, CHANNEL_NAMES, DIMENSION_NAMES } from '../names.ts';
import { AGE_GROUPS, rangeExceeds, REPORT_CHANNELS, REPORT_MAX_MONTHS_DEFAULT, type ReportSearch } from '../report-search.ts';
import { filtersOf, REPORT_GROUPS } from '../report-shapes.ts';
import type { PlaceOptions } from '../use-places.ts';

/**
 * A report's filters (spec sections 2, 5 and 9): the date range (this month unless the address says otherwise;
 * longer than REPORT_MAX_MONTHS is refused here with DATE_RANGE_EXCEEDS_LIMIT's message, and the server's refusal is
 * shown the same way, `rangeError`), the service and its status, the company, sector and service center within the
 * employee's scope, the applicant's age group, the channel, and what the rows are grouped by. Applying puts them in
 * the address. The range, the grouping and the buttons are one compact row, the other filters a panel that "More
 * filters" unfolds (saying how many are in use), so the figures begin above the fold of a tablet held either way
 * (decision 075).
 */
export function ReportFilters({
  reportId,
  query,
  onSearch,
  services,
  statuses,
  places,
  serverRangeError,
}: {
  reportId: TReportId;
  query: TReportQuery;
  onSearch: (next: ReportSearch) => void;
  services: readonly FilterOption[];
  statuses: readonly FilterOption[];
  places: PlaceOptions;
  /** The server refused the range (DATE_RANGE_EXCEEDS_LIMIT). */
  serverRangeError: boolean;
}) {
  const { t, i18n } = useLingui();
  const lang = i18n.locale as TLang;
  const id = useId();
  const shown = filtersOf(reportId);
  const groups = REPORT_GROUPS[reportId];
  const [company, setCompany] = useState(query.companyId ?? '');
  const [ownError, setOwnError] = useState(false);
  // The panel of the other filters: folded at first (kept while the form is drawn again for each query).
  const [open, setOpen] = useState(false);
  const rangeError =
    ownError || serverRangeError || rangeExceeds(query.from, query.to, REPORT_MAX_MONTHS_DEFAULT)
      ? errorMessages(i18n, 'DATE_RANGE_EXCEEDS_LIMIT')[0]
      : undefined;

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const text = (name: string) => {
      const v = form.get(name);
      return typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined;
    };
    const from = text('from') ?? query.from;
    const to = text('to') ?? query.to;
    if (rangeExceeds(from, to, REPORT_MAX_MONTHS_DEFAULT)) {
      setOwnError(true);
      document.getElementById(`${id}-to`)?.focus();
      return;
    }
    setOwnError(false);
    const service = text('service');
    onSearch({
      from,
      to,
      by: text('by') as ReportSearch['by'],
      service,
      status: service && service === query.service ? text('status') : undefined,
      companyId: text('companyId'),
      sectorId: text('sectorId'),
      serviceCenterId: text('serviceCenterId'),
      ageGroup: text('ageGroup') === 'all' ? undefined : (text('ageGroup') as ReportSearch['ageGroup']),
      channel: text('channel') as ReportSearch['channel'],
      page: undefined,
    });
  };

  const sectors = places.sectors.filter((s) => !company || s.companyId === company);
  const centers = places.serviceCenters.filter((c) => !company || c.companyId === company);
  const more = shown.has('service') || shown.has('place') || shown.has('ageGroup') || shown.has('channel');
  // The filters of the panel that the report applies now (the panel's button says how many).
  const inUse = [
    query.service,
    query.status,
    query.companyId,
    query.sectorId,
    query.serviceCenterId,
    query.ageGroup && query.ageGroup !== 'all' ? query.ageGroup : undefined,
    query.channel,
  ].filter((v) => v !== undefined && v !== '').length;
  // eslint-disable-next-line lingui/no-unlocalized-strings -- class names
  const field = 'flex w-full flex-col gap-1 sm:w-44';
  return (
    <form
      key={JSON.stringify(query)}
      onSubmit={submit}
      noValidate
      aria-label={t`Report filters`}
      className="rounded-xl border border-line bg-card p-3 print:hidden"
      data-testid="report-filters"
    >
      {/* One compact row (the range, the grouping, the buttons): the figures start above the fold on a tablet. */}
      <div className="flex flex-wrap items-start gap-3">
        <Field id={`${id}-from`} label={<Trans>From</Trans>} invalid={Boolean(rangeError)} className={field}>
          <input type="date" name="from" className="input" defaultValue={query.from} required />
        </Field>
        <Field
          id={`${id}-to`}
          label={<Trans>To</Trans>}
          error={rangeError}
          className={field}
          // eslint-disable-next-line lingui/no-unlocalized-strings -- an id
          describedBy={`${id}-limit`}
          after={
            <p id={`${id}-limit`} className="text-sm text-ink-muted">
              <Trans>At most {REPORT_MAX_MONTHS_DEFAULT} months.</Trans>
            </p>
          }
        >
          <input type="date" name="to" className="input" defaultValue={query.to} required />
        </Field>
        {groups.length > 0 && (
          <Field id={`${id}-by`} label={<Trans>Group by</Trans>} className="flex w-full flex-col gap-1 sm:w-52">
            <select name="by" className="input" defaultValue={query.by ?? groups[0]}>
              {groups.map((g) => (
                <option key={g} value={g}>
                  {i18n._(DIMENSION_NAMES[g])}
                </option>
              ))}
            </select>
          </Field>
        )}
        <div className="flex flex-wrap gap-2 sm:mt-7">
          <button type="submit" className="btn-primary">
            <Trans>Show the report</Trans>
          </button>
          {more && (
            <button
              type="button"
              className="btn-outline"
              aria-expanded={open}
              aria-controls={`${id}-more`}
              onClick={() => setOpen(!open)}
              data-testid="report-more-filters"
            >
              {inUse > 0 ? t`More filters (${inUse} in use)` : t`More filters`}
            </button>
          )}
        </div>
      </div>
      {/* The other filters, folded until asked for (still sent with the form when folded: hidden, not removed). */}
      {more && (
        <div
          id={`${id}-more`}
          hidden={!open}
          className={`${open ? 'grid' : 'hidden'} mt-3 gap-3 border-t border-line pt-3 md:grid-cols-2 lg:grid-cols-3`}
        >
          {shown.has('service') &&
            (shown.has('status') ? (
              <ServiceStatusSelects
                id={id}
                services={services}
                statuses={statuses}
                serviceProps={{ name: 'service', defaultValue: query.service ?? '' }}
                statusProps={{ name: 'status', defaultValue: query.status ?? '' }}
              />
            ) : (
              <Field id={`${id}-service`} label={<Trans>Service</Trans>}>
                <select name="service" className="input" defaultValue={query.service ?? ''}>
                  <option value="">{t`All services`}</option>
                  {services.map((o) => (
                    <option key={o.value} value={o.value}>
                      {o.label[lang]}
                    </option>
                  ))}
                </select>
              </Field>
            ))}
          {shown.has('place') && (
            <>
              <Field id={`${id}-company`} label={<Trans>Company</Trans>}>
                <select name="companyId" className="input" value={company} onChange={(e) => setCompany(e.target.value)}>
                  {places.allCompanies && <option value="">{t`All companies`}</option>}
                  {places.companies.map((c) => (
                    <option key={c.id} value={c.id}>
                      {c.name[lang]}
                    </option>
                  ))}
                </select>
              </Field>
              <Field id={`${id}-sector`} label={<Trans>Sector</Trans>}>
                <select name="sectorId" className="input" defaultValue={query.sectorId ?? ''}>
                  <option value="">{t`All sectors`}</option>
                  {sectors.map((s) => (
                    <option key={s.id} value={s.id}>
                      {s.name[lang]}
                    </option>
                  ))}
                </select>
              </Field>
              <Field id={`${id}-center`} label={<Trans>Service center</Trans>}>
                <select name="serviceCenterId" className="input" defaultValue={query.serviceCenterId ?? ''}>
                  <option value="">{t`All service centers`}</option>
                  {centers.map((c) => (
                    <option key={c.id} value={c.id}>
                      {c.name[lang]}
                    </option>
                  ))}
                </select>
              </Field>
            </>
          )}
          {shown.has('ageGroup') && (
            <Field id={`${id}-age`} label={<Trans>Applicant's age</Trans>}>
              <select name="ageGroup" className="input" defaultValue={query.ageGroup ?? 'all'}>
                {AGE_GROUPS.map((g) => (
                  <option key={g} value={g}>
                    {i18n._(AGE_GROUP_NAMES[g])}
                  </option>
                ))}
              </select>
            </Field>
          )}
          {shown.has('channel') && (
            <Field id={`${id}-channel`} label={<Trans>Filed by</Trans>}>
              <select name="channel" className="input" defaultValue={query.channel ?? ''}>
                <option value="">{t`Anyone`}</option>
                {REPORT_CHANNELS.map((c) => (
                  <option key={c} value={c}>
                    {i18n._(CHANNEL_NAMES[c])}
                  </option>
                ))}
              </select>
            </Field>
          )}
        </div>
      )}
    </form>
  );
}
