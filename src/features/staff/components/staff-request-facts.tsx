import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { TLang } from '../../../../contract/common.ts';
import type { TStaffRequestDetail } from '../../../../contract/staff.ts';
import { LabelValue, LabelValueList } from '../../../components/ui/label-value-list.tsx';
import { formatDate, formatMoney } from '../../../lib/text/format.ts';
import { DaysLeft } from './days-left.tsx';
import { Link } from '@tanstack/react-router';
import { ROLES_FOR } from '../../../../contract/roles.ts';
import { useViewer } from '../../../lib/viewer.ts';

/**
 * Who the request is for, the days left in the stage and in the whole request (or when it closed), who has it, its
 * payment total and whether it waits for its fee, who filed it on the citizen's behalf, its escalation.
 */
export function StaffRequestFacts({ request }: { request: TStaffRequestDetail }) {
  const { i18n } = useLingui();
  const lang = i18n.locale as TLang;
  const viewer = useViewer();
  const canReadFinance = ROLES_FOR.citizenFinance.some((r) => viewer.roles.includes(r));
  return (
    <LabelValueList layout="tiles" className="sm:grid-cols-2">
      <LabelValue label={<Trans>Citizen</Trans>}>
        {request.owner ? (
          <>
            <bdi>{request.owner.name}</bdi>
            {request.owner.nationalId && (
              <span className="block text-sm font-normal">
                <Trans>National ID</Trans> <bdi dir="ltr">{request.owner.nationalId}</bdi>
              </span>
            )}
            {request.owner.mobile && (
              <span className="block text-sm font-normal">
                <Trans>Mobile</Trans> <bdi dir="ltr">{request.owner.mobile}</bdi>
              </span>
            )}
            {canReadFinance && (
              <Link
                to="/citizens/$citizenId/finance"
                params={{ citizenId: request.owner.id }}
                className="mt-1 inline-flex min-h-11 items-center text-sm font-medium underline"
              >
                <Trans>Bills and payments</Trans>
              </Link>
            )}
          </>
        ) : (
          <Trans>A visitor without an account</Trans>
        )}
      </LabelValue>
      {request.status.final ? (
        <LabelValue label={<Trans>Closed on</Trans>}>
          <time dateTime={request.statusUpdatedAt}>{formatDate(lang, request.statusUpdatedAt)}</time>
        </LabelValue>
      ) : (
        <LabelValue label={<Trans>Days left</Trans>}>
          <DaysLeft sla={request.sla} />
          {request.sla.totalDays !== null && (
            <span className="block text-sm font-normal text-ink-muted">
              <Plural value={request.sla.totalDays} one="The request's time: # day" other="The request's time: # days" />
            </span>
          )}
        </LabelValue>
      )}
      {request.paymentTotal !== null && (
        <LabelValue label={<Trans>Request total</Trans>}>{formatMoney(lang, request.paymentTotal)}</LabelValue>
      )}
      {request.feeWait && (
        <LabelValue label={<Trans>Payment</Trans>} testId="staff-fee-wait">
          {request.feeWait === 'payment' ? (
            <Trans>Waits for the citizen's payment</Trans>
          ) : (
            <Trans>Waits for the fee to be set</Trans>
          )}
        </LabelValue>
      )}
      <LabelValue label={<Trans>Assigned to</Trans>}>
        {request.assignee ? <bdi>{request.assignee.name}</bdi> : <Trans>Not assigned</Trans>}
        {request.assignedCompany && <span className="block text-sm font-normal">{request.assignedCompany.name[lang]}</span>}
      </LabelValue>
      {request.filedBy && (
        <LabelValue label={<Trans>Filed on the citizen's behalf by</Trans>}>
          <bdi>{request.filedBy.name}</bdi>
        </LabelValue>
      )}
      {request.escalated && (
        <LabelValue label={<Trans>Escalated</Trans>}>
          {request.escalatedAt ? (
            <time dateTime={request.escalatedAt}>{formatDate(lang, request.escalatedAt)}</time>
          ) : (
            <Trans>Yes</Trans>
          )}
        </LabelValue>
      )}
    </LabelValueList>
  );
}
