import { Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import type { TService } from '../../../../contract/catalog.ts';
import type { TLang } from '../../../../contract/common.ts';
import { activationPeriod } from '../../../../contract/availability.ts';
import type { TSubmitResult } from '../../../../contract/requests.ts';
import { requestRoutes } from '../../../../contract/refs/routes-requests.ts';
import { ApiError, apiCall } from '../../../lib/api-client.ts';
import { useHints } from '../../../lib/session.ts';
import { APP_KIND } from '../../../lib/constants.ts';
import { stopBehalf, useBehalf } from '../../../lib/behalf.ts';
import { Link } from '@tanstack/react-router';
import { readWrite, submitWrite, type OutboxError } from '../../outbox/index.ts';
import type { FormValues } from '../../forms/schema-form.tsx';
import { draftKeys } from '../api.ts';
import { filesForOutbox } from '../files.ts';
import { hasContent, loadLocalDraft, removeLocalDraft, saveLocalDraft, useAutosave } from '../local-drafts.ts';
import { ActivityForm } from './activity-page-form.tsx';
import { AddConfirmation, AddWaiting } from './add-outcome.tsx';
import { ConfirmDialog } from './add-confirm-dialog.tsx';
import { Notice } from '../../../components/ui/notice.tsx';

const ACTIVITY = 'apply';

/** Why a service cannot take a request on the web now, if it cannot (spec section 2 "Service cards"). */
export function unavailableReason(s: TService): 'web' | 'inactive' | 'noForm' | undefined {
  if (s.disabledOn.includes('web')) return 'web';
  if (s.deactivated || !s.isActive) return 'inactive';
  if (!s.activities.some((a) => a.activityId === ACTIVITY)) return 'noForm';
  return undefined;
}

type Outcome = { kind: 'sent'; result: TSubmitResult } | { kind: 'waiting' };

/**
 * The add-request page (spec section 2 "Add request"): header with the service's name and picture, the "apply"
 * activity's steps, Send, Reset (asks first) and Save as draft. The form autosaves on the device; it continues a
 * server draft (`?draft=`) or a write the server refused (`?outbox=`, reopened from the outbox's list). Sending
 * goes through the outbox: online it answers with the request's number, offline it is kept and sent later.
 */
export function AddRequestPage({
  service,
  draftId,
  outboxId,
}: {
  service: TService;
  draftId?: string | undefined;
  outboxId?: string | undefined;
}) {
  const { t, i18n } = useLingui();
  const lang = i18n.locale as TLang;
  const hints = useHints();
  const queryClient = useQueryClient();
  const slug = service.serviceSlug;
  const texts = service.translations[lang];
  const target = useMemo(() => ({ serviceSlug: slug, activityId: ACTIVITY }), [slug]);
  const serviceLabel = useMemo(
    () => ({ ar: service.translations.ar.serviceLabel, en: service.translations.en.serviceLabel }),
    [service],
  );

  const [loaded, setLoaded] = useState(false);
  const [hadDraft, setHadDraft] = useState(false);
  const [values, setValues] = useState<FormValues>({});
  const [stepIndex, setStepIndex] = useState(0);
  const [serverId, setServerId] = useState<string | undefined>(draftId);
  const [editing, setEditing] = useState<string | undefined>(outboxId);
  const [serverError, setServerError] = useState<unknown>();
  const behalf = useBehalf();
  const ownerRefused = serverError instanceof ApiError && serverError.code === 'INVALID_REQUEST_OWNER_TOKEN';
  // A refused owner token is of no more use: the staff member chooses the citizen again.
  useEffect(() => {
    if (ownerRefused && APP_KIND === 'employee') stopBehalf();
  }, [ownerRefused]);
  const [pending, setPending] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | undefined>();
  const [note, setNote] = useState<string | undefined>();
  const [askReset, setAskReset] = useState(false);
  // Reset opens a new, empty form.
  const [formKey, setFormKey] = useState(0);

  // What the form continues: a refused write, a server draft, else this device's autosave.
  useEffect(() => {
    let alive = true;
    void (async () => {
      const local = await loadLocalDraft(target);
      let data: FormValues | undefined;
      let stepId: string | null = null;
      if (outboxId) {
        const record = await readWrite(outboxId);
        const body = record?.input.body as { data?: FormValues } | undefined;
        if (record && body?.data) {
          data = body.data;
          setServerError(toApiError(record.lastError));
        } else setEditing(undefined);
      }
      if (!data && draftId && hints) {
        const page = await apiCall(requestRoutes.draftList, { query: { serviceSlug: slug, limit: 50 } }).catch(() => undefined);
        const draft = page?.items.find((d) => d.id === draftId);
        // The device's copy of the same draft wins when it is newer (typed offline after saving).
        if (local?.serverId === draftId && (!draft || local.updatedAt > Date.parse(draft.updatedAt))) {
          data = local.data;
          stepId = local.stepId;
        } else if (draft) {
          data = draft.data;
          stepId = draft.stepId;
        }
      }
      if (!data && local) {
        data = local.data;
        stepId = local.stepId;
        setServerId(local.serverId);
      }
      if (!alive) return;
      if (data) {
        setValues(data);
        setHadDraft(true);
        const index =
          service.activities.find((a) => a.activityId === ACTIVITY)?.steps.findIndex((s) => s.stepId === stepId) ?? -1;
        setStepIndex(Math.max(0, index));
      }
      setLoaded(true);
    })();
    return () => {
      alive = false;
    };
    // Once per page: what the page opened with.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [slug]);

  const steps = service.activities.find((a) => a.activityId === ACTIVITY)?.steps ?? [];
  const stepId = steps[stepIndex]?.stepId ?? null;
  useAutosave(target, { data: values, stepId, serviceLabel }, loaded && !outcome && (hadDraft || hasContent(values)));

  const send = async (data: FormValues) => {
    setPending(true);
    setServerError(undefined);
    setNote(undefined);
    try {
      const files = await filesForOutbox(data, ACTIVITY, ['data']);
      const result = await submitWrite({
        id: editing,
        kind: 'requestSubmit',
        input: {
          params: { serviceSlug: slug },
          body: { activityId: ACTIVITY, data, ...(serverId ? { draftId: serverId } : {}) },
        },
        files,
        meta: {
          title: serviceLabel,
          serviceSlug: slug,
          activityId: ACTIVITY,
          editPath: `/services/${slug}/add`,
          ...(APP_KIND === 'employee' ? { requestOwnerToken: localStorage.getItem('requestOwnerToken') ?? undefined } : {}),
        },
      });
      if (result.status === 'refused') {
        setServerError(toApiError(result.error));
        return;
      }
      await removeLocalDraft(target);
      if (serverId) void queryClient.invalidateQueries({ queryKey: draftKeys.all });
      setOutcome(result.status === 'sent' ? { kind: 'sent', result: result.result as TSubmitResult } : { kind: 'waiting' });
      window.scrollTo?.({ top: 0 });
    } finally {
      setPending(false);
    }
  };

  const saveDraft = async () => {
    const id = serverId ?? crypto.randomUUID();
    setServerId(id);
    await saveLocalDraft(target, { data: values, stepId, serverId: id, serviceLabel });
    const result = await submitWrite({
      kind: 'draftSave',
      input: { params: { id }, body: { serviceSlug: slug, activityId: ACTIVITY, ...(stepId ? { stepId } : {}), data: values } },
      meta: { title: serviceLabel, serviceSlug: slug, activityId: ACTIVITY },
    });
    if (result.status === 'sent') {
      void queryClient.invalidateQueries({ queryKey: draftKeys.all });
      setNote(t`Your draft has been saved. You can continue it from My requests on any device.`);
    } else if (result.status === 'waiting')
      setNote(t`Your draft is kept on this device and will be saved to your account when you are online.`);
    else setServerError(toApiError(result.error));
  };

  const reset = async () => {
    setAskReset(false);
    await removeLocalDraft(target);
    setValues({});
    setFormKey((k) => k + 1);
    setStepIndex(0);
    setServerError(undefined);
    setNote(undefined);
    setHadDraft(false);
  };

  const header = (
    <header className="flex items-center gap-4">
      <img src={service.logo ?? '/icons/logo.svg'} alt="" width="56" height="56" className="size-14 rounded-lg bg-card" />
      <div>
        <p className="text-sm text-ink-muted">
          <Trans>New request</Trans>
        </p>
        <h1 className="text-2xl font-bold">{texts.serviceLabel}</h1>
      </div>
    </header>
  );

  const reason = unavailableReason(service);
  if (reason) {
    const period = activationPeriod({ fromDate: service.fromDate, toDate: service.toDate });
    return (
      <article className="flex flex-col gap-6">
        {header}
        <section role="status" className="rounded-xl border border-line bg-card p-6">
          <h2 className="text-lg font-semibold">
            <Trans>Requests cannot be made now</Trans>
          </h2>
          <p className="mt-2">
            {reason === 'web' ? (
              <Trans>This service is not offered on the website. Use the mobile app or visit a customer service center.</Trans>
            ) : reason === 'inactive' ? (
              <Trans>This service is not active at the moment, so it does not take new requests.</Trans>
            ) : (
              <Trans>This service has no form to fill in on the website.</Trans>
            )}
          </p>
          {reason === 'inactive' && period && (
            <p className="mt-2 text-ink-muted">
              <Trans>Active period:</Trans> <bdi dir="ltr">{period}</bdi>
            </p>
          )}
        </section>
      </article>
    );
  }

  if (outcome)
    return (
      <article className="flex flex-col gap-6">
        {header}
        {outcome.kind === 'sent' ? (
          <AddConfirmation result={outcome.result} visitor={!hints} />
        ) : (
          <AddWaiting serviceSlug={slug} />
        )}
      </article>
    );

  return (
    <article className="flex flex-col gap-6">
      {header}
      {editing && (
        <p role="note" className="rounded-lg bg-warning-bg p-3 text-warning-ink">
          <Trans>This request was not accepted. Correct it and send it again.</Trans>
        </p>
      )}
      {note && <Notice tone="info">{note}</Notice>}
      {APP_KIND === 'employee' && (!behalf || ownerRefused) && (
        // Staff file for a citizen only (decision 025): the form is kept on this device while they choose.
        <p role={ownerRefused ? 'alert' : 'note'} className="rounded-lg bg-warning-bg p-3 text-warning-ink">
          <Trans>Choose the citizen you are filing for first; what you typed here is kept.</Trans>{' '}
          <Link to={'/apply-on-behalf' as never} className="font-semibold underline">
            <Trans>Choose the citizen</Trans>
          </Link>
        </p>
      )}
      {!loaded ? null : (
        <ActivityForm
          key={formKey}
          service={service}
          activityId={ACTIVITY}
          values={values}
          onValues={setValues}
          stepIndex={stepIndex}
          onStep={setStepIndex}
          onSubmit={(data) => void send(data)}
          serverError={serverError}
          pending={pending}
          submitLabel={<Trans>Send</Trans>}
          extraButtons={
            <>
              {hints && (
                <button type="button" className="btn-outline" onClick={() => void saveDraft()} disabled={pending}>
                  <Trans>Save as draft</Trans>
                </button>
              )}
              <button type="button" className="btn-outline" onClick={() => setAskReset(true)} disabled={pending}>
                <Trans>Reset</Trans>
              </button>
            </>
          }
        />
      )}
      {askReset && (
        <ConfirmDialog
          title={t`Clear the form?`}
          body={t`Everything you entered in this form will be removed from this device.`}
          confirmLabel={t`Clear the form`}
          onConfirm={() => void reset()}
          onCancel={() => setAskReset(false)}
        />
      )}
    </article>
  );
}

/** An outbox error as the form shows it (field errors on their fields). */
export const toApiError = (e: OutboxError | undefined): ApiError | undefined =>
  e ? new ApiError(e.code, e.status, e.message, e.details, e.fieldErrors) : undefined;
