import type { TChatAnswer, TChatCustom } from '../../../contract/chat.ts';
import { ZChatAnswer } from '../../../contract/chat.ts';
import type { TLang } from '../../../contract/common.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../app-error.ts';
import type { CatalogStore } from '../catalog/catalog-store.ts';
import { ask, type AskCaller } from './assistant.ts';
import { ACTION_DOCS } from './intents.ts';
import { knowledgeDocs } from './knowledge.ts';
import { Retriever } from './retrieval.ts';

/*
 * The assistant behind `POST /api/askChat` (decision 068), an adapter like the payment gateways': the built-in one
 * by default (retrieval over the portal's own texts and actions on the citizen's data, no outside service), or a
 * Rasa server's REST channel when CHATBOT_URL names one. Whatever fails inside becomes CHATBOT_FAILED, the
 * spec's apology, never a 500.
 */

export type ChatQuestion = { sender: string; message: string; lang: TLang; page?: string | undefined; caller: AskCaller };

export type ChatAdapter = { name: 'builtIn' | 'rasa'; ask(q: ChatQuestion): Promise<TChatAnswer> };

const failed = (why: string) => new AppError('CHATBOT_FAILED', `The assistant could not answer: ${why}`);

/** How often the knowledge is rebuilt from the catalog, FAQ and news (they change rarely; a build takes ~20 ms). */
const KNOWLEDGE_TTL_MS = 60_000;
const NEWS_INDEXED = 30;

export function builtInAssistant(db: Db, catalog: CatalogStore, now: () => number = Date.now): ChatAdapter {
  let built: { at: number; retriever: Retriever } | undefined;
  let building: Promise<Retriever> | undefined;
  let staffServices: Awaited<ReturnType<CatalogStore['services']>> = [];

  const retriever = async (): Promise<Retriever> => {
    if (built && now() - built.at < KNOWLEDGE_TTL_MS) return built.retriever;
    building ??= (async () => {
      const [services, faq, news, all] = await Promise.all([
        catalog.services('public'),
        catalog.faq(),
        catalog.news(NEWS_INDEXED, 0),
        catalog.services('staff'),
      ]);
      staffServices = all;
      const r = new Retriever(knowledgeDocs({ services, faq, news: news.items }, ACTION_DOCS));
      built = { at: now(), retriever: r };
      return r;
    })().finally(() => {
      building = undefined;
    });
    return building;
  };

  return {
    name: 'builtIn',
    async ask(q) {
      const r = await retriever();
      const custom = await ask(
        { db, retriever: r, lookup: (slug) => staffServices.find((s) => s.serviceSlug === slug) },
        { message: q.message, lang: q.lang, page: q.page, caller: q.caller },
      );
      return [{ recipient_id: q.sender, text: custom.Answer, custom }];
    },
  };
}

/**
 * A Rasa server (its REST channel): the same `{ sender, message, metadata }`, its messages back. A message that
 * has only `text` is given `custom.Answer` from it; the caller's identity goes as metadata for Rasa's own actions.
 */
export function rasaAssistant(baseUrl: string, timeoutMs: number, fetchFn: typeof fetch = fetch): ChatAdapter {
  return {
    name: 'rasa',
    async ask(q) {
      let res: Response;
      try {
        res = await fetchFn(`${baseUrl}/webhooks/rest/webhook`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            sender: q.sender,
            message: q.message,
            metadata: { lang: q.lang, page: q.page, signedIn: q.caller.signedIn },
          }),
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (err) {
        throw failed((err as Error).name);
      }
      if (!res.ok) throw failed(`status ${res.status}`);
      const body: unknown = await res.json().catch(() => undefined);
      if (!Array.isArray(body) || body.length === 0) throw failed('no messages');
      const messages = body.map((m: unknown) => {
        const o = (typeof m === 'object' && m !== null ? m : {}) as { text?: unknown; custom?: { Answer?: unknown } };
        const text = typeof o.text === 'string' ? o.text : typeof o.custom?.Answer === 'string' ? o.custom.Answer : '';
        const custom: TChatCustom = {
          ...(o.custom as object),
          Answer: typeof o.custom?.Answer === 'string' ? o.custom.Answer : text,
        };
        return { recipient_id: q.sender, text, custom };
      });
      const parsed = ZChatAnswer.safeParse(messages);
      if (!parsed.success || !parsed.data[0]?.custom.Answer) throw failed('unexpected answer');
      return parsed.data;
    },
  };
}

export function assistantFor(config: { url: string | undefined; timeoutMs: number }, db: Db, catalog: CatalogStore): ChatAdapter {
  return config.url ? rasaAssistant(config.url, config.timeoutMs) : builtInAssistant(db, catalog);
}
