import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { driver, type Driver, type DriveStep } from 'driver.js';
import 'driver.js/dist/driver.css';
import './tour.css';
import { i18n, loadTourMessages } from '../../lib/i18n.ts';
import { markTourSeen, onTourStop, type PageTour, type TourPage } from './page-tour.ts';

/*
 * Draws a page's tour with driver.js (decision 073): a chunk of its own with its styles and its catalog, loaded when
 * a tour starts. The steps are the service's own `tour` data where the page shows some of its elements, else the
 * app's steps for the page; a step whose element is not on screen (a visitor has no "Save as draft", a phone folds
 * the menu) is left out.
 */

type AppStep = { selector: string; text: MessageDescriptor };

/* eslint-disable lingui/no-unlocalized-strings -- CSS selectors, HTML entities and key names, not text */
/** The app's own steps per page, where a service names none that the page shows. */
const APP_STEPS: Record<TourPage, AppStep[]> = {
  home: [
    {
      selector: '[data-tour="service-finder"]',
      text: msg`Find a service: type part of its name, or pick one of the most searched.`,
    },
    {
      selector: '#most-used-title',
      text: msg`The services citizens use most. “All services” lists every one of them.`,
    },
    {
      selector: '[data-tour="noor"]',
      text: msg`Ask Noor, the assistant, about services, your bills and your requests, on any page.`,
    },
    {
      selector: '#contact-title',
      text: msg`Still need help? Call the hotline 121 or write to us.`,
    },
  ],
  service: [
    { selector: '[data-tour="service-steps"]', text: msg`The steps to get this service, in order.` },
    { selector: '#papers-title', text: msg`The papers to prepare before you apply.` },
    { selector: '[data-tour="service-cost"]', text: msg`What the service costs, how to pay, and when it is open.` },
    { selector: '[data-tour="new-request"]', text: msg`Press here to file a new request.` },
  ],
  request: [
    {
      selector: '[data-tour="request-number"]',
      text: msg`Your request's number: give it when you call 121 or ask Noor about it.`,
    },
    { selector: '[data-tour="request-status"]', text: msg`Where your request stands, and what comes next.` },
    { selector: '#timeline-title', text: msg`Every change of your request, with its date.` },
  ],
  add: [
    { selector: '[data-tour="add-header"]', text: msg`Fill in the request for this service, one step at a time.` },
    {
      selector: '[data-tour="add-draft"]',
      text: msg`Save as draft and continue later from “My requests”, even offline.`,
    },
    { selector: 'main form button[type="submit"]', text: msg`Go on: you will check your answers before sending them.` },
  ],
};

/* eslint-enable lingui/no-unlocalized-strings */

const TITLES: Record<TourPage, MessageDescriptor> = {
  home: msg`Welcome to the portal`,
  service: msg`This service's page`,
  request: msg`Your request`,
  add: msg`A new request`,
};

// eslint-disable-next-line lingui/no-unlocalized-strings -- HTML entities
const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ENTITIES[c]!);

/** The element a step explains, when it is on screen (not folded away, not hidden). */
function shown(selector: string): Element | undefined {
  let el: Element | null = null;
  try {
    el = document.querySelector(selector);
  } catch {
    return undefined; // A service's selector that is not valid CSS.
  }
  return el && el.getClientRects().length > 0 ? el : undefined;
}

// driver.js marks the element it explains as a popup's owner (aria-haspopup, aria-expanded, aria-controls): not
// allowed on a heading or a list (axe), and wrong for a button that has its own. The element's own values return.
const ARIA = ['aria-haspopup', 'aria-expanded', 'aria-controls'] as const;

let active: Driver | undefined;
// A tour being prepared (its messages loading): a second start meanwhile (the page's data arriving) is the same one.
let starting = false;

export async function runTour(tour: PageTour): Promise<void> {
  if (active || starting) return;
  starting = true;
  try {
    await loadTourMessages();
  } finally {
    starting = false;
  }
  const texts: { selector: string; text: string }[] = tour.steps.filter((s) => shown(s.selector));
  const steps = texts.length > 0 ? texts : APP_STEPS[tour.page].map((s) => ({ selector: s.selector, text: i18n._(s.text) }));
  const onScreen = steps.filter((s) => shown(s.selector));
  if (onScreen.length === 0) return;
  markTourSeen(tour.page);

  const rtl = document.documentElement.dir === 'rtl';
  // The tour scrolls to each element it explains; when it ends the page is back where the citizen left it.
  const scrolledTo = window.scrollY;
  const title = escapeHtml(i18n._(TITLES[tour.page]));
  const saved = new Map<Element, (string | null)[]>();
  const restore = () => {
    for (const [el, values] of saved)
      ARIA.forEach((name, i) => {
        const v = values[i];
        if (v === null || v === undefined) el.removeAttribute(name);
        else el.setAttribute(name, v);
      });
  };
  const keys = (e: KeyboardEvent) => {
    if (!active) return;
    // Left and right follow the reading direction: in Arabic the next step is to the left.
    const forward = e.key === 'ArrowLeft' ? rtl : e.key === 'ArrowRight' ? !rtl : undefined;
    if (e.key === 'Escape') active.destroy();
    else if (forward === true) active.moveNext();
    else if (forward === false) active.movePrevious();
  };

  const driveSteps: DriveStep[] = onScreen.map((s) => ({
    element: s.selector,
    popover: { title, description: escapeHtml(s.text), align: 'center' },
  }));
  const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
  active = driver({
    steps: driveSteps,
    animate: !reduced,
    smoothScroll: !reduced,
    allowClose: true,
    allowKeyboardControl: false,
    overlayClickBehavior: 'close',
    stagePadding: 6,
    popoverClass: 'kahraba-tour',
    showProgress: true,
    showButtons: ['next', 'previous', 'close'],
    nextBtnText: escapeHtml(i18n._(msg`Next`)),
    prevBtnText: escapeHtml(i18n._(msg`Previous`)),
    doneBtnText: escapeHtml(i18n._(msg`Done`)),
    onHighlightStarted: (el) => {
      if (el && !saved.has(el))
        saved.set(
          el,
          ARIA.map((name) => el.getAttribute(name)),
        );
    },
    onHighlighted: restore,
    onPopoverRender: (popover, { state }) => {
      const n = (state.activeIndex ?? 0) + 1;
      const total = driveSteps.length;
      popover.progress.textContent = i18n._(msg`Step ${n} of ${total}`);
      // The close button is the tour's "Skip", a labelled text button after the step's own buttons.
      popover.closeButton.textContent = i18n._(msg`Skip the tour`);
      popover.closeButton.removeAttribute('aria-label');
      popover.footer.append(popover.closeButton);
      popover.wrapper.setAttribute('dir', rtl ? 'rtl' : 'ltr');
      popover.wrapper.setAttribute('aria-modal', 'true');
    },
    onDestroyed: () => {
      restore();
      window.scrollTo({ top: scrolledTo });
      window.removeEventListener('keyup', keys);
      active = undefined;
      onTourStop(undefined);
    },
  });
  window.addEventListener('keyup', keys);
  onTourStop(() => active?.destroy());
  active.drive();
}
