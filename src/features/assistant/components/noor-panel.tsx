import { Trans, useLingui } from '@lingui/react/macro';
import { useRouter, useRouterState } from '@tanstack/react-router';
import { useEffect, useId, useRef, useState, type FormEvent, type MouseEvent } from 'react';
import type { TChatCustom, TChatLink } from '../../../../contract/chat.ts';
import type { TFaqEntry } from '../../../../contract/catalog.ts';
import type { TLang } from '../../../../contract/common.ts';
import { routes } from '../../../../contract/refs/routes.ts';
import { ApiError, apiCall } from '../../../lib/api-client.ts';
import { errorMessages } from '../../../lib/error-display.ts';
import { addErrorMessages } from '../../../lib/error-messages.ts';
import { msg } from '@lingui/core/macro';
import { askNoor, offlineFaqAnswer } from '../api/ask.ts';

// The assistant's own codes: only this panel meets them, so their messages are in its catalog (decision 068).
addErrorMessages({
  CHATBOT_FAILED: msg`Sorry, the assistant cannot answer right now.`,
  CHAT_MESSAGE_EMPTY: msg`Type your question first.`,
});

/*
 * Noor's conversation (issue 27, decision 068): a panel at the end of the page, labelled, its messages a log that
 * screen readers announce (`aria-live`); Escape closes it and gives the focus back to the button. The
 * conversation is kept on the device for the session (sessionStorage). Offline it answers from the FAQ the
 * service worker keeps and says that account questions need a connection.
 */

type Turn = { id: number; from: 'user' | 'noor'; text: string; custom?: TChatCustom; offline?: boolean; error?: boolean };
type Stored = { sender: string; turns: Turn[] };

const STORE_KEY = 'kahraba.noor.v1';
const MAX_TURNS = 60;

function load(): Stored {
  try {
    const raw = sessionStorage.getItem(STORE_KEY);
    if (raw) {
      const s = JSON.parse(raw) as Stored;
      if (typeof s.sender === 'string' && Array.isArray(s.turns)) return s;
    }
  } catch {
    // A private window without storage: a conversation of this page only.
  }
  return { sender: crypto.randomUUID(), turns: [] };
}

function save(s: Stored): void {
  try {
    sessionStorage.setItem(STORE_KEY, JSON.stringify({ sender: s.sender, turns: s.turns.slice(-MAX_TURNS) }));
  } catch {
    // Storage full or refused: the conversation still goes on.
  }
}

/**
 * The links under an answer: its sources ("Source: …") and what to do next, each address once. An action's own link
 * ("Pay now", "Open the request") is what the citizen came for: it stays, and a source to the same address goes;
 * a knowledge answer's named source stays, and a plain "Source" link to the same address goes.
 */
function shownLinks(custom: TChatCustom): { label: string; href: string; source?: true }[] {
  const sources = (custom.sources ?? []).map((s) => ({ label: s.label, href: s.href, source: true as const }));
  const links = custom.links ?? [];
  if (custom.kind === 'action') return [...links, ...sources.filter((s) => !links.some((l) => l.href === s.href))];
  return [...sources, ...links.filter((l) => !sources.some((s) => s.href === l.href))];
}

const isExternal = (href: string) => /^(tel:|mailto:|https?:)/.test(href) || href.startsWith('/docs/');

export function NoorPanel({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t, i18n } = useLingui();
  const lang = i18n.locale as TLang;
  const router = useRouter();
  const page = useRouterState({ select: (s) => s.location.pathname });
  const id = useId();
  const [state, setState] = useState<Stored>(load);
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [online, setOnline] = useState(() => navigator.onLine);
  const faq = useRef<TFaqEntry[] | undefined>(undefined);
  const input = useRef<HTMLInputElement>(null);
  const log = useRef<HTMLDivElement>(null);

  useEffect(() => save(state), [state]);
  useEffect(() => {
    if (open) input.current?.focus();
  }, [open]);
  useEffect(() => {
    const on = () => setOnline(true);
    const off = () => setOnline(false);
    window.addEventListener('online', on);
    window.addEventListener('offline', off);
    return () => {
      window.removeEventListener('online', on);
      window.removeEventListener('offline', off);
    };
  }, []);
  // The FAQ, read once while online so that the service worker keeps it for offline answers.
  useEffect(() => {
    void apiCall(routes.faq, {}).then(
      (f) => (faq.current = f),
      () => undefined,
    );
  }, []);
  useEffect(() => {
    log.current?.lastElementChild?.scrollIntoView?.({ block: 'nearest' });
  }, [state.turns.length]);

  const add = (turn: Omit<Turn, 'id'>) =>
    setState((s) => ({ ...s, turns: [...s.turns, { ...turn, id: (s.turns.at(-1)?.id ?? 0) + 1 }].slice(-MAX_TURNS) }));

  async function answerOffline(message: string): Promise<void> {
    const entries = faq.current ?? (await apiCall(routes.faq, {}).catch(() => undefined));
    const hit = entries ? offlineFaqAnswer(entries, lang, message) : undefined;
    if (hit) {
      const tr = hit.translations[lang];
      add({
        from: 'noor',
        text: tr.answer,
        offline: true,
        custom: {
          Answer: tr.answer,
          kind: 'faq',
          sources: [{ id: `faq:${hit.id}`, label: tr.question, href: `/faq#${hit.id}` }],
        },
      });
    } else
      add({
        from: 'noor',
        offline: true,
        text: t`You are offline. I can answer questions from the FAQ; questions about your account need a connection.`,
      });
  }

  async function send(message: string): Promise<void> {
    const m = message.trim();
    if (!m || busy) return;
    setText('');
    add({ from: 'user', text: m });
    setBusy(true);
    try {
      if (!navigator.onLine) return await answerOffline(m);
      const custom = await askNoor({ message: m, sender: state.sender, lang, page });
      add({ from: 'noor', text: custom.Answer, custom });
    } catch (err) {
      if (err instanceof ApiError && (err.code === 'NETWORK_ERROR' || err.code === 'NETWORK-ERROR' || err.status === 0))
        return await answerOffline(m);
      const apology =
        err instanceof ApiError ? errorMessages(i18n, err).join(' ') : t`Sorry, the assistant cannot answer right now.`;
      add({ from: 'noor', text: apology, error: true });
    } finally {
      setBusy(false);
      input.current?.focus();
    }
  }

  const follow = (e: MouseEvent<HTMLAnchorElement>, link: TChatLink) => {
    if (isExternal(link.href) || e.ctrlKey || e.metaKey || e.shiftKey) return;
    e.preventDefault();
    router.history.push(link.href);
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    void send(text);
  };

  const last = state.turns.at(-1);
  const suggestions =
    last?.from === 'noor' && last.custom?.suggestions?.length
      ? last.custom.suggestions
      : [t`Which papers does a new meter need?`, t`How much do I owe?`, t`Hotline`];

  if (!open) return null;
  return (
    <section
      role="dialog"
      aria-modal="false"
      aria-labelledby={`${id}-title`}
      data-testid="noor-panel"
      className="fixed inset-x-2 bottom-2 z-40 flex max-h-[80dvh] flex-col rounded-2xl border border-line bg-surface text-ink shadow-2xl sm:inset-x-auto sm:end-4 sm:bottom-4 sm:w-96"
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.stopPropagation();
          onClose();
        }
      }}
    >
      <header className="flex items-center justify-between gap-2 border-b border-line p-3">
        <h2 id={`${id}-title`} className="text-lg font-semibold">
          <Trans>Noor, your assistant</Trans>
        </h2>
        <button type="button" className="btn-outline" onClick={onClose}>
          <Trans>Close</Trans>
        </button>
      </header>
      {!online && (
        <p className="bg-warning-bg p-2 text-sm text-warning-ink">
          <Trans>Offline: I answer from the FAQ on this device.</Trans>
        </p>
      )}
      <div
        ref={log}
        role="log"
        aria-live="polite"
        aria-relevant="additions"
        aria-label={t`Conversation with Noor`}
        className="flex-1 space-y-3 overflow-y-auto p-3"
        tabIndex={0}
      >
        {state.turns.length === 0 && (
          <p className="text-sm">
            <Trans>Hello, I’m Noor. Ask me about services, bills or your requests.</Trans>
          </p>
        )}
        {state.turns.map((turn) => (
          <div
            key={turn.id}
            data-testid={turn.from === 'noor' ? 'noor-answer' : 'noor-question'}
            className={
              turn.from === 'user'
                ? 'ms-8 rounded-xl bg-info-bg p-2 text-info-ink'
                : turn.error
                  ? 'me-8 rounded-xl bg-error-bg p-2 text-error-ink'
                  : 'me-8 rounded-xl border border-line bg-card p-2'
            }
          >
            <p className="sr-only">{turn.from === 'user' ? t`You said:` : t`Noor said:`}</p>
            <p className="whitespace-pre-line">{turn.text}</p>
            {turn.custom?.items && turn.custom.items.length > 0 && (
              <ul className="mt-1 list-disc ps-5 text-sm">
                {turn.custom.items.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            )}
            {(turn.custom?.sources?.length || turn.custom?.links?.length) && (
              <ul className="mt-2 flex flex-wrap gap-2 text-sm">
                {shownLinks(turn.custom).map((l) => {
                  const label = l.label;
                  return (
                    <li key={`${l.href}-${l.label}`}>
                      <a
                        href={l.href}
                        className="underline"
                        onClick={(e) => follow(e, l)}
                        {...(l.href.startsWith('/docs/') ? { target: '_blank', rel: 'noopener' } : {})}
                      >
                        {'source' in l ? t`Source: ${label}` : label}
                      </a>
                    </li>
                  );
                })}
              </ul>
            )}
            {turn.offline && (
              <p className="mt-1 text-xs">
                <Trans>Answered offline from the FAQ on this device.</Trans>
              </p>
            )}
          </div>
        ))}
        {busy && (
          <p className="text-sm" role="status">
            <Trans>Noor is typing…</Trans>
          </p>
        )}
      </div>
      <div className="border-t border-line p-3">
        <ul className="mb-2 flex flex-wrap gap-2" aria-label={t`Suggested questions`}>
          {suggestions.map((s) => (
            <li key={s}>
              <button type="button" className="btn-outline text-sm" disabled={busy} onClick={() => void send(s)}>
                {s}
              </button>
            </li>
          ))}
        </ul>
        <form onSubmit={submit} className="flex gap-2">
          <label htmlFor={`${id}-q`} className="sr-only">
            <Trans>Your question</Trans>
          </label>
          <input
            ref={input}
            id={`${id}-q`}
            type="text"
            dir="auto"
            maxLength={500}
            autoComplete="off"
            value={text}
            onChange={(e) => setText(e.target.value)}
            placeholder={t`Type your question`}
            className="input min-w-0 flex-1"
          />
          <button type="submit" className="btn-primary" disabled={busy || text.trim() === ''}>
            <Trans>Send</Trans>
          </button>
        </form>
      </div>
    </section>
  );
}
