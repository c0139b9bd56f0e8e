import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';

/*
 * The staff builds' keyboard shortcuts (issue 24, decision 064): single keys, as the mail and code-review tools
 * staff know use them. They never fire while the focus is in a field (a key typed there is text), nor with Ctrl,
 * Alt or Meta held (the browser's and the screen readers' own keys: NVDA and JAWS use Insert or Caps Lock, and in
 * browse mode take single letters before the page sees them). WCAG 2.2's "character key shortcuts" (2.1.4): they
 * can be turned off, on this device, from their list (`?`).
 */

export type ShortcutAction = 'next' | 'previous' | 'open' | 'assign' | 'comment' | 'search' | 'inbox' | 'help';

export const SHORTCUTS: readonly { key: string; label: string; action: ShortcutAction; description: MessageDescriptor }[] = [
  { key: 'j', label: 'J', action: 'next', description: msg`Next request in the list` },
  { key: 'k', label: 'K', action: 'previous', description: msg`Previous request in the list` },
  { key: 'o', label: 'O', action: 'open', description: msg`Open the chosen request` },
  { key: 'a', label: 'A', action: 'assign', description: msg`Assign the open request to me` },
  { key: 'c', label: 'C', action: 'comment', description: msg`Write a comment on the open request` },
  { key: '/', label: '/', action: 'search', description: msg`Go to the search field` },
  { key: 'i', label: 'I', action: 'inbox', description: msg`Go to the inbox` },
  { key: '?', label: '?', action: 'help', description: msg`Show these shortcuts` },
];

/** Where the focus takes typed text: a key pressed there is never a shortcut. */
export function isTyping(target: EventTarget | null): boolean {
  if (!target || typeof (target as Element).closest !== 'function') return false;
  const el = target as HTMLElement;
  if (el.isContentEditable) return true;
  const tag = el.tagName;
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true;
  if (tag !== 'INPUT') return false;
  const type = (el as HTMLInputElement).type;
  return !['checkbox', 'radio', 'button', 'submit', 'reset', 'file', 'range', 'color'].includes(type);
}

type KeyLike = Pick<
  KeyboardEvent,
  'key' | 'code' | 'shiftKey' | 'ctrlKey' | 'altKey' | 'metaKey' | 'isComposing' | 'defaultPrevented' | 'target'
>;

/**
 * The action a key press asks for, or none (a field has the focus, a modifier other than Shift is held, an input
 * method composes). Letters are read by their place on the keyboard (`code`), so an Arabic layout's «ت» is J; `?`
 * and `/` by the character too («؟» on an Arabic layout), for layouts that put them elsewhere.
 */
export function shortcutOf(e: KeyLike): ShortcutAction | undefined {
  if (e.ctrlKey || e.altKey || e.metaKey || e.isComposing || e.defaultPrevented || isTyping(e.target)) return undefined;
  if (e.key === '?' || e.key === '؟' || (e.code === 'Slash' && e.shiftKey)) return 'help';
  if (e.key === '/' || e.code === 'Slash') return 'search';
  if (e.shiftKey) return undefined;
  const letter = /^Key([A-Z])$/.exec(e.code)?.[1]?.toLowerCase();
  return SHORTCUTS.find((s) => s.key === letter)?.action;
}

const OFF_KEY = 'kahraba:shortcuts-off';

export const shortcutsOn = (): boolean => typeof localStorage === 'undefined' || localStorage.getItem(OFF_KEY) === null;

export function setShortcutsOn(on: boolean): void {
  if (on) localStorage.removeItem(OFF_KEY);
  else localStorage.setItem(OFF_KEY, '1');
}
