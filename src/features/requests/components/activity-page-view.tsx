import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import type { TService } from '../../../../contract/catalog.ts';
import { OWNER_TOKEN_HEADER } from '../../../../contract/requests.ts';
import { ownerTokenFor } from '../../../lib/request-owner-tokens.ts';
import { ErrorPanel } from '../../../components/error-panel.tsx';
import { CardsSkeleton } from '../../../components/skeleton.tsx';
import { readWrite } from '../../outbox/index.ts';
import type { FormValues } from '../../forms/schema-form.tsx';
import { activityRequestQuery } from '../api/requests.ts';
import { loadLocalDraft } from '../local-drafts.ts';
import { useActivityWrite } from '../use-activity-write.ts';
import { useFiledForms } from '../use-filed-forms.ts';
import { ActivityForm } from './activity-page-form.tsx';
import { ActivityFrame, ActivityOutcome, BackToRequest } from './activity-page-parts.tsx';

/**
 * /services/{slug}/entries/{entryId}/{activityId} (spec section 2 "edit entry"): the activity the request's status
 * asks of the citizen (complete the data when extra information is needed, rate a finished request), prefilled
 * with what the request holds, autosaved on the device, sent through the outbox (PATCH, its own key).
 */
export function ActivityPage({
  service: current,
  entryId,
  activityId,
  outboxId,
}: {
  service: TService;
  entryId: string;
  activityId: string;
  outboxId?: string | undefined;
}) {
  const slug = current.serviceSlug;
  const request = useQuery(activityRequestQuery(slug, entryId));
  // The forms of the version the request was filed with (issue 26): a later version does not change its questions.
  const filed = useFiledForms(current, request.data?.serviceVersion);
  const service = filed.service ?? current;
  const activity = service.activities.find((a) => a.activityId === activityId);
  const target = useMemo(() => ({ serviceSlug: slug, activityId, requestId: entryId }), [slug, activityId, entryId]);
  const write = useActivityWrite({ target, steps: activity?.steps ?? [] });
  const { loaded, open } = write;
  const [ownerHeaders, setOwnerHeaders] = useState<Record<string, string> | undefined>();

  useEffect(() => {
    void ownerTokenFor(entryId).then((token) => token && setOwnerHeaders({ [OWNER_TOKEN_HEADER]: token }));
  }, [entryId]);

  useEffect(() => {
    if (!request.data || loaded) return;
    let alive = true;
    void (async () => {
      const record = outboxId ? await readWrite(outboxId) : undefined;
      const local = await loadLocalDraft(target);
      const fromRecord = (record?.input.body as { data?: FormValues } | undefined)?.data;
      // Completing the data: the request's own data is the starting point; another activity (rate) starts empty.
      const base = activityId === request.data.activityId ? request.data.data : {};
      if (!alive) return;
      open({ values: fromRecord ?? local?.data ?? base, error: record?.lastError });
    })();
    return () => {
      alive = false;
    };
    // `open` is new on every render; `loaded` says when it has run.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [request.data, loaded, outboxId, target, activityId]);

  if (request.isPending || filed.pending) return <CardsSkeleton count={2} />;
  if (request.isError) return <ErrorPanel error={request.error} onRetry={() => void request.refetch()} />;
  const r = request.data;
  const back = <BackToRequest serviceSlug={slug} entryId={entryId} />;
  const frame = (children: ReactNode) => (
    <ActivityFrame service={service} requestNumber={r.ID} activityId={activityId}>
      {children}
    </ActivityFrame>
  );

  if (write.outcome) return frame(<ActivityOutcome done={write.outcome.kind} back={back} />);
  if (!activity || r.status.activityId !== activityId || (r.status.final && activityId !== 'rate'))
    return frame(<ActivityOutcome done="notAsked" back={back} />);

  const send = (data: FormValues) =>
    write.send(data, {
      id: outboxId,
      kind: 'requestUpdate',
      input: { params: { serviceSlug: slug, id: entryId }, body: { activityId, data } },
      meta: {
        title: { ar: service.translations.ar.serviceLabel, en: service.translations.en.serviceLabel },
        serviceSlug: slug,
        activityId,
        editPath: `/services/${slug}/entries/${entryId}/${activityId}`,
      },
    });

  return frame(
    loaded && (
      <ActivityForm
        service={service}
        activityId={activityId}
        values={write.values}
        onValues={write.setValues}
        stepIndex={write.stepIndex}
        onStep={write.setStepIndex}
        onSubmit={(data) => void send(data)}
        serverError={write.serverError}
        pending={write.pending}
        submitLabel={<Trans>Send</Trans>}
        extraButtons={back}
        requestId={entryId}
        ownerHeaders={ownerHeaders}
      />
    ),
  );
}
