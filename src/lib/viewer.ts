import type { CatalogViewer } from '../features/catalog/service-rules.ts';
import { APP_KIND } from './constants.ts';

/**
 * Who is using the app, as the UI needs it. Until accounts exist (identity issue) everyone is a visitor; the
 * employee and agent builds are staff builds but their users are still visitors until they sign in.
 */
export type Viewer = CatalogViewer & { roles: readonly string[]; buildKind: typeof APP_KIND };

export const currentViewer = (): Viewer => ({ kind: 'visitor', roles: [], buildKind: APP_KIND });

export function useViewer(): Viewer {
  return currentViewer();
}
