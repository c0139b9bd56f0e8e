import { Trans } from '@lingui/react/macro';

export function PrivacyPage() {
  return (
    <article>
      <h1 className="text-2xl font-bold">
        <Trans>Privacy policy</Trans>
      </h1>
      <p className="mt-4">
        <Trans>This policy explains which personal data the portal keeps, why, and what rights you have.</Trans>
      </p>
      <h2 className="mt-6 text-xl font-semibold">
        <Trans>What we keep</Trans>
      </h2>
      <ul className="mt-2 list-disc ps-6">
        <li>
          <Trans>Account data: name, national ID, mobile number, e-mail address and address.</Trans>
        </li>
        <li>
          <Trans>Service data: your requests, meters, readings, bills and payments.</Trans>
        </li>
        <li>
          <Trans>Technical data: error reports and time spent on pages, to improve the portal.</Trans>
        </li>
      </ul>
      <h2 className="mt-6 text-xl font-semibold">
        <Trans>How we use it</Trans>
      </h2>
      <p className="mt-2">
        <Trans>
          Only to provide the services you ask for, to contact you about them, and as the law requires. We never sell your data.
          Card details are entered on the payment gateway's page and never reach our servers.
        </Trans>
      </p>
      <h2 className="mt-6 text-xl font-semibold">
        <Trans>Your rights</Trans>
      </h2>
      <p className="mt-2">
        <Trans>
          You can see and correct your data in your profile, and ask us through the contact page to delete an account you no
          longer use.
        </Trans>
      </p>
      <h2 className="mt-6 text-xl font-semibold">
        <Trans>Data kept on your device</Trans>
      </h2>
      <p className="mt-2">
        <Trans>
          So that the portal works offline, pages you visited, drafts and readings waiting to be sent are kept in your browser's
          storage. Signing out removes your private data from the device.
        </Trans>
      </p>
    </article>
  );
}
