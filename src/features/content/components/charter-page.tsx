import { Trans } from '@lingui/react/macro';

/** The clients charter: a static content page (the layout of the privacy and about pages), in both languages. */
export function CharterPage() {
  return (
    <article>
      <h1 className="text-2xl font-bold">
        <Trans>Clients charter</Trans>
      </h1>
      <p className="mt-4">
        <Trans>
          This charter states what every client of the electricity distribution companies can expect from us, and what we ask in
          return.
        </Trans>
      </p>
      <h2 className="mt-6 text-xl font-semibold">
        <Trans>Our commitments</Trans>
      </h2>
      <ul className="mt-2 list-disc ps-6">
        <li>
          <Trans>Treat every client with respect and fairness, without discrimination.</Trans>
        </li>
        <li>
          <Trans>State each service's cost, papers and duration before you apply, and keep to them.</Trans>
        </li>
        <li>
          <Trans>Tell you of every change in your request's status, and explain every refusal.</Trans>
        </li>
        <li>
          <Trans>Keep your personal data private and use it only to serve you.</Trans>
        </li>
        <li>
          <Trans>Answer complaints promptly and tell you what was done about them.</Trans>
        </li>
      </ul>
      <h2 className="mt-6 text-xl font-semibold">
        <Trans>Your part</Trans>
      </h2>
      <ul className="mt-2 list-disc ps-6">
        <li>
          <Trans>Give true and complete data and papers.</Trans>
        </li>
        <li>
          <Trans>Pay bills and fees on time.</Trans>
        </li>
        <li>
          <Trans>Let our staff reach the meter for readings and inspection.</Trans>
        </li>
      </ul>
    </article>
  );
}
