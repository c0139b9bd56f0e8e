import { describe, expect, it } from 'vitest';
import { isTyping, shortcutOf } from './shortcuts.ts';

const press = (code: string, key: string, more: Partial<KeyboardEvent> = {}, target: EventTarget | null = document.body) => ({
  code,
  key,
  shiftKey: false,
  ctrlKey: false,
  altKey: false,
  metaKey: false,
  isComposing: false,
  defaultPrevented: false,
  target,
  ...more,
});

describe('keyboard shortcuts', () => {
  it('reads letters by their key, whatever the layout: J on an Arabic keyboard is «ت»', () => {
    expect(shortcutOf(press('KeyJ', 'j'))).toBe('next');
    expect(shortcutOf(press('KeyJ', 'ت'))).toBe('next');
    expect(shortcutOf(press('KeyK', 'ن'))).toBe('previous');
    expect(shortcutOf(press('KeyA', 'ش'))).toBe('assign');
    expect(shortcutOf(press('KeyZ', 'z'))).toBeUndefined();
  });

  it('tells the list (?) from the search (/), in Arabic too (؟)', () => {
    expect(shortcutOf(press('Slash', '?', { shiftKey: true }))).toBe('help');
    expect(shortcutOf(press('Slash', '؟', { shiftKey: true }))).toBe('help');
    expect(shortcutOf(press('Slash', '/'))).toBe('search');
    expect(shortcutOf(press('Digit7', '/', { shiftKey: true }))).toBe('search');
  });

  it('never fires while typing in a field, nor with a modifier the browser or a screen reader uses', () => {
    const input = document.createElement('input');
    const textarea = document.createElement('textarea');
    const checkbox = document.createElement('input');
    checkbox.type = 'checkbox';
    expect(isTyping(input)).toBe(true);
    expect(isTyping(textarea)).toBe(true);
    expect(isTyping(checkbox)).toBe(false);
    expect(shortcutOf(press('KeyJ', 'j', {}, input))).toBeUndefined();
    expect(shortcutOf(press('KeyC', 'c', {}, textarea))).toBeUndefined();
    expect(shortcutOf(press('KeyJ', 'j', {}, checkbox))).toBe('next');
    expect(shortcutOf(press('KeyJ', 'j', { ctrlKey: true }))).toBeUndefined();
    expect(shortcutOf(press('KeyJ', 'j', { altKey: true }))).toBeUndefined();
    expect(shortcutOf(press('KeyJ', 'J', { shiftKey: true }))).toBeUndefined();
    expect(shortcutOf(press('KeyJ', 'j', { isComposing: true }))).toBeUndefined();
  });
});
