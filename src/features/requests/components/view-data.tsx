import { Trans, useLingui } from '@lingui/react/macro';
import type { TActivity } from '../../../../contract/catalog.ts';
import type { TLang } from '../../../../contract/common.ts';
import type { TAttachmentRef, TFormData } from '../../../../contract/requests.ts';
import { LabelValue, LabelValueList } from '../../../components/ui/label-value-list.tsx';
import { formatFileSize } from '../../../lib/text/format.ts';
import { showActivity, type ShownField, type ShownValue } from '../format.ts';
import { FileLink } from './view-files.tsx';

/** The submitted data, read-only, step by step as the form drew it (labels from the service's field schema). */
export function SubmittedData({
  activity,
  data,
  attachments,
  requestId,
}: {
  activity: TActivity | undefined;
  data: TFormData;
  attachments: readonly TAttachmentRef[];
  requestId: string;
}) {
  const { t, i18n } = useLingui();
  const lang = i18n.locale as TLang;
  const labels = {
    location: { governorate: t`Governorate`, district: t`District`, address: t`Address`, point: t`Map point` },
  };
  const steps = showActivity(activity, data, lang, attachments, labels);
  if (steps.length === 0)
    return (
      <p className="text-ink-muted">
        <Trans>No data was submitted.</Trans>
      </p>
    );
  return (
    <div className="flex flex-col gap-4">
      {steps.map((s) => (
        <section key={s.stepId} aria-labelledby={`step-${s.stepId}`} className="rounded-lg border border-line p-3">
          <h3 id={`step-${s.stepId}`} className="font-semibold">
            {s.label}
          </h3>
          <Fields fields={s.fields} requestId={requestId} />
        </section>
      ))}
    </div>
  );
}

/** The ids of the files a field of the submitted data shows: the Attachments section lists only the others. */
export function filesInData(
  activity: TActivity | undefined,
  data: TFormData,
  attachments: readonly TAttachmentRef[],
  lang: TLang,
): Set<string> {
  const ids = new Set<string>();
  const visit = (fields: ShownField[]) => {
    for (const f of fields) {
      const v = f.value;
      if (v.kind === 'files') v.files.forEach((x) => ids.add(x.id));
      else if (v.kind === 'group') visit(v.fields);
      else if (v.kind === 'list') v.rows.forEach(visit);
    }
  };
  for (const s of showActivity(activity, data, lang, attachments, { location: {} })) visit(s.fields);
  return ids;
}

/**
 * The fields of a form as the form drew them. With `requestId` (a sent request) files are links to their
 * downloads; without it (the review step before sending) they are their names and sizes.
 */
export function Fields({ fields, requestId }: { fields: ShownField[]; requestId?: string | undefined }) {
  return (
    <LabelValueList className="mt-2">
      {fields.map((f) => (
        <LabelValue key={f.id} label={f.label}>
          <Value value={f.value} requestId={requestId} />
        </LabelValue>
      ))}
    </LabelValueList>
  );
}

function Value({ value, requestId }: { value: ShownValue; requestId: string | undefined }) {
  const { i18n } = useLingui();
  switch (value.kind) {
    case 'text':
      return value.ltr ? <bdi dir="ltr">{value.text}</bdi> : <span dir="auto">{value.text}</span>;
    case 'yesNo':
      return value.value ? <Trans>Yes</Trans> : <Trans>No</Trans>;
    case 'files':
      return (
        <ul className="flex flex-col gap-1">
          {value.files.map((f) => (
            <li key={f.id}>
              {requestId ? (
                <FileLink kind="attachment" id={f.id} name={f.name} size={f.size} requestId={requestId} />
              ) : (
                <>
                  <span dir="auto">{f.name}</span>
                  {f.size !== undefined && <span className="ms-2 text-sm text-ink-muted">{formatFileSize(i18n, f.size)}</span>}
                </>
              )}
            </li>
          ))}
        </ul>
      );
    case 'group':
      return <Fields fields={value.fields} requestId={requestId} />;
    case 'list':
      return (
        <ol className="flex list-decimal flex-col gap-2 ps-5">
          {value.rows.map((row, i) => (
            <li key={i}>
              <Fields fields={row} requestId={requestId} />
            </li>
          ))}
        </ol>
      );
  }
}
