import type { FastifyInstance } from 'fastify';
import { routes } from '../../contract/routes.ts';
import type { Db } from '../db/client.ts';
import { AppError } from '../domain/app-error.ts';
import { assistantFor, type ChatAdapter } from '../domain/assistant/adapter.ts';
import type { CatalogStore } from '../domain/catalog/catalog-store.ts';
import { registerRoute } from '../http/register.ts';
import { langOf } from '../http/sign-in.ts';

/*
 * Noor (decision 068): `POST /api/askChat`, Rasa's REST channel shape. Who asks is the session's (a citizen's own
 * data, an agent's citizen), never the `sender` the body names. An empty message is CHAT_MESSAGE_EMPTY; anything
 * that fails behind the adapter is CHATBOT_FAILED (the apology), never a 500.
 */
export function assistantRoutes(
  app: FastifyInstance,
  db: Db,
  catalog: CatalogStore,
  config: { url: string | undefined; timeoutMs: number },
  adapter: ChatAdapter = assistantFor(config, db, catalog),
): void {
  registerRoute(app, routes.askChat, async ({ body }, req) => {
    const message = body.message.trim();
    if (message === '') throw new AppError('CHAT_MESSAGE_EMPTY', 'The message is empty');
    const v = req.viewer;
    const caller =
      v.kind === 'visitor'
        ? { signedIn: false, ownerId: null }
        : { signedIn: true, ownerId: v.kind === 'citizen' ? v.userId : v.kind === 'agent' ? v.actingFor : null };
    try {
      return await adapter.ask({
        sender: body.sender,
        message,
        lang: body.metadata?.lang ?? langOf(req),
        page: body.metadata?.page,
        caller,
      });
    } catch (err) {
      if (err instanceof AppError && err.code === 'CHATBOT_FAILED') throw err;
      req.log.error({ err }, 'assistant failed');
      throw new AppError('CHATBOT_FAILED', 'The assistant could not answer');
    }
  });
}
