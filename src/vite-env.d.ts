/// <reference types="vite/client" />
/// <reference types="vite-plugin-pwa/client" />

declare const __APP_KIND__: 'citizen' | 'employee' | 'agent';
declare const __APP_VERSION__: string;

declare module '*.po' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}
