import { Trans } from '@lingui/react/macro';
import { useEffect, useRef } from 'react';
import type { TCurrentUser } from '../../../../contract/identity.ts';

/** What the security section is busy with (one thing at a time). */
export type Busy = null | 'totp-setup' | 'totp-confirm' | 'totp-remove' | 'passkey-add' | `passkey-remove:${string}`;

/** What the security section's cards share: the user, one action at a time, and the removal question. */
export type SecurityCardProps = {
  user: TCurrentUser;
  busy: Busy;
  /** Runs an action: the section shows its error or its success text and takes the updated user. */
  run: (what: Exclude<Busy, null>, action: () => Promise<TCurrentUser | void>, success?: string) => Promise<void>;
  /** 'totp' or a passkey's id while "Remove it?" is asked. */
  confirming: string | null;
  setConfirming: (what: string | null) => void;
};

/** The second question before a sign-in step is removed: focus goes to it, and Cancel is the safe default. */
export function ConfirmRemoval({ onConfirm, onCancel }: { onConfirm: () => void; onCancel: () => void }) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  useEffect(() => cancelRef.current?.focus(), []);
  return (
    <div className="mt-3 w-full rounded-lg border border-line bg-surface p-3">
      <p>
        <Trans>Remove it? Signing in will no longer ask for it.</Trans>
      </p>
      <div className="mt-2 flex flex-wrap gap-2">
        <button type="button" className="btn-primary" onClick={onConfirm}>
          <Trans>Yes, remove it</Trans>
        </button>
        <button type="button" ref={cancelRef} className="btn-outline" onClick={onCancel}>
          <Trans>Cancel</Trans>
        </button>
      </div>
    </div>
  );
}
