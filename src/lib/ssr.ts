import type { DehydratedState } from '@tanstack/react-query';
import type { TLang } from '../../contract/common.ts';

/** The id of the script element (type application/json) that carries a server-drawn page's data (decision 031). */
export const SSR_STATE_ID = 'kahraba-ssr';

/** What the server drew a public page with: the language, and the query cache's answers. */
export type SsrState = { lang: TLang; queries: DehydratedState };
