import { useReducer } from 'react';
import type { TStaffRequestDetail } from '../../../../contract/staff.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useStaffAction, type StaffAction } from '../api.ts';

/** What the panel says after an action: a problem found before sending, or the success text. */
type Feedback = { problem?: string[] | undefined; done?: string | undefined };
type FeedbackEvent = { type: 'start' } | { type: 'problem'; problem: string[] } | { type: 'done'; text: string };

function feedback(_state: Feedback, event: FeedbackEvent): Feedback {
  switch (event.type) {
    case 'start':
      return {};
    case 'problem':
      return { problem: event.problem };
    case 'done':
      return { done: event.text };
  }
}

/** Runs one staff action at a time: `after` clears the form that sent it, `ok` is the success text. */
export type RunAction = (a: StaffAction, after: () => void, ok: string) => void;

/**
 * The staff panel's write path: one action on the request at the version on screen, the feedback it leaves
 * (a problem found before sending, the server's error, a 409 REQUEST_CHANGED conflict, or the success text).
 */
export function useStaffRun(request: TStaffRequestDetail) {
  const action = useStaffAction(request);
  const [state, dispatch] = useReducer(feedback, {});
  const error = action.error instanceof ApiError ? action.error : undefined;
  const conflict = error?.code === 'REQUEST_CHANGED' ? error.conflict : undefined;
  const run: RunAction = (a, after, ok) => {
    dispatch({ type: 'start' });
    action.mutate(a, {
      onSuccess: () => {
        after();
        dispatch({ type: 'done', text: ok });
      },
    });
  };
  /** A problem found before sending (nothing chosen, nothing written); always returns undefined. */
  const fail = (problem: string): undefined => void dispatch({ type: 'problem', problem: [problem] });
  return {
    run,
    fail,
    pending: action.isPending,
    reset: action.reset,
    error,
    conflict,
    problem: state.problem,
    done: state.done && !action.isPending && !error ? state.done : undefined,
  };
}

/** What each action part of the panel is given. */
export type ActionPartProps = {
  request: TStaffRequestDetail;
  /** The panel's `useId()`, so the parts' ids stay unique and stable. */
  id: string;
  run: RunAction;
  fail: (problem: string) => undefined;
  pending: boolean;
};
