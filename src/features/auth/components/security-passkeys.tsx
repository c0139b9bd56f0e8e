import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { TLang } from '../../../../contract/common.ts';
import { Field } from '../../../components/ui/field.tsx';
import { formatDate, isolateLtr } from '../../../lib/text/format.ts';
import { passkeyOptions, passkeyRegister, passkeyRemove } from '../api/auth.ts';
import { ConfirmRemoval, type SecurityCardProps } from './security-parts.tsx';

/** The security keys and passkeys (WebAuthn) card of the security section: the list, removal, and adding one. */
export function PasskeysCard({ id, ...p }: SecurityCardProps & { id: string }) {
  const { t, i18n } = useLingui();
  const { user, busy, run, confirming, setConfirming } = p;
  const [keyName, setKeyName] = useState('');
  const passkeys = user.mfa.passkeys;

  const addPasskey = () =>
    run(
      'passkey-add',
      async () => {
        const { options } = await passkeyOptions(user);
        const { startRegistration } = await import('@simplewebauthn/browser');
        // Cast, not a link: the contract's options are the WebAuthn JSON the library takes, without the DOM types.
        const response = await startRegistration({ optionsJSON: options as never });
        const updated = await passkeyRegister(
          user,
          keyName.trim() || t`Security key`,
          response as unknown as Record<string, unknown>,
        );
        setKeyName('');
        return updated;
      },
      t`The security key or passkey was added.`,
    );

  return (
    <div className="rounded-xl border border-line bg-card p-4 sm:p-6">
      <h3 className="text-lg font-semibold">
        <Trans>Security keys and passkeys</Trans>
      </h3>
      {passkeys.length === 0 ? (
        <p className="mt-1">
          <Trans>None yet. A passkey lets you confirm sign-in with your fingerprint, face, screen lock or a USB key.</Trans>
        </p>
      ) : (
        <ul className="mt-2 grid gap-2">
          {passkeys.map((k) => {
            // A name someone typed keeps its own direction inside the label (first-strong isolate).
            const keyName = isolateLtr(k.name);
            const added = formatDate(i18n.locale as TLang, k.createdAt);
            return (
              <li key={k.id} className="flex flex-wrap items-center gap-3 rounded-lg border border-line p-3">
                <span className="flex-1">
                  <span className="block font-medium" dir="auto">
                    {k.name}
                  </span>
                  <span className="block text-sm text-ink-muted">
                    <Trans>Added {added}</Trans>
                  </span>
                </span>
                <button
                  type="button"
                  className="btn-outline"
                  aria-label={t`Remove ${keyName}`}
                  disabled={busy !== null}
                  aria-expanded={confirming === k.id}
                  onClick={() => setConfirming(k.id)}
                >
                  <Trans>Remove</Trans>
                </button>
                {confirming === k.id && (
                  <ConfirmRemoval
                    onConfirm={() => {
                      setConfirming(null);
                      void run(
                        // eslint-disable-next-line lingui/no-unlocalized-strings -- a state name, not interface text
                        `passkey-remove:${k.id}`,
                        () => passkeyRemove(user, k.id),
                        t`The security key or passkey was removed.`,
                      );
                    }}
                    onCancel={() => setConfirming(null)}
                  />
                )}
              </li>
            );
          })}
        </ul>
      )}
      <div className="mt-4 grid gap-3 sm:max-w-sm">
        <Field id={`${id}-key-name`} label={<Trans>Name (optional)</Trans>}>
          <input className="input" dir="auto" maxLength={60} value={keyName} onChange={(e) => setKeyName(e.target.value)} />
        </Field>
        <button type="button" className="btn-primary" onClick={() => void addPasskey()} disabled={busy !== null}>
          {busy === 'passkey-add' ? <Trans>Waiting for the security key…</Trans> : <Trans>Add a security key or passkey</Trans>}
        </button>
      </div>
    </div>
  );
}
