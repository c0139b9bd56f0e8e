import { useState } from 'react';
import { ApiError } from '../../lib/api-client.ts';
import { submitWrite, type NewWrite, type OutboxError, type SendOutcome } from '../outbox/index.ts';
import type { FormValues } from '../forms/schema-form.tsx';
import { filesForOutbox } from './files.ts';
import { hasContent, removeLocalDraft, useAutosave, type DraftTarget } from './local-drafts.ts';

/** An outbox error as the form shows it (field errors on their fields). */
export const toApiError = (e: OutboxError | undefined): ApiError | undefined =>
  e ? new ApiError(e.code, e.status, e.message, e.details, e.fieldErrors) : undefined;

/** How a write ended for the page: sent (with the server's answer) or kept in the outbox to be sent later. */
export type WriteOutcome = { kind: 'sent'; result: unknown } | { kind: 'waiting' };

/**
 * The write path of an activity form, shared by the add-request page ("apply") and a request's activity page
 * (complete the data, rate): the values and step on screen, autosaved on the device once the page has loaded what
 * it continues; sending through the outbox (the files first kept for it), a refusal shown on the form's fields,
 * the device's draft removed once the write is sent or kept; and clearing the form.
 */
export function useActivityWrite({
  target,
  steps,
  serviceLabel,
  keepEmpty = false,
}: {
  target: DraftTarget;
  /** The activity's steps, to name the step on screen in the device's draft. */
  steps: readonly { stepId: string }[];
  serviceLabel?: { ar: string; en: string } | undefined;
  /** Autosave an empty form too (it continues a draft the user may have emptied on purpose). */
  keepEmpty?: boolean;
}) {
  const [values, setValues] = useState<FormValues>({});
  const [stepIndex, setStepIndex] = useState(0);
  const [loaded, setLoaded] = useState(false);
  const [serverError, setServerError] = useState<unknown>();
  const [pending, setPending] = useState(false);
  const [outcome, setOutcome] = useState<WriteOutcome | undefined>();
  const stepId = steps[stepIndex]?.stepId ?? null;
  useAutosave(
    target,
    { data: values, stepId, ...(serviceLabel ? { serviceLabel } : {}) },
    loaded && !outcome && (keepEmpty || hasContent(values)),
  );

  /** Opens the form on what it continues (a refused write, a draft, the request's data), or empty. */
  const open = (start: { values?: FormValues | undefined; stepId?: string | null; error?: OutboxError | undefined } = {}) => {
    if (start.values) setValues(start.values);
    if (start.stepId !== undefined)
      setStepIndex(
        Math.max(
          0,
          steps.findIndex((s) => s.stepId === start.stepId),
        ),
      );
    if (start.error) setServerError(toApiError(start.error));
    setLoaded(true);
  };

  /** Sends the form's data through the outbox; undefined when the server refused it (the form shows why). */
  const send = async (data: FormValues, write: Omit<NewWrite, 'files'>): Promise<SendOutcome | undefined> => {
    setPending(true);
    setServerError(undefined);
    try {
      const files = await filesForOutbox(data, target.activityId, ['data']);
      const result = await submitWrite({ ...write, files });
      if (result.status === 'refused') {
        setServerError(toApiError(result.error));
        return undefined;
      }
      await removeLocalDraft(target);
      setOutcome(result.status === 'sent' ? { kind: 'sent', result: result.result } : { kind: 'waiting' });
      return result;
    } finally {
      setPending(false);
    }
  };

  /** Empties the form and forgets the device's draft. */
  const clear = async () => {
    await removeLocalDraft(target);
    setValues({});
    setStepIndex(0);
    setServerError(undefined);
  };

  return {
    values,
    setValues,
    stepIndex,
    setStepIndex,
    stepId,
    loaded,
    open,
    serverError,
    setServerError,
    pending,
    outcome,
    send,
    clear,
  };
}
