import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState, type ReactNode } from 'react';
import { Icon } from '../../../components/icon.tsx';
import { useHydrated, useMediaQuery } from '../../../lib/hydrated.ts';
import type { TLang } from '../../../../contract/common.ts';
import { localDigits } from '../../../lib/locale.ts';

const ROTATE_MS = 6000;

/**
 * The home hero: three slides with the portal's figures. An accessible carousel (WAI-ARIA APG): a pause
 * control, previous/next buttons, arrow keys, rotation stops on hover or focus, and never moves on its own
 * when the user prefers reduced motion.
 */
export function HeroSlider({
  figures,
}: {
  /** Services counted from the catalog, clients in millions and centres (issue 26); the spec's until they come. */
  figures?: { services: number; clientsMillions: number; centres: number } | undefined;
}) {
  const { t, i18n } = useLingui();
  const lang = i18n.locale as TLang;
  // The server's frame (decision 031) does not know: it starts paused, as for reduced motion.
  const reduced = useMediaQuery('(prefers-reduced-motion: reduce)', true);
  const [index, setIndex] = useState(0);
  // Reduced motion: start paused; the user may still start the rotation.
  const [pausedByUser, setPaused] = useState<boolean>();
  const paused = pausedByUser ?? reduced;
  const [hovering, setHovering] = useState(false);
  // Its buttons wait for the app on a page the server drew: a press before then would do nothing.
  const hydrated = useHydrated();
  const slides: { stat: number; title: ReactNode; text: ReactNode }[] = [
    {
      stat: figures?.services ?? 24,
      title: <Trans>e-services</Trans>,
      text: <Trans>Request, follow and pay for electricity services from home.</Trans>,
    },
    {
      stat: figures?.clientsMillions ?? 6,
      title: <Trans>million clients</Trans>,
      text: <Trans>Citizens across Egypt already use the portal and the app.</Trans>,
    },
    {
      stat: figures?.centres ?? 400,
      title: <Trans>service centers</Trans>,
      text: <Trans>Find the nearest branch of your distribution company.</Trans>,
    },
  ];
  const count = slides.length;
  const rotating = !paused && !hovering;

  useEffect(() => {
    if (!rotating) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % count), ROTATE_MS);
    return () => clearInterval(timer);
  }, [rotating, count]);

  const go = (delta: number) => setIndex((i) => (i + delta + count) % count);
  const slide = slides[index]!;
  const position = index + 1;

  return (
    <section
      aria-roledescription={t`carousel`}
      aria-label={t`Portal highlights`}
      className="relative overflow-hidden rounded-2xl bg-brand text-brand-ink"
      onMouseEnter={() => setHovering(true)}
      onMouseLeave={() => setHovering(false)}
      onFocus={() => setHovering(true)}
      onBlur={() => setHovering(false)}
      onKeyDown={(e) => {
        const rtl = document.documentElement.dir === 'rtl';
        if (e.key === 'ArrowRight') go(rtl ? -1 : 1);
        if (e.key === 'ArrowLeft') go(rtl ? 1 : -1);
      }}
    >
      <div aria-live={rotating ? 'off' : 'polite'} className="min-h-44 px-6 py-8 sm:px-10">
        <div role="group" aria-roledescription={t`slide`} aria-label={t`${position} of ${count}`}>
          {/* The figure sits at the start of the line like the text under it; "+24" keeps its sign before it. */}
          <p className="text-4xl font-extrabold sm:text-5xl">
            <bdi dir="ltr">+{localDigits(lang, slide.stat)}</bdi>
          </p>
          <p className="mt-1 text-xl font-semibold">{slide.title}</p>
          <p className="mt-2 max-w-xl opacity-90">{slide.text}</p>
        </div>
      </div>
      <div className="flex items-center gap-2 px-4 pb-4 sm:px-8">
        <button
          type="button"
          className="icon-button bg-black/15"
          disabled={!hydrated}
          onClick={() => setPaused(!paused)}
          aria-label={paused ? t`Start slide rotation` : t`Pause slide rotation`}
        >
          <Icon name={paused ? 'play' : 'pause'} className="size-5" />
        </button>
        <button
          type="button"
          className="icon-button bg-black/15"
          disabled={!hydrated}
          onClick={() => go(-1)}
          aria-label={t`Previous slide`}
        >
          <Icon name="chevron" className="size-5 ltr:rotate-180" />
        </button>
        <button
          type="button"
          className="icon-button bg-black/15"
          disabled={!hydrated}
          onClick={() => go(1)}
          aria-label={t`Next slide`}
        >
          <Icon name="chevron" className="size-5 rtl:rotate-180" />
        </button>
        <div className="ms-2 flex gap-1" aria-hidden="true">
          {slides.map((_, i) => (
            <span key={i} className={`block h-2 rounded-full ${i === index ? 'w-6 bg-current' : 'w-2 bg-current opacity-50'}`} />
          ))}
        </div>
      </div>
    </section>
  );
}
