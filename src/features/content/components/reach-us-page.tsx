import { Field } from '../../../components/ui/field.tsx';
import { SearchInput } from '../../../components/ui/search-input.tsx';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useMemo, useState } from 'react';
import type { TLang } from '../../../../contract/common.ts';
import { useServiceCenters } from '../api/content.ts';
import { ErrorPanel } from '../../../components/error-panel.tsx';
import { RowsSkeleton } from '../../../components/skeleton.tsx';
import { HOTLINE } from '../../../lib/constants.ts';
import { createSearchIndex } from '../../../lib/text/search.ts';
import { ReadyFieldset } from '../../../components/ready-fieldset.tsx';

const SMALL_LABEL = 'text-sm font-medium';

export function ReachUsPage() {
  const { t, i18n } = useLingui();
  const lang = i18n.locale as TLang;
  const id = useId();
  const data = useServiceCenters();
  const [q, setQ] = useState('');
  const [governorate, setGovernorate] = useState('');
  const [company, setCompany] = useState('');

  // Names, addresses and company names folded once (decision 048).
  const index = useMemo(() => {
    const companyName = new Map((data.data?.companies ?? []).map((c) => [c.id, c.name[lang]]));
    return createSearchIndex(
      data.data?.serviceCenters ?? [],
      (c) => `${c.name[lang]} ${c.address[lang]} ${companyName.get(c.companyId) ?? ''}`,
    );
  }, [data.data, lang]);

  const groups = useMemo(() => {
    if (!data.data) return [];
    const { governorates, companies, serviceCenters } = data.data;
    const companyName = new Map(companies.map((c) => [c.id, c.name[lang]]));
    const found = q ? new Set(index.search(q)) : null;
    const list = serviceCenters.filter(
      (c) =>
        (!governorate || c.governorateId === governorate) && (!company || c.companyId === company) && (!found || found.has(c)),
    );
    return governorates
      .map((g) => ({ governorate: g, centers: list.filter((c) => c.governorateId === g.id) }))
      .filter((g) => g.centers.length > 0)
      .map((g) => ({ ...g, companyName }));
  }, [data.data, index, q, governorate, company, lang]);

  const total = groups.reduce((n, g) => n + g.centers.length, 0);

  return (
    <>
      <h1 className="text-2xl font-bold">
        <Trans>Reach us</Trans>
      </h1>
      <div className="mt-4 grid gap-3 rounded-xl border border-line bg-card p-4 sm:grid-cols-2">
        <p>
          <Trans>Branches: 9:00 to 17:00, every day except Friday.</Trans>
        </p>
        <p>
          <Trans>
            Technical support: 8:00 to 24:00 on the hotline <bdi>{HOTLINE}</bdi>.
          </Trans>
        </p>
      </div>
      <form role="search" className="mt-4" onSubmit={(e) => e.preventDefault()}>
        <ReadyFieldset className="grid gap-3 sm:grid-cols-3">
          <SearchInput
            id={`${id}-q`}
            label={<Trans>Search service centers</Trans>}
            labelClassName={SMALL_LABEL}
            value={q}
            onChange={setQ}
            placeholder={t`Name or address`}
          />
          <Field id={`${id}-gov`} label={<Trans>Governorate</Trans>} labelClassName={SMALL_LABEL}>
            <select className="input" value={governorate} onChange={(e) => setGovernorate(e.target.value)}>
              <option value="">{t`All governorates`}</option>
              {data.data?.governorates.map((g) => (
                <option key={g.id} value={g.id}>
                  {g.name[lang]}
                </option>
              ))}
            </select>
          </Field>
          <Field id={`${id}-co`} label={<Trans>Distribution company</Trans>} labelClassName={SMALL_LABEL}>
            <select className="input" value={company} onChange={(e) => setCompany(e.target.value)}>
              <option value="">{t`All companies`}</option>
              {data.data?.companies.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name[lang]}
                </option>
              ))}
            </select>
          </Field>
        </ReadyFieldset>
      </form>
      <p role="status" className="mt-4 text-sm text-ink-muted">
        {data.isSuccess && <Trans>{total} service centers</Trans>}
      </p>
      {data.isPending ? (
        <RowsSkeleton />
      ) : data.isError ? (
        <ErrorPanel error={data.error} onRetry={() => void data.refetch()} />
      ) : (
        groups.map(({ governorate: g, centers, companyName }) => (
          <section key={g.id} aria-labelledby={`gov-${g.id}`} className="mt-6">
            <h2 id={`gov-${g.id}`} className="text-xl font-semibold">
              {g.name[lang]}
            </h2>
            <ul className="mt-2 grid gap-3 sm:grid-cols-2">
              {centers.map((c) => (
                <li key={c.id} className="rounded-xl border border-line bg-card p-4">
                  <h3 className="font-semibold">{c.name[lang]}</h3>
                  <p className="text-sm text-ink-muted">{companyName.get(c.companyId)}</p>
                  <p className="mt-1">{c.address[lang]}</p>
                  <p className="mt-1">
                    <a href={`tel:${c.phone}`} className="underline">
                      <bdi dir="ltr">{c.phone}</bdi>
                    </a>
                  </p>
                </li>
              ))}
            </ul>
          </section>
        ))
      )}
    </>
  );
}
