import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import type { TLang } from '../../../../contract/common.ts';
import type { TCitizenLook } from '../../../../contract/data-access.ts';
import { ErrorPanel } from '../../../components/error-panel.tsx';
import { RequestNumber } from '../../../components/request-number.tsx';
import { RowsSkeleton } from '../../../components/skeleton.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { LabelValue, LabelValueList } from '../../../components/ui/label-value-list.tsx';
import { Notice } from '../../../components/ui/notice.tsx';
import { Pager, pageCount } from '../../../components/ui/pager.tsx';
import { errorMessages } from '../../../lib/error-display.ts';
import { formatDateTime } from '../../../lib/text/format.ts';
import { LOOKS_PAGE, useMyLooks, useReportLook } from '../api.ts';
import { useKindLabel, usePurposeLabel } from '../labels.ts';

/**
 * "Who looked at my data" (issue 28 part 5, decision 071), in the citizen's profile: every look by an employee or
 * an agent at their requests, profile, meters, bills or files, newest first, paged: who (name and staff number),
 * their company, when, what and why. A look they find wrong they report: that files a support ticket for the
 * auditor, whose number the look then shows.
 */
export function MyLooks() {
  const { t } = useLingui();
  const [page, setPage] = useState(1);
  const list = useMyLooks((page - 1) * LOOKS_PAGE);
  return (
    <section aria-labelledby="my-looks-title" className="rounded-xl border border-line bg-card p-4" data-testid="my-looks">
      <h2 id="my-looks-title" className="text-lg font-semibold">
        <Trans>Who looked at my data</Trans>
      </h2>
      <p className="mt-1 text-sm text-ink-muted">
        <Trans>
          Every time an employee or an agent opens your requests, profile, meters, bills or files, it is recorded here with the
          reason. If a look seems wrong to you, report it and the auditor will examine it.
        </Trans>
      </p>
      <div className="mt-3">
        {list.isPending ? (
          <RowsSkeleton count={3} />
        ) : list.isError ? (
          <ErrorPanel error={list.error} onRetry={() => void list.refetch()} />
        ) : list.data.items.length === 0 ? (
          <p className="text-ink-muted">
            <Trans>No one has looked at your data.</Trans>
          </p>
        ) : (
          <>
            <ul className="grid gap-3">
              {list.data.items.map((look) => (
                <LookCard key={look.id} look={look} />
              ))}
            </ul>
            <Pager
              page={page}
              pages={pageCount(list.data.total, LOOKS_PAGE)}
              label={t`Pages of looks at my data`}
              onPage={setPage}
            />
          </>
        )}
      </div>
    </section>
  );
}

function LookCard({ look }: { look: TCitizenLook }) {
  const { t, i18n } = useLingui();
  const lang = i18n.locale as TLang;
  const kindLabel = useKindLabel();
  const purposeLabel = usePurposeLabel();
  const report = useReportLook();
  const [open, setOpen] = useState(false);
  const [note, setNote] = useState('');
  const noteId = useId();
  const staffNumber = look.staffNumber;
  const who = (
    <>
      <bdi>{look.staffName}</bdi>{' '}
      <span className="text-ink-muted">
        ({look.staffKind === 'agent' ? t`Agent` : t`Employee`}{' '}
        <Trans>
          no. <bdi dir="ltr">{staffNumber}</bdi>
        </Trans>
        )
      </span>
    </>
  );
  const why = look.reason ? (
    <bdi>{look.reason}</bdi>
  ) : look.requestNumber && look.purpose === 'work' ? (
    <Trans>
      Working on your request <RequestNumber value={look.requestNumber} />
    </Trans>
  ) : (
    purposeLabel(look.purpose, look.kind)
  );
  return (
    <li className="rounded-lg border border-line p-3" data-testid="look" data-look={look.id} data-kind={look.kind}>
      <LabelValueList layout="pairs" className="text-sm">
        <LabelValue label={<Trans>When</Trans>}>{formatDateTime(lang, look.at)}</LabelValue>
        <LabelValue label={<Trans>Who</Trans>}>{who}</LabelValue>
        <LabelValue label={<Trans>Company</Trans>}>
          {look.company ? <bdi>{look.company[lang]}</bdi> : t`The holding company`}
        </LabelValue>
        <LabelValue label={<Trans>What</Trans>}>{kindLabel(look.kind)}</LabelValue>
        <LabelValue label={<Trans>Reason</Trans>}>{why}</LabelValue>
      </LabelValueList>
      {look.reportTicket ? (
        <Notice tone="info" inline live="off" className="mt-2 text-sm">
          <Trans>
            You reported this look: ticket <RequestNumber value={look.reportTicket} />
          </Trans>
        </Notice>
      ) : open ? (
        <form
          className="mt-3 grid gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            report.mutate({ id: look.id, note: note.trim() || undefined }, { onSuccess: () => setOpen(false) });
          }}
        >
          <Field id={noteId} label={<Trans>What seems wrong to you? (optional)</Trans>}>
            <textarea
              className="input min-h-20"
              maxLength={1000}
              value={note}
              onChange={(e) => setNote(e.target.value)}
              dir="auto"
            />
          </Field>
          {report.isError && (
            <Notice tone="error" inline className="text-sm">
              {errorMessages(i18n, report.error as Parameters<typeof errorMessages>[1]).join(' ')}
            </Notice>
          )}
          <div className="flex flex-wrap gap-2">
            <button type="submit" className="btn-primary" disabled={report.isPending}>
              <Trans>Send the report</Trans>
            </button>
            <button type="button" className="btn-outline" onClick={() => setOpen(false)}>
              <Trans>Cancel</Trans>
            </button>
          </div>
        </form>
      ) : (
        <button type="button" className="btn-outline mt-2" onClick={() => setOpen(true)}>
          <Trans>Report this look</Trans>
        </button>
      )}
    </li>
  );
}
