import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { staffRoutes } from '../../../../contract/refs/routes-staff.ts';
import { CitizenFacts, CitizenFinder, type CitizenSearch } from '../../../components/citizen-finder.tsx';
import { LabelValue, LabelValueList } from '../../../components/ui/label-value-list.tsx';
import { CompanyFinder } from './company-finder.tsx';
import { apiCall } from '../../../lib/api-client.ts';
import type { TLang } from '../../../../contract/common.ts';
import { startBehalf, stopBehalf, useBehalf } from '../../../lib/behalf.ts';
import { ROLES_FOR } from '../../../../contract/roles.ts';
import { useViewer } from '../../../lib/viewer.ts';
import { formatDateTime } from '../../../lib/text/format.ts';

/**
 * `/apply-on-behalf` in the employee build (spec section 1 "Apply on behalf of a citizen", decision 025): find the
 * citizen (national id, passport number or mobile); the server signs an owner token naming them, kept on this
 * device for two hours; every service's form then files for that citizen, and the request records who filed it.
 */
export function ApplyOnBehalf() {
  const { i18n } = useLingui();
  const id = useId();
  const behalf = useBehalf();
  const viewer = useViewer();
  const find = async (body: CitizenSearch) => startBehalf(await apiCall(staffRoutes.ownerToken, { body }));
  return (
    <div className="mx-auto grid w-full max-w-xl gap-6">
      <h1 className="text-2xl font-bold">
        <Trans>Apply on behalf of a citizen</Trans>
      </h1>
      <section aria-labelledby={`${id}-for`} className="rounded-xl border border-line bg-card p-4 sm:p-6">
        <h2 id={`${id}-for`} className="text-lg font-semibold">
          <Trans>Filing for</Trans>
        </h2>
        {behalf ? (
          <>
            {behalf.citizen.company ? (
              <LabelValueList layout="pairs" className="mt-2" live="polite">
                <LabelValue label={<Trans>Company</Trans>} dir="auto" testId="company-name">
                  {behalf.citizen.name}
                </LabelValue>
                <LabelValue label={<Trans>Commercial registration number</Trans>}>
                  <bdi dir="ltr">{behalf.citizen.company.commercialRegistration}</bdi>
                </LabelValue>
                <LabelValue label={<Trans>Authorised person</Trans>} dir="auto">
                  {behalf.citizen.company.authorisedName}
                </LabelValue>
                <LabelValue label={<Trans>Valid until</Trans>}>
                  {formatDateTime(i18n.locale as TLang, behalf.expiresAt)}
                </LabelValue>
              </LabelValueList>
            ) : (
              <CitizenFacts name={behalf.citizen.name} nationalId={behalf.citizen.nationalId}>
                <LabelValue label={<Trans>Valid until</Trans>}>
                  {formatDateTime(i18n.locale as TLang, behalf.expiresAt)}
                </LabelValue>
              </CitizenFacts>
            )}
            <div className="mt-4 flex flex-wrap gap-3">
              <Link to="/services" className="btn-primary">
                <Trans>Choose a service</Trans>
              </Link>
              {ROLES_FOR.citizenFinance.some((r) => viewer.roles.includes(r)) && (
                <Link to="/citizens/$citizenId/finance" params={{ citizenId: behalf.citizen.id }} className="btn-outline">
                  <Trans>Bills and payments</Trans>
                </Link>
              )}
              <button type="button" className="btn-outline" onClick={stopBehalf}>
                <Trans>Stop filing for this citizen</Trans>
              </button>
            </div>
          </>
        ) : (
          <p className="mt-2">
            <Trans>You are not filing for a citizen. Find the citizen below, then choose the service.</Trans>
          </p>
        )}
      </section>
      <CitizenFinder submitLabel={<Trans>File for this citizen</Trans>} onFind={find} />
      <CompanyFinder />
    </div>
  );
}

/** On every page of the employee build while a citizen is chosen: for whom a form files, and the way to stop. */
export function BehalfBanner() {
  const { t } = useLingui();
  const behalf = useBehalf();
  if (!behalf) return null;
  const name = behalf.citizen.name;
  const nationalId = behalf.citizen.nationalId ?? '—';
  const registration = behalf.citizen.company?.commercialRegistration;
  return (
    <aside
      aria-label={t`Filing on behalf`}
      data-testid="behalf-banner"
      className="border-b border-line bg-info-bg text-sm text-info-ink"
    >
      <div className="mx-auto flex w-full max-w-6xl flex-wrap items-center gap-x-3 gap-y-1 px-4 py-2">
        <p className="flex-1">
          {registration ? (
            <Trans>
              Filing on behalf of the company <bdi className="font-semibold">{name}</bdi>, commercial registration{' '}
              <bdi dir="ltr" className="font-semibold">
                {registration}
              </bdi>
            </Trans>
          ) : (
            <Trans>
              Filing on behalf of <bdi className="font-semibold">{name}</bdi>, national ID{' '}
              <bdi dir="ltr" className="font-semibold">
                {nationalId}
              </bdi>
            </Trans>
          )}
        </p>
        <Link to="/apply-on-behalf" className="nav-link underline">
          <Trans>Change</Trans>
        </Link>
        <button type="button" className="nav-link underline" onClick={stopBehalf}>
          <Trans>Stop</Trans>
        </button>
      </div>
    </aside>
  );
}
