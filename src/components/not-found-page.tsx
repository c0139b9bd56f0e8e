import { Link } from '@tanstack/react-router';
import { Trans } from '@lingui/react/macro';

export function NotFoundPage() {
  return (
    <section aria-labelledby="not-found-title" className="py-16 text-center">
      <h1 id="not-found-title" className="text-2xl font-bold">
        <Trans>Page not found</Trans>
      </h1>
      <p className="mt-2 text-ink-muted">
        <Trans>The page or item you are looking for was not found.</Trans>
      </p>
      <Link to="/" className="mt-6 inline-flex min-h-11 items-center rounded-md bg-brand px-4 text-white">
        <Trans>Go home</Trans>
      </Link>
    </section>
  );
}
