import { Link } from '@tanstack/react-router';
import { Trans } from '@lingui/react/macro';
import { useEffect, useId, useRef, useState } from 'react';
import { openNoor } from '../features/assistant/open-noor.ts';
import { startTour, useCurrentTour } from '../features/tour/page-tour.ts';
import { Icon } from './icon.tsx';

/*
 * The header's help menu (citizen build; decision 073): the tour of the page on screen where it has one (replayed
 * whenever asked), Noor, the help page, the FAQ and the contact form. A disclosure: a button that opens a list of
 * links and buttons, in the folded menu on a phone and as a drop-down beside the menu's links from the `md` width.
 * Escape or a press outside closes it.
 */
export function HelpMenu({ onChoose }: { onChoose: () => void }) {
  const tour = useCurrentTour();
  const [open, setOpen] = useState(false);
  const id = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!open) return;
    const outside = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [open]);
  const choose = (then?: () => void) => {
    setOpen(false);
    onChoose();
    then?.();
  };
  return (
    <div
      ref={root}
      className="md:relative"
      onKeyDown={(e) => {
        if (e.key === 'Escape' && open) {
          e.stopPropagation();
          setOpen(false);
          button.current?.focus();
        }
      }}
    >
      <button
        ref={button}
        type="button"
        className="nav-link gap-1"
        aria-expanded={open}
        aria-controls={id}
        data-testid="help-menu"
        onClick={() => setOpen((o) => !o)}
      >
        <Trans>Help</Trans>
        <Icon name="chevron" className={`size-4 ${open ? '-rotate-90' : 'rotate-90'}`} />
      </button>
      <ul
        id={id}
        hidden={!open}
        className={`${open ? 'flex' : 'hidden'} flex-col gap-1 ps-4 md:absolute md:end-0 md:top-full md:z-40 md:w-60 md:rounded-lg md:border md:border-line md:bg-card md:p-2 md:shadow-lg`}
      >
        {tour && (
          <li>
            <button type="button" className="nav-link w-full text-start" onClick={() => choose(() => void startTour(tour))}>
              <Trans>Tour of this page</Trans>
            </button>
          </li>
        )}
        <li>
          <button type="button" className="nav-link w-full text-start" onClick={() => choose(openNoor)}>
            <Trans>Ask Noor</Trans>
          </button>
        </li>
        <li>
          <Link to="/help" className="nav-link" onClick={() => choose()}>
            <Trans>Using the portal</Trans>
          </Link>
        </li>
        <li>
          <Link to="/faq" className="nav-link" onClick={() => choose()}>
            <Trans>Frequently asked questions</Trans>
          </Link>
        </li>
        <li>
          <Link to="/contact" className="nav-link" onClick={() => choose()}>
            <Trans>Contact us</Trans>
          </Link>
        </li>
      </ul>
    </div>
  );
}
