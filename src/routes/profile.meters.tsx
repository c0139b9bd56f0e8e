import { Link, createFileRoute } from '@tanstack/react-router';
import { Trans } from '@lingui/react/macro';

/** My meters (spec section 2): the section arrives with the meters feature; until then it says so. */
export const Route = createFileRoute('/profile/meters')({
  component: MetersPage,
});

function MetersPage() {
  return (
    <section aria-labelledby="meters-title" className="mx-auto max-w-3xl">
      <h1 id="meters-title" className="text-2xl font-bold">
        <Trans>My meters</Trans>
      </h1>
      <div className="mt-4 rounded-xl border border-line bg-card p-4">
        <p>
          <Trans>
            Adding and managing your meters will be available here soon. Meanwhile, you can use the meter services from the
            services list.
          </Trans>
        </p>
        <div className="mt-3 flex flex-wrap gap-3">
          <Link to="/services" className="btn-primary">
            <Trans>Services</Trans>
          </Link>
          <Link to="/profile" className="btn-outline">
            <Trans>My profile</Trans>
          </Link>
        </div>
      </div>
    </section>
  );
}
