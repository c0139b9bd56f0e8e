import { Trans } from '@lingui/react/macro';
import { lazy, Suspense, useRef, useState } from 'react';
import { loadAssistantMessages } from '../../../lib/i18n.ts';

/*
 * Noor's button on every page (issue 27, decision 068). The conversation panel is a chunk of its own, loaded
 * when the button is first pressed: the home page's budget carries this button only.
 */
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
  return (
    <>
      {!open && (
        <button
          ref={button}
          type="button"
          data-testid="noor-open"
          aria-haspopup="dialog"
          aria-expanded={false}
          className="btn-primary fixed bottom-4 end-4 z-30 rounded-full shadow-lg print:hidden"
          onClick={() => {
            setLoaded(true);
            setOpen(true);
          }}
        >
          <Trans>Ask Noor</Trans>
        </button>
      )}
      {loaded && (
        <Suspense fallback={null}>
          <NoorPanel open={open} onClose={close} />
        </Suspense>
      )}
    </>
  );
}
