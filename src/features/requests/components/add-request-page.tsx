import { Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useMemo, useState } from 'react';
import type { TService } from '../../../../contract/catalog.ts';
import type { TSubmitResult } from '../../../../contract/requests.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useHints } from '../../../lib/session.ts';
import { APP_KIND } from '../../../lib/constants.ts';
import { stopBehalf, useBehalf } from '../../../lib/behalf.ts';
import { submitWrite } from '../../outbox/index.ts';
import type { FormValues } from '../../forms/schema-form.tsx';
import { draftKeys } from '../keys.ts';
import { loadAddStart } from '../add-start.ts';
import { saveLocalDraft } from '../local-drafts.ts';
import { toApiError, useActivityWrite } from '../use-activity-write.ts';
import { ActivityForm } from './activity-page-form.tsx';
import { AddConfirmation, AddWaiting } from './add-outcome.tsx';
import { ConfirmDialog } from './add-confirm-dialog.tsx';
import { AddReview } from './add-request-review.tsx';
import { useFilerProfile } from '../../forms/use-filer-profile.ts';
import { AddHeader, AddUnavailable, APPLY, unavailableReason } from './add-request-parts.tsx';
import { Notice } from '../../../components/ui/notice.tsx';
import { agentViewQuery } from '../../../lib/agent-view.ts';
import type { QueryClient } from '@tanstack/react-query';

/**
 * Whom a staff member or an agent filed for (decision 050: the confirmation speaks of that citizen, not of "your
 * request"): the employee's chosen citizen, or the citizen the agent acts for (the agent view the build keeps).
 */
function onBehalfOf(employeeFor: string | undefined, userId: string | undefined, qc: QueryClient): string | undefined {
  if (APP_KIND === 'employee') return employeeFor;
  if (APP_KIND === 'agent' && userId) return qc.getQueryData(agentViewQuery(userId).queryKey)?.citizen?.fullName ?? undefined;
  return undefined;
}

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
  const { t } = useLingui();
  const hints = useHints();
  const queryClient = useQueryClient();
  const slug = service.serviceSlug;
  const target = useMemo(() => ({ serviceSlug: slug, activityId: APPLY }), [slug]);
  const serviceLabel = useMemo(
    () => ({ ar: service.translations.ar.serviceLabel, en: service.translations.en.serviceLabel }),
    [service],
  );
  const steps = service.activities.find((a) => a.activityId === APPLY)?.steps ?? [];
  const [hadDraft, setHadDraft] = useState(false);
  const write = useActivityWrite({ target, steps, serviceLabel, keepEmpty: hadDraft });
  const { values, stepId, serverError, pending } = write;
  const [serverId, setServerId] = useState<string | undefined>(draftId);
  const [editing, setEditing] = useState<string | undefined>(outboxId);
  const [note, setNote] = useState<string | undefined>();
  const [askReset, setAskReset] = useState(false);
  // Reset opens a new, empty form.
  const [formKey, setFormKey] = useState(0);
  const behalf = useBehalf();
  // Bound fields open with the filer's profile (decision 052); the form waits for it (a moment: it is cached).
  const profile = useFilerProfile();
  // The review step (issue 23): the data the form passed, shown before it is sent.
  const [review, setReview] = useState<FormValues | undefined>();
  const ownerRefused = serverError instanceof ApiError && serverError.code === 'INVALID_REQUEST_OWNER_TOKEN';
  // A refused owner token is of no more use: the staff member chooses the citizen again.
  useEffect(() => {
    if (ownerRefused && APP_KIND === 'employee') stopBehalf();
  }, [ownerRefused]);

  // What the form continues: a refused write, a server draft, else this device's autosave.
  useEffect(() => {
    let alive = true;
    void loadAddStart({ target, draftId, outboxId, signedIn: Boolean(hints) }).then((start) => {
      if (!alive) return;
      if (!start.editing) setEditing(undefined);
      if (start.fromDevice) setServerId(start.fromDevice.serverId);
      if (start.data) setHadDraft(true);
      write.open(start.data ? { values: start.data, stepId: start.stepId, error: start.error } : {});
    });
    return () => {
      alive = false;
    };
    // Once per page: what the page opened with.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [slug]);

  const send = async (data: FormValues) => {
    setNote(undefined);
    const result = await write.send(data, {
      id: editing,
      kind: 'requestSubmit',
      input: { params: { serviceSlug: slug }, body: { activityId: APPLY, data, ...(serverId ? { draftId: serverId } : {}) } },
      meta: {
        title: serviceLabel,
        serviceSlug: slug,
        activityId: APPLY,
        editPath: `/services/${slug}/add`,
        ...(APP_KIND === 'employee' ? { requestOwnerToken: localStorage.getItem('requestOwnerToken') ?? undefined } : {}),
      },
    });
    // Refused (field errors, an unavailable service): back to the form, which shows why.
    if (!result) {
      setReview(undefined);
      return;
    }
    if (serverId) void queryClient.invalidateQueries({ queryKey: draftKeys.all });
    window.scrollTo?.({ top: 0 });
  };

  const saveDraft = async () => {
    const id = serverId ?? crypto.randomUUID();
    setServerId(id);
    await saveLocalDraft(target, { data: values, stepId, serverId: id, serviceLabel });
    const result = await submitWrite({
      kind: 'draftSave',
      input: { params: { id }, body: { serviceSlug: slug, activityId: APPLY, ...(stepId ? { stepId } : {}), data: values } },
      meta: { title: serviceLabel, serviceSlug: slug, activityId: APPLY },
    });
    if (result.status === 'sent') {
      void queryClient.invalidateQueries({ queryKey: draftKeys.all });
      setNote(t`Your draft has been saved. You can continue it from My requests on any device.`);
    } else if (result.status === 'waiting')
      setNote(t`Your draft is kept on this device and will be saved to your account when you are online.`);
    else write.setServerError(toApiError(result.error));
  };

  const reset = async () => {
    setAskReset(false);
    await write.clear();
    setFormKey((k) => k + 1);
    setNote(undefined);
    setHadDraft(false);
    setReview(undefined);
  };

  const reason = unavailableReason(service);
  if (reason)
    return (
      <article className="flex flex-col gap-6">
        <AddHeader service={service} />
        <AddUnavailable service={service} reason={reason} />
      </article>
    );

  if (write.outcome)
    return (
      <article className="flex flex-col gap-6">
        <AddHeader service={service} />
        {write.outcome.kind === 'sent' ? (
          <AddConfirmation
            result={write.outcome.result as TSubmitResult}
            visitor={!hints}
            service={service}
            forCitizen={onBehalfOf(behalf?.citizen.name, hints?.userId, queryClient)}
          />
        ) : (
          <AddWaiting serviceSlug={slug} />
        )}
      </article>
    );

  return (
    <article className="flex flex-col gap-6">
      <AddHeader service={service} />
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
          <Link to="/apply-on-behalf" className="font-semibold underline">
            <Trans>Choose the citizen</Trans>
          </Link>
        </p>
      )}
      {review && (
        <AddReview
          service={service}
          data={review}
          pending={pending}
          onSend={() => void send(review)}
          onEdit={() => {
            setReview(undefined);
            setFormKey((k) => k + 1);
          }}
        />
      )}
      {write.loaded && profile !== undefined && !review && (
        <ActivityForm
          key={formKey}
          profile={profile}
          service={service}
          activityId={APPLY}
          values={values}
          onValues={write.setValues}
          stepIndex={write.stepIndex}
          onStep={write.setStepIndex}
          onSubmit={(data) => {
            write.setServerError(undefined);
            setReview(data);
            window.scrollTo?.({ top: 0 });
          }}
          serverError={serverError}
          pending={pending}
          submitLabel={<Trans>Review</Trans>}
          extraButtons={
            <>
              {hints && (
                <button
                  type="button"
                  className="btn-outline"
                  onClick={() => void saveDraft()}
                  disabled={pending}
                  data-tour="add-draft"
                >
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
