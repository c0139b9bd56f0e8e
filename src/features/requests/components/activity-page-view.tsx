import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import type { TService } from '../../../../contract/catalog.ts';
import type { TLang } from '../../../../contract/common.ts';
import { OWNER_TOKEN_HEADER } from '../../../../contract/requests.ts';
import { requestRoutes } from '../../../../contract/refs/routes-requests.ts';
import { apiCall } from '../../../lib/api-client.ts';
import { ownerTokenFor } from '../../../lib/request-owner-tokens.ts';
import { ErrorPanel } from '../../../components/error-panel.tsx';
import { CardsSkeleton } from '../../../components/skeleton.tsx';
import { readWrite, submitWrite } from '../../outbox/index.ts';
import type { FormValues } from '../../forms/schema-form.tsx';
import { filesForOutbox } from '../files.ts';
import { hasContent, loadLocalDraft, removeLocalDraft, useAutosave } from '../local-drafts.ts';
import { ActivityForm } from './activity-page-form.tsx';
import { toApiError } from './add-request-page.tsx';

/** One request as its owner reads it (an anonymous filer with this device's owner token). Private: not persisted. */
const requestQuery = (serviceSlug: string, id: string) => ({
  queryKey: ['requests', 'detail', serviceSlug, id] as const,
  queryFn: async ({ signal }: { signal: AbortSignal }) => {
    const token = await ownerTokenFor(id);
    return apiCall(
      requestRoutes.requestFindOne,
      { params: { serviceSlug }, filter: { where: { id } } },
      { signal, ...(token ? { headers: { [OWNER_TOKEN_HEADER]: token } } : {}) },
    );
  },
  meta: { persist: false },
  staleTime: 0,
});

/**
 * /services/{slug}/entries/{entryId}/{activityId} (spec section 2 "edit entry"): the activity the request's status
 * asks of the citizen (complete the data when extra information is needed, rate a finished request), prefilled
 * with what the request holds, autosaved on the device, sent through the outbox (PATCH, its own key).
 */
export function ActivityPage({
  service,
  entryId,
  activityId,
  outboxId,
}: {
  service: TService;
  entryId: string;
  activityId: string;
  outboxId?: string | undefined;
}) {
  const { i18n } = useLingui();
  const lang = i18n.locale as TLang;
  const slug = service.serviceSlug;
  const request = useQuery(requestQuery(slug, entryId));
  const activity = service.activities.find((a) => a.activityId === activityId);
  const target = useMemo(() => ({ serviceSlug: slug, activityId, requestId: entryId }), [slug, activityId, entryId]);
  const [values, setValues] = useState<FormValues>({});
  const [stepIndex, setStepIndex] = useState(0);
  const [loaded, setLoaded] = useState(false);
  const [serverError, setServerError] = useState<unknown>();
  const [pending, setPending] = useState(false);
  const [done, setDone] = useState<'sent' | 'waiting' | undefined>();
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
      setValues(fromRecord ?? local?.data ?? base);
      if (record?.lastError) setServerError(toApiError(record.lastError));
      setLoaded(true);
    })();
    return () => {
      alive = false;
    };
  }, [request.data, loaded, outboxId, target, activityId]);

  const stepId = activity?.steps[stepIndex]?.stepId ?? null;
  useAutosave(target, { data: values, stepId }, loaded && !done && hasContent(values));

  if (request.isPending) return <CardsSkeleton count={2} />;
  if (request.isError) return <ErrorPanel error={request.error} onRetry={() => void request.refetch()} />;
  const r = request.data;
  const back = (
    <Link
      to={'/services/$serviceSlug/entries/$entryId' as never}
      params={{ serviceSlug: slug, entryId } as never}
      className="btn-outline"
    >
      <Trans>Back to the request</Trans>
    </Link>
  );

  const header = (
    <header className="flex items-center gap-4">
      <img src={service.logo ?? '/icons/logo.svg'} alt="" width="56" height="56" className="size-14 rounded-lg bg-card" />
      <div>
        <p className="text-sm text-ink-muted">
          {service.translations[lang].serviceLabel} · <bdi dir="ltr">{r.ID}</bdi>
        </p>
        <h1 className="text-2xl font-bold">{activity?.label[lang] ?? activityId}</h1>
      </div>
    </header>
  );

  if (done)
    return (
      <article className="flex flex-col gap-6">
        {header}
        <section role="status" className="rounded-xl border border-line bg-card p-6" data-testid={`activity-${done}`}>
          <h2 className="text-xl font-bold">
            {done === 'sent' ? <Trans>Sent. Thank you.</Trans> : <Trans>Saved, will be sent when you are online</Trans>}
          </h2>
          <div className="mt-4">{back}</div>
        </section>
      </article>
    );

  if (!activity || r.status.activityId !== activityId || (r.status.final && activityId !== 'rate'))
    return (
      <article className="flex flex-col gap-6">
        {header}
        <section role="status" className="rounded-xl border border-line bg-card p-6">
          <p>
            <Trans>This request does not ask for this from you now.</Trans>
          </p>
          <div className="mt-4">{back}</div>
        </section>
      </article>
    );

  const send = async (data: FormValues) => {
    setPending(true);
    setServerError(undefined);
    try {
      const files = await filesForOutbox(data, activityId, ['data']);
      const result = await submitWrite({
        id: outboxId,
        kind: 'requestUpdate',
        input: { params: { serviceSlug: slug, id: entryId }, body: { activityId, data } },
        files,
        meta: {
          title: { ar: service.translations.ar.serviceLabel, en: service.translations.en.serviceLabel },
          serviceSlug: slug,
          activityId,
          editPath: `/services/${slug}/entries/${entryId}/${activityId}`,
        },
      });
      if (result.status === 'refused') return setServerError(toApiError(result.error));
      await removeLocalDraft(target);
      setDone(result.status === 'sent' ? 'sent' : 'waiting');
    } finally {
      setPending(false);
    }
  };

  return (
    <article className="flex flex-col gap-6">
      {header}
      {loaded && (
        <ActivityForm
          service={service}
          activityId={activityId}
          values={values}
          onValues={setValues}
          stepIndex={stepIndex}
          onStep={setStepIndex}
          onSubmit={(data) => void send(data)}
          serverError={serverError}
          pending={pending}
          submitLabel={<Trans>Send</Trans>}
          extraButtons={back}
          requestId={entryId}
          ownerHeaders={ownerHeaders}
        />
      )}
    </article>
  );
}
