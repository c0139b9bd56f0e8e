/// <reference types="vite/client" />
/// <reference types="vite-plugin-pwa/client" />

declare const __APP_KIND__: 'citizen' | 'employee' | 'agent';
declare const __APP_VERSION__: string;

interface ImportMetaEnv {
  /** The statistics dashboard's outside address, if it is not the employee build's /dashboard (issue 25). */
  readonly VITE_DASHBOARD_URL?: string;
}

declare module '*.po' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}
