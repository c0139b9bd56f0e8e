import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { Icon } from '../icon.tsx';

/*
 * The one pager (docs/decisions/042-a-small-ui-kit.md): previous and next around "page N of M", inside a
 * `<nav>` named by the caller ("Bill history pages"). With `onPage` the controls are buttons (disabled at the
 * ends); without it they are links to this address with `?page=N` (page 1 without it), so a page the server
 * draws pages before its JavaScript runs. The chevrons point the way the reading direction goes.
 */

type PagerProps = {
  /** The current page, from 1. */
  page: number;
  /** How many pages there are; nothing is drawn for one. */
  pages: number;
  /** The `<nav>`'s accessible name: what is paged ("News pages"). */
  label: string;
  onPage?: ((page: number) => void) | undefined;
};

/** How many pages `total` items make at `pageSize` a page: at least one. */
export const pageCount = (total: number, pageSize: number): number => Math.max(1, Math.ceil(total / pageSize));

const chevron = (towards: 'previous' | 'next') => (
  // "flip" mirrors it in right-to-left; the previous one is the next one turned round.
  <Icon name="chevron" className={`flip size-5 ${towards === 'previous' ? 'rotate-180' : ''}`} />
);

export function Pager({ page, pages, label, onPage }: PagerProps) {
  if (pages <= 1) return null;
  const step = (to: number, towards: 'previous' | 'next', text: ReactNode) => {
    const content =
      towards === 'previous' ? (
        <>
          {chevron(towards)}
          {text}
        </>
      ) : (
        <>
          {text}
          {chevron(towards)}
        </>
      );
    const outOfRange = to < 1 || to > pages;
    if (onPage)
      return (
        <button type="button" className="btn-outline" disabled={outOfRange} onClick={() => onPage(to)}>
          {content}
        </button>
      );
    // A link cannot be disabled: at the ends there is none.
    if (outOfRange) return null;
    return (
      <Link
        to="."
        search={(prev) => ({ ...prev, page: to === 1 ? undefined : to })}
        // Another page of this address is not the current page (no aria-current): its search must match exactly.
        activeOptions={{ exact: true }}
        className="btn-outline"
      >
        {content}
      </Link>
    );
  };
  return (
    <nav aria-label={label} className="flex flex-wrap items-center justify-center gap-3" data-testid="pager">
      {step(page - 1, 'previous', <Trans>Previous</Trans>)}
      <span aria-live="polite">
        <Trans>
          Page {page} of {pages}
        </Trans>
      </span>
      {step(page + 1, 'next', <Trans>Next</Trans>)}
    </nav>
  );
}
