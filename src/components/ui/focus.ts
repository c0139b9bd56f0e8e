/** Spec section 2 "Add request": the first failing field is scrolled to the centre after about 100 ms. */
export const FOCUS_DELAY_MS = 100;

const FOCUSABLE = 'input:not([type=hidden]), select, textarea, button';
const FOCUS_TARGET = 'input, select, textarea, button, [tabindex]';

/** Scrolls a field to the centre and focuses it (the focus does not scroll again); a group gives its first input. */
export function focusField(el: HTMLElement | null): void {
  if (!el) return;
  let target: HTMLElement = el;
  if (!target.matches(FOCUS_TARGET)) {
    const inner = el.querySelector<HTMLElement>(FOCUSABLE);
    if (inner) target = inner;
    else el.tabIndex = -1;
  }
  const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
  target.scrollIntoView?.({ block: 'center', behavior: reduce ? 'auto' : 'smooth' });
  target.focus({ preventScroll: true });
}

/** The same, by element id, after `delay` ms (the page has drawn the error by then). */
export function focusFieldLater(id: string, delay = FOCUS_DELAY_MS): void {
  window.setTimeout(() => focusField(document.getElementById(id)), delay);
}
