import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useRef, useState } from 'react';
import type { TRequestDetail } from '../../../../contract/requests.ts';
import { errorMessages } from '../../../lib/error-display.ts';
import { newIdempotencyKey, useCancelRequest } from '../api/requests.ts';
import { Notice } from '../../../components/ui/notice.tsx';
import { RequestNumber } from './view-status.tsx';

/** Cancel while not final: asks first; the answer replaces the request on screen. */
export function CancelButton({ request }: { request: TRequestDetail }) {
  const { i18n } = useLingui();
  const [open, setOpen] = useState(false);
  const key = useRef(newIdempotencyKey());
  const cancel = useCancelRequest(request.serviceSlug, request.id);
  const keepRef = useRef<HTMLButtonElement>(null);
  const number = request.ID;
  return (
    <>
      <button type="button" className="btn-outline text-danger" onClick={() => setOpen(true)}>
        <Trans>Cancel the request</Trans>
      </button>
      <Dialog open={open} onClose={() => setOpen(false)} initialFocus={keepRef} className="relative z-50">
        <div className="fixed inset-0 bg-black/50" aria-hidden="true" />
        <div className="fixed inset-0 flex items-center justify-center p-4">
          <DialogPanel
            role="alertdialog"
            className="w-full max-w-md rounded-xl border border-line bg-card p-6 text-ink shadow-xl"
          >
            <DialogTitle className="text-xl font-bold">
              <Trans>Cancel this request?</Trans>
            </DialogTitle>
            <p className="mt-3">
              <Trans>
                Request <RequestNumber value={number} /> will be cancelled and will not be processed further. This cannot be
                undone.
              </Trans>
            </p>
            {cancel.isError && (
              <Notice tone="error" inline className="mt-3">
                {errorMessages(i18n, cancel.error).join(' ')}
              </Notice>
            )}
            <div className="mt-6 flex flex-wrap justify-end gap-3">
              <button ref={keepRef} type="button" className="btn-outline" onClick={() => setOpen(false)}>
                <Trans>Keep the request</Trans>
              </button>
              <button
                type="button"
                className="inline-flex min-h-11 items-center justify-center rounded-lg bg-danger px-4 font-semibold text-card disabled:opacity-60"
                disabled={cancel.isPending}
                onClick={() =>
                  cancel.mutate(
                    { key: key.current, body: {} },
                    {
                      onSuccess: () => {
                        setOpen(false);
                        key.current = newIdempotencyKey();
                      },
                    },
                  )
                }
              >
                <Trans>Yes, cancel it</Trans>
              </button>
            </div>
          </DialogPanel>
        </div>
      </Dialog>
    </>
  );
}
