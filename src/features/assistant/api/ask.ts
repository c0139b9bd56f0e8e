import type { TChatCustom } from '../../../../contract/chat.ts';
import type { TFaqEntry } from '../../../../contract/catalog.ts';
import type { TLang } from '../../../../contract/common.ts';
import { routes } from '../../../../contract/refs/routes.ts';
import { apiCall } from '../../../lib/api-client.ts';
import { createSearchIndex } from '../../../lib/text/search.ts';

/** Asks Noor (`POST /api/askChat`); the answer is the first message's `custom`. */
export async function askNoor(input: { message: string; sender: string; lang: TLang; page: string }): Promise<TChatCustom> {
  const answer = await apiCall(routes.askChat, {
    body: { message: input.message, sender: input.sender, metadata: { lang: input.lang, page: input.page.slice(0, 200) } },
  });
  const first = answer[0];
  return first ? first.custom : { Answer: '' };
}

/**
 * Offline (decision 068): the FAQ the device holds, searched the way the FAQ page searches it (decision 048). The
 * best entry, or undefined when none matches.
 */
export function offlineFaqAnswer(faq: readonly TFaqEntry[], lang: TLang, message: string): TFaqEntry | undefined {
  const index = createSearchIndex(
    faq,
    (f) => `${f.translations[lang].question} ${f.translations[lang].question} ${f.translations[lang].answer}`,
  );
  return index.search(message)[0];
}
