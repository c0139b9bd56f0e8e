import type { ReactNode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { msg } from '@lingui/core/macro';
import { dehydrate } from '@tanstack/react-query';
import { createMemoryHistory } from '@tanstack/react-router';
import type { TLang } from '../contract/common.ts';
import { setLanguage, dirOf } from './lib/locale.ts';
import { activateLanguage, i18n } from './lib/i18n.ts';
import { createQueryClient } from './lib/query-client.ts';
import { setServerTransport } from './lib/api-client.ts';
import { createAppRouter } from './router.tsx';
import { VISITOR } from './lib/viewer.ts';
import { SSR_STATE_ID, type SsrState } from './lib/ssr.ts';
import { AppRoot } from './app-root.tsx';

/*
 * The public pages as HTML (decision 031): the server renders the page a visitor asked for, in their language,
 * with the data it shows, through the same routes, loaders and screens as the browser; the browser then
 * hydrates it (src/main.tsx). Built by `vite build --ssr` into dist/.ssr/ and called by server/plugins/pages.ts,
 * which caches the answer. A render reads module state (the language, Lingui's catalog): the caller runs one at
 * a time.
 *
 * The page is drawn for a visitor whose device keeps nothing: an empty storage that forgets what is written (no
 * state passes from one render to the next). The browser draws the same first frame (src/main.tsx hydrates only
 * for a visitor in the same language).
 */
if (typeof globalThis.localStorage === 'undefined') {
  const empty: Storage = {
    length: 0,
    clear: () => undefined,
    getItem: () => null,
    key: () => null,
    removeItem: () => undefined,
    setItem: () => undefined,
  };
  Object.defineProperty(globalThis, 'localStorage', { value: empty, configurable: true });
}

export type RenderedPage = {
  /** 200; 404 for an address no page answers (an unknown service or news item); 500 when a read failed. */
  status: number;
  lang: TLang;
  dir: 'rtl' | 'ltr';
  /** The markup of `#root`. */
  html: string;
  /** The query cache's state, for the browser's first render (a JSON text, safe inside a script element). */
  state: string;
  title: string;
};

export async function renderPage(
  url: string,
  lang: TLang,
  transport: { origin: string; fetch: typeof fetch },
): Promise<RenderedPage> {
  setServerTransport(transport);
  setLanguage(lang);
  await activateLanguage(lang);
  const queryClient = createQueryClient();
  const router = createAppRouter(queryClient, VISITOR, { server: { history: createMemoryHistory({ initialEntries: [url] }) } });
  await router.load();
  // Loaders start their reads without waiting (the page draws skeletons meanwhile): the HTML waits for them.
  for (let i = 0; i < 200 && queryClient.isFetching() > 0; i++) await new Promise((r) => setTimeout(r, 5));

  const app = <AppRoot queryClient={queryClient} router={router} hydrating />;
  // A lazy part (the footer, a page's screen) met for the first time suspends: React waits for it but writes its
  // place as streamed, completed by an inline script the page's policy refuses. Once loaded it renders at once:
  // the render is made again until no such script is left.
  let html = await prerender(app);
  // eslint-disable-next-line lingui/no-unlocalized-strings -- markup, not interface text
  for (let i = 0; i < 3 && html.includes('<script'); i++) html = await prerender(app);
  const matches = router.state.matches;
  const state: SsrState = {
    lang,
    queries: dehydrate(queryClient, { shouldDehydrateQuery: (q) => q.state.status === 'success' }),
  };
  return {
    status: matches.some((m) => m.status === 'error')
      ? 500
      : matches.some((m) => m.status === 'notFound' || m._notFound)
        ? 404
        : 200,
    lang,
    dir: dirOf(lang),
    html,
    // eslint-disable-next-line lingui/no-unlocalized-strings -- an escape, not interface text
    state: JSON.stringify(state).replace(/</g, '\\u003c'),
    title: i18n._(msg`Kahraba`),
  };
}

export { SSR_STATE_ID };

async function prerender(app: ReactNode): Promise<string> {
  // One piece: React would write a large part (a long FAQ) apart, revealed by an inline script.
  const { prelude } = await prerenderToNodeStream(app, { progressiveChunkSize: Number.POSITIVE_INFINITY });
  const decoder = new TextDecoder();
  let html = '';
  for await (const chunk of prelude)
    html += typeof chunk === 'string' ? chunk : decoder.decode(chunk as Uint8Array, { stream: true });
  return html + decoder.decode();
}
