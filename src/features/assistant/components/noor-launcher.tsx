import { Trans } from '@lingui/react/macro';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { loadAssistantMessages } from '../../../lib/i18n.ts';
import { OPEN_NOOR_EVENT } from '../open-noor.ts';
import { Icon } from '../../../components/icon.tsx';

/*
 * Noor's button on every page (issue 27, decision 068). The conversation panel is a chunk of its own, loaded
 * when the button is first pressed: the home page's budget carries this button only. The help menu opens it too.
 *
 * On a phone it sits in a bar of its own at the bottom of the screen (decision 073): the floating pill hid whatever
 * line sat under it (the walk found the home page's "All services" under it). The bar is a boundary like the header:
 * what is beyond it scrolls into view, the focused element lands above it (the page's scroll padding), and the footer
 * keeps its room below its last line. Wider, the button floats at the end. Both stand above the prompts fixed at the
 * bottom (`--bottom-stack`, pwa-banners.tsx).
 */
// A speech bubble.
const BUBBLE =
  'M4 3h16a2 2 0 0 1 2 2v11a2 2 0 0 1-2 2H9l-5 4v-4a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2Zm3 6v2h2V9H7Zm4 0v2h2V9h-2Zm4 0v2h2V9h-2Z';
const NoorPanel = lazy(() =>
  Promise.all([import('./noor-panel.tsx'), loadAssistantMessages()]).then(([m]) => ({ default: m.NoorPanel })),
);

export function NoorLauncher() {
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const close = () => {
    setOpen(false);
    button.current?.focus();
  };
  useEffect(() => {
    const show = () => {
      setLoaded(true);
      setOpen(true);
    };
    window.addEventListener(OPEN_NOOR_EVENT, show);
    return () => window.removeEventListener(OPEN_NOOR_EVENT, show);
  }, []);
  return (
    <>
      {!open && (
        // On a phone a bar of its own at the bottom of the screen, whose room the page keeps; wider, a button that floats.
        <div className="fixed inset-x-0 bottom-[var(--bottom-stack,0px)] z-30 flex justify-end border-t border-line bg-card px-4 py-1 sm:contents print:hidden">
          <button
            ref={button}
            type="button"
            data-testid="noor-open"
            data-tour="noor"
            aria-haspopup="dialog"
            aria-expanded={false}
            className="btn-primary rounded-full sm:fixed sm:end-4 sm:bottom-[calc(var(--bottom-stack,0px)+1rem)] sm:shadow-lg"
            onClick={() => {
              setLoaded(true);
              setOpen(true);
            }}
          >
            <Icon d={BUBBLE} className="size-5" />
            <Trans>Ask Noor</Trans>
          </button>
        </div>
      )}
      {loaded && (
        <Suspense fallback={null}>
          <NoorPanel open={open} onClose={close} />
        </Suspense>
      )}
    </>
  );
}
