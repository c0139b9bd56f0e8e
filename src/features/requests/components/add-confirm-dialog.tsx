import { useRef } from 'react';
import { Trans } from '@lingui/react/macro';
import { AlertDialog } from '../../../components/alert-dialog.tsx';

/** Asks before something that cannot be undone (Reset, Delete a draft); "Cancel" has the focus. */
export function ConfirmDialog({
  title,
  body,
  confirmLabel,
  onConfirm,
  onCancel,
}: {
  title: string;
  body: string;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  return (
    <AlertDialog title={title} text={body} onDismiss={onCancel} safeRef={cancelRef}>
      <div className="mt-6 flex flex-wrap justify-end gap-3">
        <button type="button" className="btn-outline" onClick={onConfirm}>
          {confirmLabel}
        </button>
        <button ref={cancelRef} type="button" className="btn-primary" onClick={onCancel}>
          <Trans>Cancel</Trans>
        </button>
      </div>
    </AlertDialog>
  );
}
