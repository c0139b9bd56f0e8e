import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TLang } from '../../contract/common.ts';
import { redactUrl } from '../http/logging.ts';

/** What the citizen build's server renderer (src/entry-server.tsx, built into `dist/.ssr/`) gives back. */
type RenderedPage = { status: number; lang: TLang; dir: 'rtl' | 'ltr'; html: string; state: string; title: string };
type Renderer = {
  renderPage: (url: string, lang: TLang, transport: { origin: string; fetch: typeof fetch }) => Promise<RenderedPage>;
  SSR_STATE_ID: string;
};

/**
 * The public pages a visitor can open without signing in (decision 031): drawn by the server, in the visitor's
 * language, with their data. Everything else gets the app shell (index.html) and is drawn in the browser.
 */
const PUBLIC_PAGE = /^\/(|services|services\/[^/]+|news|news\/[^/]+|faq|about|reach-us|contact|privacyPolicy)$/;

export const isPublicPage = (pathname: string): boolean => PUBLIC_PAGE.test(pathname);

/** The visitor's language: `?lang=` (the start-up rule's), else the `lang` cookie the app keeps, else Arabic. */
export function languageOf(req: FastifyRequest): TLang {
  const query = (req.query as Record<string, unknown> | undefined)?.lang;
  if (query === 'ar' || query === 'en') return query;
  const cookie = /(?:^|;\s*)lang=(ar|en)(?:;|$)/.exec(req.headers.cookie ?? '');
  return (cookie?.[1] as TLang | undefined) ?? 'ar';
}

const escapeAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');

/** A drawn page: its HTML as it is and compressed (brotli, gzip). */
export type DrawnPage = { status: number; html: string; br: Buffer; gzip: Buffer; lang: TLang };

/**
 * The drawn page carries its stylesheet (7.5 KB compressed): on a slow line its own round trip was most of the
 * time to the first paint. The policy allows inline styles. The app shell keeps the file, which the service worker
 * precaches. A stylesheet that could not stand inline (a `url()` relative to its file, a closing tag) stays a link.
 */
function inlineStylesheet(template: string, distDir: string): string {
  return template.replace(/<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/, (link, file: string) => {
    const css = fs.readFileSync(path.join(distDir, file), 'utf8');
    return css.length > 100_000 || /<\/style|url\(\s*['"]?(?!\/|data:)/i.test(css) ? link : `<style>${css}</style>`;
  });
}

/**
 * A drawn page's code is fetched at low priority: the page is already on the HTML, so the pictures it shows come
 * first on a slow network and the code after them (the shell, which needs its code to show anything, keeps it high).
 */
function codeAfterPaint(template: string): string {
  return template.replace(/<(script type="module"|link rel="modulepreload")/g, (tag) => `${tag} fetchpriority="low"`);
}

export type PageRenderer = {
  /** The page's HTML (status 200, or 404 for an unknown service or news item); undefined: send the shell. */
  page: (req: FastifyRequest) => Promise<DrawnPage | undefined>;
};

const brotli = promisify(zlib.brotliCompress);
const gzipped = promisify(zlib.gzip);

/** The page in the best encoding the client accepts (the compression plugin does not see the fallback route). */
export function encodedBody(page: DrawnPage, acceptEncoding: string | undefined): { body: string | Buffer; encoding?: string } {
  const accepted = new Set(
    (acceptEncoding ?? '')
      .split(',')
      .map((part) =>
        part
          .trim()
          .toLowerCase()
          .split(/\s*;\s*q=/),
      )
      .filter(([, q]) => q === undefined || Number(q) > 0)
      .map(([name]) => name),
  );
  if (accepted.has('br')) return { body: page.br, encoding: 'br' };
  if (accepted.has('gzip')) return { body: page.gzip, encoding: 'gzip' };
  return { body: page.html };
}

/**
 * Loads the citizen build's renderer, when built. Pages are kept per language and address for `cacheMs` (the
 * catalog's cache time: a catalog change reaches the HTML within it), at most `maxPages`. Renders run one at a
 * time (they share the app's module state: its language and catalog); the data is read from this app in process
 * (`app.inject`), as a visitor. A render that fails sends the shell: the browser draws the page as before.
 */
export async function createPageRenderer(
  app: FastifyInstance,
  distDir: string,
  options: { cacheMs: number; maxPages?: number; maxWaiting?: number },
): Promise<PageRenderer | undefined> {
  const entry = path.join(distDir, '.ssr', 'entry-server.js');
  const templatePath = path.join(distDir, 'index.html');
  if (!fs.existsSync(entry) || !fs.existsSync(templatePath)) return undefined;
  const renderer = (await import(pathToFileURL(entry).href)) as Renderer;
  const template = codeAfterPaint(inlineStylesheet(fs.readFileSync(templatePath, 'utf8'), distDir));
  const maxPages = options.maxPages ?? 500;

  const transport = {
    origin: 'http://portal.internal',
    fetch: (async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(input, init);
      const url = new URL(request.url);
      const body = request.method === 'GET' || request.method === 'HEAD' ? undefined : Buffer.from(await request.arrayBuffer());
      const res = await app.inject({
        method: request.method as 'GET',
        url: url.pathname + url.search,
        headers: Object.fromEntries(request.headers),
        ...(body ? { payload: body } : {}),
      });
      const headers = new Headers();
      for (const [k, v] of Object.entries(res.headers)) if (v !== undefined) headers.set(k, String(v));
      return new Response(res.statusCode === 204 || res.statusCode === 304 ? null : new Uint8Array(res.rawPayload), {
        status: res.statusCode,
        headers,
      });
    }) as typeof fetch,
  };

  // Replaced by functions: a page's text may hold `$&` or `$1`, which a replacement string would expand.
  const fill = (page: RenderedPage) =>
    template
      .replace(/<html lang="[^"]*" dir="[^"]*">/, () => `<html lang="${page.lang}" dir="${page.dir}">`)
      .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeAttr(page.title)}</title>`)
      .replace(
        // The template's root holds the frame drawn before the app runs (index.html, decision 053): the page replaces it.
        /<div id="root">\s*(<!--shell-->[\s\S]*<!--\/shell-->)?\s*<\/div>/,
        () =>
          `<div id="root">${page.html}</div><script type="application/json" id="${renderer.SSR_STATE_ID}">${page.state}</script>`,
      );

  const cache = new Map<string, { at: number; page: Promise<DrawnPage> }>();
  let queue: Promise<unknown> = Promise.resolve();
  // Renders waiting their turn. Past the bound (many addresses at once, e.g. made-up query strings), a page is sent
  // as the shell rather than queued: the browser draws it, as it did before.
  let waiting = 0;
  const maxWaiting = options.maxWaiting ?? 16;
  const render = (url: string, lang: TLang) => {
    waiting++;
    const next = queue.then(async () => {
      const page = await renderer.renderPage(url, lang, transport);
      // A page whose data could not be read is drawn by the browser, which shows its own error and retries.
      if (page.status >= 500) throw new Error(`a read of ${url} failed`);
      const html = fill(page);
      // Compressed once per render, as the catalog's answers are (decision 008), not once per visitor.
      const [br, gzip] = await Promise.all([
        brotli(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9 } }),
        gzipped(html, { level: 9 }),
      ]);
      return { status: page.status, html, br, gzip, lang };
    });
    void next.finally(() => waiting--).catch(() => undefined);
    queue = next.catch(() => undefined);
    return next;
  };

  return {
    page: async (req) => {
      const url = new URL(req.url, 'http://portal.internal');
      if (!isPublicPage(url.pathname)) return undefined;
      const lang = languageOf(req);
      url.searchParams.delete('lang');
      const address = url.pathname + url.search;
      const key = `${lang} ${address}`;
      const now = Date.now();
      let hit = cache.get(key);
      if (!hit || now - hit.at > options.cacheMs) {
        if (waiting >= maxWaiting) return undefined;
        const entry = { at: now, page: render(address, lang) };
        cache.delete(key);
        if (cache.size >= maxPages) cache.delete(cache.keys().next().value!);
        cache.set(key, entry);
        // A failed render is not kept: the next visitor's request tries again.
        entry.page.catch(() => cache.get(key) === entry && cache.delete(key));
        hit = entry;
      }
      try {
        return await hit.page;
      } catch (err) {
        req.log.warn({ err, url: redactUrl(address) }, 'page render failed: sending the app shell');
        return undefined;
      }
    },
  };
}
