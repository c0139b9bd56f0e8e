import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef } from 'react';
import type { TService } from '../../../../contract/catalog.ts';
import type { TLang } from '../../../../contract/common.ts';
import type { TFormData } from '../../../../contract/requests.ts';
import { showActivity } from '../format.ts';
import { Fields } from './view-data.tsx';
import { APPLY } from './add-request-parts.tsx';

/**
 * The review step before sending (issue 23): what the form holds, step by step as the request page will show it,
 * with "Send" and "Edit" (back to the form, nothing lost). Its heading takes the focus when it opens.
 */
export function AddReview({
  service,
  data,
  pending,
  onSend,
  onEdit,
}: {
  service: TService;
  data: TFormData;
  pending: boolean;
  onSend: () => void;
  onEdit: () => void;
}) {
  const { t, i18n } = useLingui();
  const lang = i18n.locale as TLang;
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const labels = {
    location: {
      governorate: t`Governorate`,
      district: t`District`,
      address: t`Address`,
      lat: t`Latitude`,
      lng: t`Longitude`,
    },
  };
  const steps = showActivity(
    service.activities.find((a) => a.activityId === APPLY),
    withExactPoints(data),
    lang,
    [],
    labels,
  );
  return (
    <section aria-labelledby="add-review-title" className="flex flex-col gap-4" data-testid="add-review">
      <h2 id="add-review-title" ref={heading} tabIndex={-1} className="text-lg font-semibold focus:outline-none">
        <Trans>Check your request before sending</Trans>
      </h2>
      <p className="text-ink-muted">
        <Trans>This is what will be sent. Choose Edit to change anything.</Trans>
      </p>
      {steps.map((s) => (
        <section key={s.stepId} aria-labelledby={`review-${s.stepId}`} className="rounded-lg border border-line p-3">
          <h3 id={`review-${s.stepId}`} className="font-semibold">
            {s.label}
          </h3>
          <Fields fields={s.fields} />
        </section>
      ))}
      <div className="flex flex-wrap gap-3">
        <button type="button" className="btn-primary" onClick={onSend} disabled={pending} aria-busy={pending || undefined}>
          {pending ? <Trans>Sending…</Trans> : <Trans>Send</Trans>}
        </button>
        <button type="button" className="btn-outline" onClick={onEdit} disabled={pending}>
          <Trans>Edit</Trans>
        </button>
      </div>
    </section>
  );
}

/** A map point is shown as it will be kept (6 decimals), not rounded like an amount. */
function withExactPoints(data: TFormData): TFormData {
  const out: TFormData = { ...data };
  for (const [k, v] of Object.entries(data)) {
    if (!v || typeof v !== 'object' || Array.isArray(v)) continue;
    const { lat, lng } = v as { lat?: unknown; lng?: unknown };
    if (typeof lat === 'number' || typeof lng === 'number')
      out[k] = {
        ...v,
        ...(typeof lat === 'number' ? { lat: String(lat) } : {}),
        ...(typeof lng === 'number' ? { lng: String(lng) } : {}),
      };
  }
  return out;
}
