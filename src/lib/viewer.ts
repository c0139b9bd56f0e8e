import type { TCurrentUser } from '../../contract/identity.ts';
import type { CatalogViewer } from '../features/catalog/service-rules.ts';
import { APP_KIND } from './constants.ts';
import { useCurrentUser, useHints, viewerOf } from './session.ts';

/**
 * Who is using the app, as the UI needs it: a visitor, a citizen or staff (employees and agents), with the
 * roles of spec section 6 and the build (citizen, employee or agent portal). Derived from the session
 * (src/lib/session.ts); route guards get the same value from the root route's `beforeLoad`.
 */
export type Viewer = CatalogViewer & {
  roles: readonly string[];
  buildKind: typeof APP_KIND;
  user?: TCurrentUser;
  /** The agent build: the id of the citizen the agent acts for, `null` for none, absent when unknown (offline). */
  actingFor?: string | null;
};

export const VISITOR: Viewer = { kind: 'visitor', roles: [], buildKind: APP_KIND };

export function useViewer(): Viewer {
  const hints = useHints();
  const user = useCurrentUser();
  return viewerOf(user, hints);
}
